import Link from "next/link";
import type { ComponentStatus } from "@/lib/ai/status";
import { ChatList, type ChatListProps } from "./chat-list/chat-list";
import { StatusPanel } from "./status-panel";

/** On narrow screens the chat list folds into a bar above the conversation. */
export function MobileChatList({ chats, matters, activeId }: ChatListProps) {
  return (
    <details className="border-b border-line bg-white md:hidden">
      <summary className="flex cursor-pointer items-center justify-between px-4 py-2 text-sm">
        <span>대화 기록 ({chats.length})</span>
        <Link href="/" className="text-accent">
          + 새 대화
        </Link>
      </summary>
      <div className="max-h-[60vh] overflow-y-auto pb-2">
        <ChatList chats={chats} matters={matters} activeId={activeId} />
      </div>
    </details>
  );
}

export function ChatSidebar({ chats, matters, statuses, activeId }: ChatListProps & { statuses: ComponentStatus[] }) {
  return (
    <aside
      className="hidden min-h-0 w-64 shrink-0 flex-col border-r border-line bg-white md:flex"
      aria-label="대화 목록"
    >
      <div className="p-3">
        <Link
          href="/"
          data-testid="new-chat"
          className="block rounded-md border border-line px-3 py-2 text-center text-sm font-medium hover:border-accent"
        >
          + 새 대화
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ChatList chats={chats} matters={matters} activeId={activeId} />
      </div>
      <div className="p-3">
        <StatusPanel statuses={statuses} />
      </div>
    </aside>
  );
}
