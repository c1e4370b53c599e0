"use client";

import { Star } from "lucide-react";
import { useState } from "react";
import { deleteBookmarkAction, saveBookmarkAction } from "@/app/(app)/bookmarks/actions";
import { setLocalBookmark, useBookmark } from "./bookmark-store";

const OFFLINE = { ok: false as const, message: "서버에 연결할 수 없습니다." };

export interface BookmarkTarget {
  caseNo: string;
  corpusId?: string | null;
  caseName?: string;
  court?: string;
  decisionDate?: string;
}

/**
 * ☆ / ★ for a precedent, opening a small editor for the bookmark's note. Self-contained: drop it
 * next to a case number (evidence rows, the precedent viewer, the bookmarks page).
 */
export function BookmarkButton({
  compact = false,
  onChanged,
  ...props
}: BookmarkTarget & { compact?: boolean; onChanged?: () => void }) {
  const { caseNo, corpusId, caseName, court, decisionDate } = props;
  const target = { caseNo, corpusId, caseName, court, decisionDate };
  const note = useBookmark(target.caseNo);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const marked = typeof note === "string";

  async function finish(work: Promise<{ ok: true } | { ok: false; message: string }>, next: string | null) {
    setBusy(true);
    setError(undefined);
    const r = await work.catch(() => OFFLINE);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setLocalBookmark(target.caseNo, next);
    setOpen(false);
    onChanged?.();
  }

  return (
    // `display: contents`: the button sits inline where it is placed; in a wrapping flex row (an
    // evidence row) the editor takes a line of its own, elsewhere it is a block below.
    <span className="contents" data-testid="bookmark" data-case-no={target.caseNo}>
      <button
        type="button"
        data-testid="bookmark-button"
        aria-pressed={marked}
        aria-expanded={open}
        disabled={note === undefined}
        title={marked ? "북마크 메모 보기·수정" : "이 판례를 북마크"}
        className={`whitespace-nowrap text-xs ${marked ? "text-amber-700" : "text-muted hover:text-ink"} disabled:opacity-50`}
        onClick={() => {
          setDraft(note ?? "");
          setError(undefined);
          setOpen((v) => !v);
        }}
      >
        <Star aria-hidden="true" className={`inline size-3.5 align-[-2px] ${marked ? "fill-current" : ""}`} />
        {compact ? <span className="sr-only">{marked ? "북마크됨" : "북마크"}</span> : marked ? " 북마크됨" : " 북마크"}
      </button>
      {open ? (
        <span
          className="my-1 flex w-72 max-w-full basis-full flex-col gap-1.5 rounded-lg border border-line bg-white p-2 text-xs shadow-sm"
          data-testid="bookmark-editor"
        >
          <label>
            {target.caseNo} 메모
            <textarea
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              rows={3}
              maxLength={2000}
              placeholder="이 판례를 왜 남기는지 (선택)"
              data-testid="bookmark-note"
              className="mt-1 block w-full rounded border border-line px-2 py-1 text-sm"
            />
          </label>
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              data-testid="bookmark-save"
              className="rounded bg-accent px-2 py-1 text-white hover:opacity-90 disabled:opacity-60"
              onClick={() => void finish(saveBookmarkAction({ ...target, note: draft }), draft.trim())}
            >
              {marked ? "메모 저장" : "북마크"}
            </button>
            {marked ? (
              <button
                type="button"
                disabled={busy}
                data-testid="bookmark-remove"
                className="rounded border border-line px-2 py-1 text-red-700 hover:bg-paper"
                onClick={() => void finish(deleteBookmarkAction(target.caseNo), null)}
              >
                북마크 해제
              </button>
            ) : null}
            <button type="button" className="rounded border border-line px-2 py-1" onClick={() => setOpen(false)}>
              닫기
            </button>
          </span>
          {error ? (
            <span role="alert" className="text-red-800">
              {error}
            </span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
