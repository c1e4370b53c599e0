"use client";

import type { AnswerState } from "@/lib/chat/state";
import { AnswerActions } from "./answer-actions";
import { AnswerText } from "./answer-text";
import { ConfidenceBadge } from "./confidence-step";

const STATUS_NOTE: Partial<Record<AnswerState["status"], string>> = {
  stopped: "답변을 중단했습니다.",
  interrupted: "서버가 중단되어 답변이 끊겼습니다. 그때까지 작성된 내용과 찾은 판례를 보여 드립니다.",
  error: "답변을 만들지 못했습니다.",
};

/** One question and its answer in the conversation, with the answer's state and actions. */
export function AnswerCard({
  question,
  state,
  selected,
  onShowEvidence,
  onRetry,
}: {
  question: string;
  state: AnswerState;
  /** Its evidence is the one shown in the panel. */
  selected: boolean;
  onShowEvidence: () => void;
  /** Absent while another answer is being written. */
  onRetry?: () => void;
}) {
  return (
    <article className="space-y-3" data-testid="turn">
      <div
        className="ml-auto max-w-[85%] whitespace-pre-wrap rounded-xl bg-accent px-4 py-2 text-white"
        data-testid="question"
      >
        {question}
      </div>
      <div
        className={`rounded-xl border bg-white p-4 ${selected ? "border-accent" : "border-line"}`}
        data-testid="answer"
        data-status={state.status}
      >
        <ConfidenceBadge state={state} />
        {state.answer ? (
          <AnswerText text={state.answer} record={state.record} />
        ) : state.status === "running" ? (
          <p className="text-muted" data-testid="answer-pending">
            {state.waiting !== undefined
              ? `다른 질문들의 답변을 쓰는 중이라 잠시 기다립니다 (대기 순서 ${state.waiting + 1}번째).`
              : "판례를 찾고 있습니다…"}
          </p>
        ) : null}
        {state.error ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {state.error}
          </p>
        ) : STATUS_NOTE[state.status] ? (
          <p className="mt-2 text-xs text-muted">{STATUS_NOTE[state.status]}</p>
        ) : null}
        {state.status !== "running" ? (
          <AnswerActions state={state} onShowEvidence={onShowEvidence} onRetry={onRetry} />
        ) : null}
      </div>
    </article>
  );
}
