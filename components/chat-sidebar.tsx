import Link from "next/link";
import type { ComponentStatus } from "@/lib/ai/status";
import type { ChatSummary } from "@/lib/db/chats";
import { StatusPanel } from "./status-panel";

const dateFormat = new Intl.DateTimeFormat("ko-KR", { month: "long", day: "numeric", timeZone: "Asia/Seoul" });

function ChatLinks({ chats, activeId }: { chats: ChatSummary[]; activeId?: string }) {
  if (chats.length === 0) {
    return (
      <p className="px-4 text-sm text-muted" data-testid="chat-list-empty">
        아직 대화가 없습니다. 첫 질문을 남기면 여기에 기록됩니다.
      </p>
    );
  }
  return (
    <ul data-testid="chat-list">
      {chats.map((chat) => (
        <li key={chat.id}>
          <Link
            href={`/chat/${chat.id}`}
            aria-current={chat.id === activeId ? "page" : undefined}
            className={`block px-4 py-2 text-sm hover:bg-paper ${chat.id === activeId ? "bg-accent-soft" : ""}`}
          >
            <span className="block truncate">{chat.title}</span>
            <span className="text-xs text-muted">{dateFormat.format(chat.updatedAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** On narrow screens the chat list folds into a bar above the conversation. */
export function MobileChatList({ chats, activeId }: { chats: ChatSummary[]; activeId?: string }) {
  return (
    <details className="border-b border-line bg-white md:hidden">
      <summary className="flex cursor-pointer items-center justify-between px-4 py-2 text-sm">
        <span>대화 기록 ({chats.length})</span>
        <Link href="/" className="text-accent">
          + 새 대화
        </Link>
      </summary>
      <div className="max-h-64 overflow-y-auto pb-2">
        <ChatLinks chats={chats} activeId={activeId} />
      </div>
    </details>
  );
}

export function ChatSidebar({
  chats,
  statuses,
  activeId,
}: {
  chats: ChatSummary[];
  statuses: ComponentStatus[];
  activeId?: string;
}) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-line bg-white md:flex" aria-label="대화 목록">
      <div className="p-3">
        <Link
          href="/"
          data-testid="new-chat"
          className="block rounded-md border border-line px-3 py-2 text-center text-sm font-medium hover:border-accent"
        >
          + 새 대화
        </Link>
      </div>
      <h2 className="px-4 pb-1 text-xs font-semibold text-muted">대화 기록</h2>
      <div className="flex-1 overflow-y-auto">
        <ChatLinks chats={chats} activeId={activeId} />
      </div>
      <div className="p-3">
        <StatusPanel statuses={statuses} />
      </div>
    </aside>
  );
}
