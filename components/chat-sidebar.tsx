import Link from "next/link";
import type { ChatSummary } from "@/lib/db/chats";

const dateFormat = new Intl.DateTimeFormat("ko-KR", { month: "long", day: "numeric", timeZone: "Asia/Seoul" });

export function ChatSidebar({ chats }: { chats: ChatSummary[] }) {
  return (
    <aside className="hidden w-64 shrink-0 border-r border-line bg-white md:block" aria-label="대화 목록">
      <div className="p-4">
        <h2 className="text-sm font-semibold text-muted">대화 기록</h2>
      </div>
      {chats.length === 0 ? (
        <p className="px-4 text-sm text-muted" data-testid="chat-list-empty">
          아직 대화가 없습니다. 첫 질문을 남기면 여기에 기록됩니다.
        </p>
      ) : (
        <ul data-testid="chat-list">
          {chats.map((chat) => (
            <li key={chat.id}>
              <Link href={`/chat/${chat.id}`} className="block px-4 py-2 text-sm hover:bg-paper">
                <span className="block truncate">{chat.title}</span>
                <span className="text-xs text-muted">{dateFormat.format(chat.updatedAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
