import { ChatView } from "@/components/chat/chat-view";
import { ChatSidebar } from "@/components/chat-sidebar";
import { getComponentStatuses } from "@/lib/ai/status";
import { listChats } from "@/lib/db/chats";
import { requirePageUser } from "../(auth)/auth";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await requirePageUser();
  const [chats, statuses] = await Promise.all([listChats(user.id), getComponentStatuses()]);
  return (
    <>
      <ChatSidebar chats={chats} statuses={statuses} />
      <ChatView key="new" initialTurns={[]} />
    </>
  );
}
