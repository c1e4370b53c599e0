"use client";

import Link from "next/link";

/**
 * "Back to the answer": the chat the citation was followed from. A page opened without one (a
 * shared link, a new tab) goes back in history when there is history, else to a new chat.
 */
export function BackToAnswer({ chatId }: { chatId?: string }) {
  const className = "shrink-0 whitespace-nowrap text-sm text-accent hover:underline";
  if (chatId) {
    return (
      <Link href={`/chat/${chatId}`} className={className} data-testid="back-to-answer" data-print="hide">
        ← 답변으로 돌아가기
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      data-testid="back-to-answer"
      data-print="hide"
      onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign("/"))}
    >
      ← 뒤로
    </button>
  );
}
