import { precedentHref } from "@/lib/chat/citation-links";
import { atomicSummaryText } from "@/lib/rag/strategies/panels";
import type { AtomicStep } from "@/lib/rag/strategies/steps";

type Round = Extract<AtomicStep, { kind: "atomic-round" }>;
type Summary = Extract<AtomicStep, { kind: "atomic-summary" }>;

const SCORING = { cosine: "의미가 가까운 정도", bm25: "낱말이 겹치는 정도" } as const;

/** One round of the `atomic` strategy: sub-questions, tags with scores, the pick, the chunk added. */
export function AtomicRoundStep({ step }: { step: Round }) {
  return (
    <li data-testid="atomic-round" data-round={step.round} data-status={step.status}>
      <span className="font-medium">{step.round}회차</span>
      {step.status === "running" ? <span className="text-muted"> 진행 중…</span> : null}
      {step.subQuestions.length > 0 ? (
        <ul className="mt-1 space-y-0.5" data-testid="atomic-subquestions">
          {step.subQuestions.map((q) => (
            <li key={q}>
              <span className="text-muted">하위 질문:</span> {q}
            </li>
          ))}
        </ul>
      ) : null}
      {step.candidates.length > 0 ? (
        <div className="mt-1">
          <span className="text-muted">
            후보 질문 ({SCORING[step.scoring]} {step.threshold} 이상
            {step.below > 0 ? `, 못 미친 ${step.below}개 뺌` : ""}):
          </span>
          <ol className="mt-0.5 space-y-0.5" data-testid="atomic-candidates">
            {step.candidates.map((c) => (
              <li
                key={c.tagId}
                data-testid="atomic-candidate"
                data-picked={step.pick?.n === c.n}
                className={step.pick?.n === c.n ? "rounded bg-accent-soft px-1" : ""}
              >
                {c.n}. {c.tag}{" "}
                <span className="text-muted">
                  ({c.caseNo} {c.section})
                </span>{" "}
                <span className="tabular-nums text-muted">{c.score.toFixed(3)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {step.pick ? (
        <span className="mt-1 block" data-testid="atomic-pick">
          <span className="text-muted">선택:</span> {step.pick.n}번
          {step.pick.how === "best-score" ? " (모델의 선택을 읽지 못해 점수가 가장 높은 질문)" : ""}
        </span>
      ) : null}
      {step.added ? (
        <span className="mt-1 block" data-testid="atomic-added">
          <span className="text-muted">추가한 근거:</span>{" "}
          <a
            className="text-accent hover:underline"
            href={precedentHref(step.added.caseNo, step.added.corpusId, [step.added.chunkId])}
          >
            {step.added.caseNo} {step.added.section}
          </a>
          <span className="block text-muted">{step.added.excerpt}</span>
        </span>
      ) : null}
      {step.fallback ? (
        <span className="mt-1 block rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="strategy-fallback">
          {step.fallback}
        </span>
      ) : null}
      {step.stop ? (
        <span className="mt-1 block text-muted" data-testid="atomic-stop">
          멈춤: {step.stop}
        </span>
      ) : null}
    </li>
  );
}

export function AtomicSummaryStep({ step }: { step: Summary }) {
  const summary = atomicSummaryText(step.rounds, step.chunks);
  return (
    <li data-testid="atomic-summary">
      {summary ? <span className="block font-medium">{summary}</span> : null}
      <span className="block text-muted">
        {summary ? "멈춘 이유" : "하위 질문으로 찾지 않은 이유"}: {step.stop}
      </span>
      {step.fallback ? (
        <span className="mt-1 block rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="strategy-fallback">
          대신 {step.fallback}
        </span>
      ) : null}
    </li>
  );
}
