"use client";

import { AnswerExportActions } from "@/components/export/answer-export-actions";
import { AnswerFeedback } from "@/components/feedback/answer-feedback";
import type { AnswerState } from "@/lib/chat/state";
import type { StrategyId } from "@/lib/rag/strategies/steps";
import { RerunControls } from "./rerun-controls";

/** What a lawyer can do with a finished (or stopped) answer. */
export function AnswerActions({
  state,
  onShowEvidence,
  onRetry,
  onRerun,
  onCompare,
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
  onRerun?: (strategy: StrategyId) => void;
  onCompare?: () => void;
}) {
  // With passages stored, "다시 시도" writes the answer again from them, searching nothing.
  const sameEvidence = (state.record?.context.length ?? state.context?.length ?? 0) > 0;
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
        title={sameEvidence ? "같은 판례로 답변만 다시 작성합니다" : undefined}
        className="hover:text-ink disabled:opacity-50"
      >
        {sameEvidence ? "다시 시도 (같은 판례로)" : "다시 시도"}
      </button>
      <RerunControls current={state.strategy?.id} onRerun={onRerun} onCompare={onCompare} />
      <AnswerFeedback messageId={messageId} />
    </div>
  );
}
