import type { AnswerState } from "@/lib/chat/state";
import { LOW_CONFIDENCE_LABEL, type StrategyStep } from "@/lib/rag/strategies/steps";

type Step<K extends StrategyStep["kind"]> = Extract<StrategyStep, { kind: K }>;

const PART_LABEL = {
  logprob: "모델의 확신 (평균 로그확률)",
  length: "답변 길이",
  informative: "구체성(사건번호·조문·수치)",
  overlap: "근거 판례와 겹치는 정도",
  ungrounded: "확인되지 않는 인용(감점)",
} as const;

const n2 = (x: number) => x.toFixed(2);

/** CC-RAG: how many passages an attempt asked for and how many fit the token budget. */
export function DepthStep({ step }: { step: Step<"depth"> }) {
  return (
    <li data-testid="strategy-depth">
      <span className="font-medium">
        {step.attempt === 0 ? "첫 시도" : `재시도 ${step.attempt}`}: 판례 {step.k}개 요청
      </span>
      {step.dynamic && step.factors ? (
        <span className="text-muted">
          {" "}
          (질문 난이도 {n2(step.difficulty ?? 0)} — 길이 {n2(step.factors.length)}, 모호성 {n2(step.factors.ambiguity)},
          낱말 검색 점수 분포 {n2(step.factors.bm25)})
        </span>
      ) : (
        <span className="text-muted"> (동적 k 끔: 최대값 사용)</span>
      )}
      <span className="block text-muted">
        {step.retrieved === undefined
          ? ""
          : `${step.attempt === 0 ? "검색한" : "다시 검색한"} 후보 ${step.retrieved}개 중 상위 ${step.k}개 · `}
        토큰 예산 {step.budget.toLocaleString("ko-KR")} 중 약 {step.tokens.toLocaleString("ko-KR")}으로 {step.used}개
        사용
        {step.caseNos?.length ? ` (${[...new Set(step.caseNos)].join(", ")})` : ""}
      </span>
    </li>
  );
}

/** `final`: the attempt whose answer the verdict kept (the one in the answer card), not a withdrawn one. */
export function ConfidenceStep({ step, final }: { step: Step<"confidence">; final?: boolean }) {
  const parts = (Object.keys(PART_LABEL) as (keyof typeof PART_LABEL)[]).map((k) => [k, step.parts[k]] as const);
  return (
    <li data-testid="strategy-confidence">
      <span className="font-medium">
        {step.attempt === 0 ? "첫 시도" : `재시도 ${step.attempt}`} 신뢰도{step.dropped.length > 0 ? "(재정규화)" : ""}{" "}
        {n2(step.score)} (기준 {n2(step.tau)})
      </span>
      <span className={step.passed ? " text-emerald-700" : " text-amber-800"}>{step.passed ? " 통과" : " 미달"}</span>
      <table className="mt-1 w-full text-muted">
        <tbody>
          {parts.map(([k, part]) => (
            <tr key={k}>
              <td className="pr-2">{PART_LABEL[k]}</td>
              <td className="text-right tabular-nums">
                {part ? `${n2(part.value)} × ${n2(part.weight)}` : "없음 (제외)"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {step.dropped.length > 0 ? (
        <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="strategy-logprob-dropped">
          모델 서버가 토큰 로그확률을 주지 않아 그 항을 빼고, 나머지 가중치를 ×{n2(step.scale)}로 재정규화했습니다.
        </p>
      ) : null}
      {!step.passed && step.answer ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-muted">
            이 시도의 답변 보기 ({final ? "최종 답변" : "다시 쓰기 전"})
          </summary>
          <p className="mt-1 whitespace-pre-wrap">{step.answer}</p>
        </details>
      ) : null}
    </li>
  );
}

export function VerdictStep({ step }: { step: Step<"verdict"> }) {
  return (
    <li data-testid="strategy-verdict">
      {step.lowConfidence ? (
        <span className="font-semibold text-red-800">{LOW_CONFIDENCE_LABEL}</span>
      ) : (
        <span className="font-medium">{step.score === undefined ? "신뢰도 평가 없음" : "신뢰도 기준 통과"}</span>
      )}
      {step.renormalised ? <span className="text-muted"> · 로그확률 없이 재정규화한 점수</span> : null}
      <span className="text-muted">
        {" "}
        · 재시도 {step.retries}회{step.reason ? ` · ${step.reason}` : ""}
      </span>
    </li>
  );
}

/** Beside the answer itself: a final CC-RAG answer below τ is labelled where the lawyer reads it. */
export function ConfidenceBadge({ state }: { state: AnswerState }) {
  if (!state.strategy?.lowConfidence) return null;
  return (
    <p className="mb-2 rounded bg-red-50 px-2 py-1 text-xs font-semibold text-red-800" data-testid="low-confidence">
      {LOW_CONFIDENCE_LABEL}
    </p>
  );
}
