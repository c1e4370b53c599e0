"use client";

import Link from "next/link";
import { type KeyboardEvent, useId, useState } from "react";
import { type StatutePreview, type StatuteRefPart, statuteNotes } from "@/lib/statutes/ref-parts";
import { formatKoreanDate } from "@/lib/util/korean-time";

/**
 * One statute reference of a decision: a link to the article page, and a small panel with the
 * article's title, text and 시행일자 on hover or focus — or pinned open by the button beside it,
 * for keyboards and touch screens. Esc closes it. An article not looked up (`preview` undefined:
 * past the part's limit) is the link alone. The button and the panel are not the decision's words:
 * the find box skips them (data-find-skip).
 */
export function StatuteLink({
  part,
  preview,
  decisionDate,
}: {
  part: Extract<StatuteRefPart, { kind: "ref" }>;
  preview: StatutePreview | undefined;
  decisionDate?: string;
}) {
  const [hover, setHover] = useState(false);
  const [pinned, setPinned] = useState(false);
  const panelId = useId();
  const open = preview !== undefined && (hover || pinned);
  const close = () => {
    setHover(false);
    setPinned(false);
  };
  const label = `${part.law} ${part.article}`;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close();
    }
  };
  return (
    <span className="relative inline">
      <Link
        href={part.href}
        className="text-accent underline decoration-dotted underline-offset-2 hover:decoration-solid"
        data-testid="statute-link"
        data-law={part.law}
        data-article={part.article}
        aria-describedby={open ? panelId : undefined}
        title={preview === undefined ? `${label} 조문 보기` : undefined}
        onFocus={() => setHover(true)}
        onBlur={() => setHover(false)}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onKeyDown={onKeyDown}
      >
        {part.text}
      </Link>
      {preview === undefined ? null : (
        <button
          type="button"
          className="ml-0.5 rounded px-0.5 align-super text-[10px] text-muted hover:bg-accent-soft hover:text-accent focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
          aria-expanded={pinned}
          aria-controls={panelId}
          aria-label={`${label} 조문 ${pinned ? "닫기" : "보기"}`}
          data-testid="statute-panel-toggle"
          data-find-skip
          onClick={() => setPinned((p) => !p)}
          onKeyDown={onKeyDown}
        >
          ⓘ
        </button>
      )}
      {open ? (
        <Panel id={panelId} label={label} part={part} preview={preview ?? null} decisionDate={decisionDate} />
      ) : null}
    </span>
  );
}

function Panel({
  id,
  label,
  part,
  preview,
  decisionDate,
}: {
  id: string;
  label: string;
  part: { former: boolean };
  preview: StatutePreview;
  decisionDate?: string;
}) {
  const notes = preview
    ? statuteNotes({ former: part.former, decisionDate, effectiveDate: preview.effectiveDate })
    : [];
  return (
    <span
      id={id}
      role="note"
      className="absolute top-full left-0 z-30 mt-1 block w-80 max-w-[80vw] rounded-lg border border-line bg-white p-3 text-left text-sm font-normal whitespace-pre-wrap text-ink shadow-lg"
      data-testid="statute-panel"
      data-find-skip
    >
      <span className="block font-semibold">
        {label}
        {preview?.title ? `(${preview.title})` : ""}
      </span>
      {preview ? (
        <>
          {notes.map((n) => (
            <span
              key={n}
              className="mt-1 block rounded bg-amber-50 px-1 text-amber-900"
              data-testid="statute-panel-note"
            >
              {n}
            </span>
          ))}
          <span className="mt-1 block max-h-48 overflow-y-auto leading-relaxed">{preview.text}</span>
          <span className="mt-1 block text-xs text-muted">
            시행일자 {formatKoreanDate(preview.effectiveDate) || preview.effectiveDate}
          </span>
        </>
      ) : (
        <span className="mt-1 block text-muted">가져온 법령에 없는 조문입니다.</span>
      )}
    </span>
  );
}
