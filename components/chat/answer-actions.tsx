"use client";

import { useState } from "react";
import { AnswerFeedback } from "@/components/feedback/answer-feedback";
import type { AnswerState } from "@/lib/chat/state";

/** What a lawyer can do with a finished (or stopped) answer. */
export function AnswerActions({
  state,
  messageId,
  onShowEvidence,
  onRetry,
}: {
  state: AnswerState;
  /** The saved answer's id (feedback is stored against it). */
  messageId?: string;
  onShowEvidence: () => void;
  onRetry?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap gap-3 text-xs text-muted">
      <button type="button" onClick={onShowEvidence} className="hover:text-ink">
        근거 보기
      </button>
      {state.answer ? (
        <button
          type="button"
          data-testid="copy-answer"
          onClick={async () => {
            await navigator.clipboard?.writeText(state.answer).catch(() => {});
            setCopied(true);
          }}
          className="hover:text-ink"
        >
          {copied ? "복사됨" : "복사"}
        </button>
      ) : null}
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
