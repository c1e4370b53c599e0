import { notFound } from "next/navigation";
import { ChatView, type Turn } from "@/components/chat/chat-view";
import { ImportedLawsProvider } from "@/components/chat/imported-laws";
import { ChatSidebar, MobileChatList } from "@/components/chat-sidebar";
import { getComponentStatusesFor } from "@/lib/ai/status";
import { deskData } from "@/lib/chat/desk-data";
import { parseStoredFilters } from "@/lib/chat/filters-schema";
import { stateFromStored } from "@/lib/chat/state";
import { findOwnChat, listChats } from "@/lib/db/chats";
import { listMatters } from "@/lib/db/matters";
import { requirePageUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  // Another user's chat is indistinguishable from a missing one.
  const chat = await findOwnChat(user.id, id);
  if (!chat) notFound();
  const [chats, matters, statuses, desk] = await Promise.all([
    listChats(user.id),
    listMatters(user.id),
    getComponentStatusesFor(user.role),
    deskData(),
  ]);
  const turns: Turn[] = [];
  for (const m of chat.messages) {
    if (m.role === "user") turns.push({ key: m.id, question: m.content, state: stateFromStored("", "complete", null) });
    else if (turns.length > 0) {
      const last = turns[turns.length - 1] as Turn;
      last.messageId = m.id;
      last.state = stateFromStored(m.content, m.status, m.trace);
    }
  }
  return (
    // The desk fills the window under the header: its panes scroll, the question box stays.
    <div className="flex h-[calc(100dvh-3.5rem)] min-w-0 flex-1 print:h-auto">
      <ChatSidebar chats={chats} matters={matters} statuses={statuses} activeId={chat.id} />
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <MobileChatList chats={chats} matters={matters} activeId={chat.id} />
        <ImportedLawsProvider laws={desk.laws}>
          <ChatView
            key={chat.id}
            chatId={chat.id}
            initialTurns={turns}
            corpora={desk.searchable}
            corpusNames={desk.corpusNames}
            initialFilters={parseStoredFilters(chat.filters)}
            filterOptions={desk.filterOptions}
            role={user.role}
            strategy={chat.strategy}
          />
        </ImportedLawsProvider>
      </div>
    </div>
  );
}
