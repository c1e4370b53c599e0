"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteChatAction, moveChatAction, renameChatAction } from "@/app/(app)/chat/manage-actions";
import { ConfirmButton } from "@/components/confirm-button";
import type { ChatSummary } from "@/lib/db/chats";
import type { MatterRecord } from "@/lib/db/matters";
import type { ActionResult } from "@/lib/errors";
import { formatKoreanDate } from "@/lib/util/korean-time";

const OFFLINE = { ok: false as const, message: "서버에 연결할 수 없습니다." };

/** One chat in the list, with its ⋯ menu: rename, file under a matter, delete (asked twice). */
export function ChatRow({
  chat,
  matters,
  active,
  note,
}: {
  chat: ChatSummary;
  matters: MatterRecord[];
  active: boolean;
  /** A line under the title (a search hit's matching question). */
  note?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(chat.title);
  const [error, setError] = useState<string>();

  async function run(work: () => Promise<ActionResult<null>>, after: () => void = () => router.refresh()) {
    setError(undefined);
    const r = await work().catch(() => OFFLINE);
    if (!r.ok) return setError(r.message);
    after();
  }

  return (
    <li data-testid="chat-item" data-chat-id={chat.id} className={active ? "bg-accent-soft" : ""}>
      <div className="group flex items-start">
        <Link
          href={`/chat/${chat.id}`}
          aria-current={active ? "page" : undefined}
          data-testid="chat-link"
          className="block min-w-0 flex-1 px-4 py-2 text-sm hover:bg-paper"
        >
          <span className="block truncate" data-testid="chat-title">
            {chat.title}
          </span>
          {note ? <span className="block truncate text-xs text-ink/80">“{note}”</span> : null}
          <span className="text-xs text-muted">{formatKoreanDate(chat.updatedAt, "monthDay")}</span>
        </Link>
        <button
          type="button"
          data-testid="chat-menu"
          aria-expanded={open}
          aria-label={`${chat.title} 대화 관리`}
          className="px-2 py-2 text-muted hover:text-ink"
          onClick={() => {
            setTitle(chat.title);
            setError(undefined);
            setOpen((v) => !v);
          }}
        >
          ⋯
        </button>
      </div>
      {open ? (
        <div className="space-y-2 border-y border-line bg-paper px-4 py-2 text-xs" data-testid="chat-menu-panel">
          <form
            className="flex gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              void run(
                () => renameChatAction(chat.id, title),
                () => {
                  setOpen(false);
                  router.refresh();
                },
              );
            }}
          >
            <label className="sr-only" htmlFor={`rename-${chat.id}`}>
              대화 제목
            </label>
            <input
              id={`rename-${chat.id}`}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="chat-rename-input"
              className="min-w-0 flex-1 rounded border border-line bg-white px-2 py-1"
            />
            <button type="submit" data-testid="chat-rename-save" className="rounded border border-line bg-white px-2">
              이름 바꾸기
            </button>
          </form>
          <label className="flex items-center gap-1">
            사건 폴더
            <select
              value={chat.matterId ?? ""}
              data-testid="chat-move"
              className="min-w-0 flex-1 rounded border border-line bg-white px-1 py-1"
              onChange={(e) => void run(() => moveChatAction(chat.id, e.target.value || null))}
            >
              <option value="">(없음)</option>
              {matters.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <ConfirmButton
            label="대화 삭제"
            question="이 대화와 답변을 모두 삭제할까요?"
            confirmLabel="삭제"
            testId="chat-delete"
            onConfirm={() =>
              run(
                () => deleteChatAction(chat.id),
                () => (active ? router.push("/") : router.refresh()),
              )
            }
          />
          {error ? (
            <p role="alert" className="text-red-800" data-testid="chat-action-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
