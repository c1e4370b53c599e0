"use client";

import { AnswerExportActions } from "@/components/export/answer-export-actions";
import { AnswerFeedback } from "@/components/feedback/answer-feedback";
import type { AnswerState } from "@/lib/chat/state";

/** What a lawyer can do with a finished (or stopped) answer. */
export function AnswerActions({
  state,
  onShowEvidence,
  onRetry,
  question = "",
  chatId,
  messageId,
}: {
  state: AnswerState;
  /** For the export: the question answered, and where the answer is stored. */
  question?: string;
  chatId?: string;
  /** The saved answer's id (export and feedback are stored against it). */
  messageId?: string;
  onShowEvidence: () => void;
  onRetry?: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-3 text-xs text-muted">
      <button type="button" onClick={onShowEvidence} className="hover:text-ink">
        근거 보기
      </button>
      <AnswerExportActions question={question} state={state} chatId={chatId} messageId={messageId} />
      <button
        type="button"
        data-testid="retry"
        disabled={!onRetry}
        onClick={onRetry}
        className="hover:text-ink disabled:opacity-50"
      >
        다시 시도
      </button>
      <AnswerFeedback messageId={messageId} />
    </div>
  );
}
