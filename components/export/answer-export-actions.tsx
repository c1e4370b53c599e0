"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { AnswerState } from "@/lib/chat/state";
import { buildAnswerExport, formatAnswerText } from "@/lib/export/answer-export";
import { PrintSheet } from "./print-sheet";

const button = "hover:text-ink";

/**
 * 복사 (question, answer and formatted citations as text), Word export and 인쇄 for one answer.
 * Its print sheet lives at the end of <body>, outside the app's layout, so printing never carries
 * the sidebar, the composer or a scroll container's clipping onto paper.
 */
export function AnswerExportActions({
  question,
  state,
  chatId,
  messageId,
}: {
  question: string;
  state: AnswerState;
  chatId?: string;
  messageId?: string;
}) {
  const exported = useMemo(
    () =>
      buildAnswerExport({ question, answer: state.answer, record: state.record, incomplete: state.status !== "done" }),
    [question, state.answer, state.record, state.status],
  );
  const sheetId = `print-${useId().replace(/[^\w-]/g, "")}`;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!state.answer) return null;
  return (
    <>
      <button
        type="button"
        data-testid="copy-answer"
        className={button}
        onClick={async () => {
          const ok = await navigator.clipboard
            ?.writeText(formatAnswerText(exported))
            .then(() => true)
            .catch(() => false);
          setCopied(ok ? "copied" : "failed");
        }}
        title="질문, 답변, 인용 판례를 서식에 맞춰 복사합니다"
      >
        {copied === "copied" ? "복사됨" : copied === "failed" ? "복사하지 못했습니다" : "복사"}
      </button>
      {chatId && messageId ? (
        <a
          href={`/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/export.docx`}
          download
          data-testid="export-docx"
          className={button}
        >
          Word로 내보내기
        </a>
      ) : null}
      <button type="button" data-testid="print-answer" className={button} onClick={() => printOnly(sheetId)}>
        인쇄
      </button>
      {mounted ? createPortal(<PrintSheet id={sheetId} exported={exported} />, document.body) : null}
    </>
  );
}

/** Prints this answer's sheet alone (the others stay hidden until the print dialog closes). */
function printOnly(sheetId: string): void {
  const sheets = document.querySelectorAll("[data-print-block]");
  for (const sheet of sheets) sheet.toggleAttribute("data-print-chosen", sheet.id === sheetId);
  window.addEventListener(
    "afterprint",
    () => {
      for (const sheet of document.querySelectorAll("[data-print-chosen]")) sheet.removeAttribute("data-print-chosen");
    },
    { once: true },
  );
  window.print();
}
