"use client";

import { describeFilters } from "@/lib/chat/filters";
import type { AnswerState } from "@/lib/chat/state";
import type { StrategyId } from "@/lib/rag/strategies/steps";
import { AnswerActions } from "./answer-actions";
import { isAnswerNotice, isCutNotice } from "./answer-notices";
import { AnswerText } from "./answer-text";
import { AnswerVersions } from "./answer-versions";
import { ConfidenceBadge } from "./confidence-step";
import { DeclineCallout } from "./decline-callout";
import { QuestionBubble } from "./question-bubble";

const STATUS_NOTE: Partial<Record<AnswerState["status"], string>> = {
  stopped: "답변을 중지했습니다. 그때까지 작성된 내용과 찾은 판례·질의는 그대로 남겨 두었습니다.",
  interrupted: "서버가 중단되어 답변이 끊겼습니다. 그때까지 작성된 내용과 찾은 판례를 보여 드립니다.",
  error: "답변을 만들지 못했습니다.",
};

/** One question and its answer in the conversation, with the answer's state and actions. */
export function AnswerCard({
  question,
  state,
  corpusNames = {},
  selected,
  onShowEvidence,
  onRetry,
  onEdit,
  onRerun,
  onCompare,
  later = 0,
  chatId,
  messageId,
}: {
  question: string;
  /** Where the answer is stored (for its export and the viewer's way back). */
  chatId?: string;
  messageId?: string;
  state: AnswerState;
  corpusNames?: Record<string, string>;
  /** Its evidence is the one shown in the panel. */
  selected: boolean;
  onShowEvidence: () => void;
  /** Absent while another answer is being written. */
  onRetry?: () => void;
  /** Edit the question and answer it again (absent while an answer is being written). */
  onEdit?: (question: string) => void;
  onRerun?: (strategy: StrategyId) => void;
  onCompare?: () => void;
  /** Turns after this one (an edit drops them). */
  later?: number;
}) {
  const filters = describeFilters(state.filters, corpusNames);
  const decline = state.record?.trace.decline;
  return (
    <article className="space-y-3" data-testid="turn">
      <QuestionBubble question={question} onEdit={onEdit} later={later} />
      <div
        className={`min-w-0 rounded-xl border bg-white p-4 ${selected ? "border-accent" : "border-line"}`}
        data-testid="answer"
        data-status={state.status}
      >
        {filters.length > 0 ? (
          <p className="mb-2 flex flex-wrap gap-1 text-xs text-muted" data-testid="answer-filters">
            <span>검색 필터:</span>
            {filters.map((f) => (
              <span key={f} className="rounded bg-paper px-1.5 py-0.5">
                {f}
              </span>
            ))}
          </p>
        ) : null}
        {/* The model stopped midway: said first, above the text it left (issue 24). */}
        {state.notices
          .filter((n) => isCutNotice(n.code))
          .map((n) => (
            <p
              key={n.code}
              role="status"
              className="mb-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900"
              data-testid="answer-cut"
              data-notice={n.code}
            >
              {n.message}
            </p>
          ))}
        <ConfidenceBadge state={state} />
        {decline && state.record ? <DeclineCallout decline={decline} record={state.record} chatId={chatId} /> : null}
        {state.answer && decline?.stage === "after-support" ? (
          // The model's conclusion stands on no supporting citation: kept, but folded, never the answer.
          <details data-testid="declined-draft">
            <summary className="cursor-pointer text-xs text-muted">근거가 확인되지 않은 답변 초안 보기</summary>
            <div className="mt-2 opacity-80">
              <AnswerText text={state.answer} record={state.record} chatId={chatId} />
            </div>
          </details>
        ) : state.answer ? (
          <AnswerText text={state.answer} record={state.record} chatId={chatId} />
        ) : state.status === "running" ? (
          <p className="text-muted" data-testid="answer-pending" data-held={state.held ? "true" : undefined}>
            {state.held
              ? "데이터베이스가 다른 작업으로 잠겨 있어 질문을 서버에 안전하게 보관해 두었습니다. 잠금이 풀리는 대로 저장하고 답변합니다."
              : state.waiting !== undefined
                ? `다른 질문들의 답변을 쓰는 중이라 잠시 기다립니다 (대기 순서 ${state.waiting + 1}번째).`
                : "판례를 찾고 있습니다…"}
          </p>
        ) : null}
        {state.checking ? (
          <p className="mt-2 animate-pulse text-xs text-muted" role="status" data-testid="support-pending">
            인용 검증 중… 답변의 각 인용이 그 판례의 내용과 맞는지 확인하고 있습니다.
          </p>
        ) : null}
        {state.notices
          .filter((n) => isAnswerNotice(n.code) && !isCutNotice(n.code))
          .map((n) => (
            <p
              key={n.code}
              className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900"
              data-testid="answer-notice"
              data-notice={n.code}
            >
              {n.message}
            </p>
          ))}
        {state.error ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {state.error}
          </p>
        ) : STATUS_NOTE[state.status] ? (
          <p className="mt-2 text-xs text-muted">{STATUS_NOTE[state.status]}</p>
        ) : null}
        {state.status !== "running" ? (
          <AnswerActions
            state={state}
            onShowEvidence={onShowEvidence}
            onRetry={onRetry}
            onRerun={onRerun}
            onCompare={onCompare}
            question={question}
            chatId={chatId}
            messageId={messageId}
          />
        ) : null}
        <AnswerVersions versions={state.record?.versions} question={question} />
      </div>
    </article>
  );
}
