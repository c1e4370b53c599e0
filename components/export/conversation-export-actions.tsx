"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { AnswerState } from "@/lib/chat/state";
import { type AnswerExport, buildAnswerExport, type ConversationExport } from "@/lib/export/answer-export";
import { printOnly } from "./answer-export-actions";
import { ConversationSheet } from "./print-sheet";

const button = "rounded px-1 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent";

/**
 * The whole conversation out of the app: every question and answer in order, with each case
 * number's mark — as a Word document (from the server, where the chat is stored) or on paper.
 * Its print sheet is what a plain Ctrl+P on the chat prints too.
 */
export function ConversationExportActions({
  chatId,
  turns,
}: {
  chatId?: string;
  turns: { question: string; state: AnswerState }[];
}) {
  // Each answer is read once: a finished answer's state stays the same object while others
  // stream. Its links name the chat, so a new chat id (the first answer's) starts afresh.
  const cache = useRef(new WeakMap<AnswerState, { chatId?: string; exported: AnswerExport }>()).current;
  const conversation = useMemo<ConversationExport>(
    () => ({
      title: turns[0]?.question.replace(/\s+/g, " ").trim().slice(0, 60) ?? "",
      turns: turns.map(({ question, state }) => {
        const known = cache.get(state);
        if (known && known.chatId === chatId && known.exported.question === question) return known.exported;
        const exported = buildAnswerExport({
          question,
          answer: state.answer,
          record: state.record,
          incomplete: state.status !== "done",
          chatId,
        });
        cache.set(state, { chatId, exported });
        return exported;
      }),
    }),
    [turns, chatId, cache],
  );
  const sheetId = `print-chat-${useId().replace(/[^\w-]/g, "")}`;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (turns.length === 0) return null;
  return (
    <div className="flex justify-end gap-3 text-xs text-muted print:hidden" data-testid="chat-export">
      {chatId ? (
        <a
          href={`/api/chats/${encodeURIComponent(chatId)}/export.docx`}
          download
          data-testid="export-chat-docx"
          className={button}
          title="이 대화의 질문과 답변을 모두 Word 문서로 내려받습니다"
        >
          대화 전체 Word로 내보내기
        </a>
      ) : null}
      <button
        type="button"
        data-testid="print-chat"
        className={button}
        onClick={() => printOnly(sheetId)}
        title="이 대화의 질문과 답변을 모두 인쇄합니다"
      >
        대화 전체 인쇄
      </button>
      {mounted
        ? createPortal(
            <ConversationSheet id={sheetId} conversation={conversation} origin={window.location.origin} />,
            document.body,
          )
        : null}
    </div>
  );
}
