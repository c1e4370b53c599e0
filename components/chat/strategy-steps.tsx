import type { AnswerState } from "@/lib/chat/state";
import type { StepStatus, StrategyStep } from "@/lib/rag/strategies/steps";
import { AtomicRoundStep, AtomicSummaryStep } from "./atomic-steps";
import { ConfidenceStep, DepthStep, VerdictStep } from "./confidence-step";

type Step<K extends StrategyStep["kind"]> = Extract<StrategyStep, { kind: K }>;

function Status({ status, fallback }: { status: StepStatus; fallback?: string }) {
  if (status === "running") return <span className="text-muted"> 작성 중…</span>;
  if (status === "done") return null;
  return (
    <span className="mt-1 block rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="strategy-fallback">
      {status === "skipped" ? "건너뜀" : "대신 원래 질문으로 검색"}: {fallback}
    </span>
  );
}

const found = (count: number | undefined) =>
  count === undefined ? null : <span className="block text-muted">→ {count}개 후보</span>;

function TermsStep({ step, count }: { step: Step<"terms">; count?: number }) {
  return (
    <li data-testid="strategy-terms" data-parsed={step.parsedAs}>
      <span className="font-medium">관련 용어</span>
      <Status status={step.status} fallback={step.fallback} />
      {step.terms.length > 0 ? (
        <span className="mt-1 flex flex-wrap gap-1">
          {step.terms.map((t) => (
            <span key={t} className="rounded bg-accent-soft px-1.5 py-0.5 text-accent">
              {t}
            </span>
          ))}
        </span>
      ) : null}
      {step.query ? <span className="mt-1 block text-muted">검색한 질의: {step.query}</span> : null}
      {found(count)}
    </li>
  );
}

function RewritesStep({ step }: { step: Step<"rewrites"> }) {
  return (
    <li data-testid="strategy-rewrites" data-parsed={step.parsedAs}>
      <span className="font-medium">다르게 표현한 질문</span>
      <Status status={step.status} fallback={step.fallback} />
      <ol className="mt-1 space-y-1">
        {step.queries.map((q, i) => {
          const list = step.lists?.[i];
          return (
            <li key={q} data-testid="strategy-rewrite">
              <span className="text-muted">{i === 0 ? "원래 질문" : `관점 ${i}`}:</span> {q}
              {list ? (
                <span className="block text-muted">
                  → {list.count}개 후보{list.top.length ? ` (${list.top.join(", ")} …)` : ""}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {step.union !== undefined ? (
        <span className="mt-1 block text-muted">
          겹치는 것을 뺀 {step.union}개를 원래 질문에 가까운 순서로 다시 정렬
        </span>
      ) : null}
    </li>
  );
}

const DENSE_FROM = { passage: "가상 판결문", question: "원래 질문", none: "사용 못 함" } as const;

function HydeStep({ step, count }: { step: Step<"hyde">; count?: number }) {
  return (
    <li data-testid="strategy-hyde">
      <span className="font-medium">가상 판결문</span>
      <Status status={step.status} fallback={step.fallback} />
      {step.passage ? <p className="mt-1 whitespace-pre-wrap leading-relaxed">{step.passage}</p> : null}
      <span className="mt-1 block text-muted">
        의미 검색: {DENSE_FROM[step.dense]} · 낱말 검색: {step.sparse === "none" ? "안 함" : "원래 질문"}
      </span>
      {found(count)}
    </li>
  );
}

function StepView({
  step,
  retrieved,
  final,
}: {
  step: StrategyStep;
  retrieved: AnswerState["retrieved"];
  final?: boolean;
}) {
  switch (step.kind) {
    case "terms":
      return <TermsStep step={step} count={retrieved.expanded ?? retrieved.original} />;
    case "rewrites":
      return <RewritesStep step={step} />;
    case "hyde":
      return <HydeStep step={step} count={retrieved.hyde ?? retrieved.original} />;
    case "depth":
      return <DepthStep step={step} />;
    case "confidence":
      return <ConfidenceStep step={step} final={final} />;
    case "verdict":
      return <VerdictStep step={step} />;
    case "atomic-round":
      return <AtomicRoundStep step={step} />;
    case "atomic-summary":
      return <AtomicSummaryStep step={step} />;
  }
}

/** The evidence panel's view of the strategy that answered and its own steps, live and after reload. */
export function StrategySteps({ state }: { state: AnswerState }) {
  const strategy = state.strategy;
  if (!strategy) return null;
  // CC-RAG: once judged, the last scored attempt is the answer kept; earlier ones were withdrawn.
  const judged = strategy.steps.some((s) => s.kind === "verdict");
  const lastScored = strategy.steps.findLast((s) => s.kind === "confidence")?.key;
  return (
    <section
      className="rounded-lg border border-line bg-white p-3"
      data-testid="strategy-steps"
      data-strategy={strategy.id}
    >
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">검색 전략: {strategy.label}</h3>
      {strategy.steps.length > 0 ? (
        <ol className="space-y-2 text-xs">
          {strategy.steps.map((step) => (
            <StepView
              key={step.key}
              step={step}
              retrieved={state.retrieved}
              final={judged && step.key === lastScored}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
