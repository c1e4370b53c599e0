"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { AnswerState } from "@/lib/chat/state";
import { buildAnswerExport, formatAnswerText } from "@/lib/export/answer-export";
import { PrintSheet } from "./print-sheet";

const button = "hover:text-ink";

/**
 * 복사 (the answer as formatted text — tables, lists, marks — with plain text beside it for
 * editors that take no formatting), 텍스트로 복사, Word export and 인쇄 for one answer.
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
      buildAnswerExport({
        question,
        answer: state.answer,
        record: state.record,
        incomplete: state.status !== "done",
        chatId,
      }),
    [question, state.answer, state.record, state.status, chatId],
  );
  const sheetId = `print-${useId().replace(/[^\w-]/g, "")}`;
  const [copied, setCopied] = useState<{ as: "rich" | "text"; ok: boolean } | undefined>();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!state.answer) return null;
  return (
    <>
      <button
        type="button"
        data-testid="copy-answer"
        className={button}
        onClick={async () => setCopied({ as: "rich", ok: await copyAnswer(formatAnswerText(exported), sheetId) })}
        title="질문, 답변(표·목록·굵은 글씨), 인용 판례를 서식 그대로 복사합니다"
      >
        {copyLabel("복사", copied?.as === "rich" ? copied.ok : undefined)}
      </button>
      <button
        type="button"
        data-testid="copy-answer-text"
        className={button}
        onClick={async () => setCopied({ as: "text", ok: await copyAnswer(formatAnswerText(exported)) })}
        title="서식 없이 글자만 복사합니다(표는 칸마다 탭으로 나뉩니다)"
      >
        {copyLabel("텍스트로 복사", copied?.as === "text" ? copied.ok : undefined)}
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
      {mounted
        ? createPortal(<PrintSheet id={sheetId} exported={exported} origin={window.location.origin} />, document.body)
        : null}
    </>
  );
}

const copyLabel = (label: string, ok: boolean | undefined) =>
  ok === undefined ? label : ok ? "복사됨" : "복사하지 못했습니다";

/**
 * Puts the answer on the clipboard: with `sheetId`, as rich text (its print sheet's HTML, without
 * the passages) and plain text together — Word, 한글 or a mail take the formatted one, a plain
 * field the text; without (or where the browser cannot), as plain text alone.
 */
export async function copyAnswer(text: string, sheetId?: string): Promise<boolean> {
  const sheet = sheetId ? document.getElementById(sheetId) : null;
  if (sheet && typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
    const copy = sheet.cloneNode(true) as HTMLElement;
    for (const skip of copy.querySelectorAll("[data-copy='skip']")) skip.remove();
    const ok = await navigator.clipboard
      .write([
        new ClipboardItem({
          "text/html": new Blob([copy.innerHTML], { type: "text/html" }),
          "text/plain": new Blob([text], { type: "text/plain" }),
        }),
      ])
      .then(() => true)
      .catch(() => false);
    if (ok) return true;
  }
  return (
    (await navigator.clipboard
      ?.writeText(text)
      .then(() => true)
      .catch(() => false)) ?? false
  );
}

/** Prints this answer's sheet alone (the others stay hidden until the print dialog closes). */
export function printOnly(sheetId: string): void {
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
