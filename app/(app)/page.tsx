import { ChatView } from "@/components/chat/chat-view";
import { ChatSidebar, MobileChatList } from "@/components/chat-sidebar";
import { getComponentStatusesFor } from "@/lib/ai/status";
import { listChats } from "@/lib/db/chats";
import { listCorpora } from "@/lib/db/corpora";
import { requirePageUser } from "../(auth)/auth";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await requirePageUser();
  const [chats, statuses, corpora] = await Promise.all([
    listChats(user.id),
    getComponentStatusesFor(user.role),
    listCorpora(),
  ]);
  const searchable = corpora
    .filter((c) => c.documentCount > 0)
    .map(({ id, name, documentCount }) => ({ id, name, documentCount }));
  return (
    <>
      <ChatSidebar chats={chats} statuses={statuses} />
      <div className="flex min-w-0 flex-1 flex-col">
        <MobileChatList chats={chats} />
        <ChatView key="new" initialTurns={[]} corpora={searchable} />
      </div>
    </>
  );
}
