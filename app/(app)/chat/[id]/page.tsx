import { notFound } from "next/navigation";
import { ChatView, type Turn } from "@/components/chat/chat-view";
import { ChatSidebar, MobileChatList } from "@/components/chat-sidebar";
import { getComponentStatusesFor } from "@/lib/ai/status";
import { stateFromStored } from "@/lib/chat/state";
import { findOwnChat, listChats } from "@/lib/db/chats";
import { listCorpora } from "@/lib/db/corpora";
import { requirePageUser } from "../../../(auth)/auth";

export const dynamic = "force-dynamic";

export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  // Another user's chat is indistinguishable from a missing one.
  const chat = await findOwnChat(user.id, id);
  if (!chat) notFound();
  const [chats, statuses, corpora] = await Promise.all([
    listChats(user.id),
    getComponentStatusesFor(user.role),
    listCorpora(),
  ]);
  const searchable = corpora
    .filter((c) => c.documentCount > 0)
    .map(({ id, name, documentCount }) => ({ id, name, documentCount }));
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
    <>
      <ChatSidebar chats={chats} statuses={statuses} activeId={chat.id} />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileChatList chats={chats} activeId={chat.id} />
        <ChatView key={chat.id} chatId={chat.id} initialTurns={turns} corpora={searchable} strategy={chat.strategy} />
      </div>
    </>
  );
}
