import { ChatView } from "@/components/chat/chat-view";
import { ImportedLawsProvider } from "@/components/chat/imported-laws";
import { ChatSidebar, MobileChatList } from "@/components/chat-sidebar";
import { getComponentStatusesFor } from "@/lib/ai/status";
import { deskData } from "@/lib/chat/desk-data";
import { parseStoredFilters } from "@/lib/chat/filters-schema";
import { listChats } from "@/lib/db/chats";
import { listMatters } from "@/lib/db/matters";
import { requirePageUser } from "../(auth)/auth";

export const dynamic = "force-dynamic";

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  // "이 조건으로 질문하기" on the search page opens a new chat with the search's filters.
  const raw = (await searchParams).filters;
  const initialFilters = parseStoredFilters(typeof raw === "string" ? raw.slice(0, 4_000) : undefined);
  const [chats, matters, statuses, desk] = await Promise.all([
    listChats(user.id),
    listMatters(user.id),
    getComponentStatusesFor(user.role),
    deskData(),
  ]);
  return (
    // The desk fills the window under the header: its panes scroll, the question box stays.
    <div className="flex h-[calc(100dvh-3.5rem)] min-w-0 flex-1 print:h-auto">
      <ChatSidebar chats={chats} matters={matters} statuses={statuses} />
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <MobileChatList chats={chats} matters={matters} />
        <ImportedLawsProvider laws={desk.laws}>
          <ChatView
            key="new"
            initialTurns={[]}
            corpora={desk.searchable}
            corpusNames={desk.corpusNames}
            filterOptions={desk.filterOptions}
            initialFilters={initialFilters}
            role={user.role}
          />
        </ImportedLawsProvider>
      </div>
    </div>
  );
}
