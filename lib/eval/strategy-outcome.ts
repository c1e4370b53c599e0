import type { PipelineTrace } from "../rag/types";

/**
 * What a strategy's own steps did on one question, kept with its evaluation result: whether its
 * query step fell back to the original question, and for CC-RAG the retries, the final score and
 * whether the answer ended below τ. Summed per system in the report.
 */
export interface StrategyOutcome {
  fallback: boolean;
  retries?: number;
  confidence?: number;
  lowConfidence?: boolean;
}

export function strategyOutcome(trace: PipelineTrace): StrategyOutcome | undefined {
  const steps = trace.strategy?.steps;
  if (!steps?.length) return undefined;
  const verdict = steps.find((s) => s.kind === "verdict");
  const fallback = steps.some(
    (s) => (s.kind === "terms" || s.kind === "rewrites" || s.kind === "hyde") && s.status !== "done",
  );
  return verdict?.kind === "verdict"
    ? { fallback, retries: verdict.retries, confidence: verdict.score, lowConfidence: verdict.lowConfidence }
    : { fallback };
}

export interface StrategyCounts {
  items: number;
  fallbacks: number;
  /** CC-RAG only (questions with a verdict). */
  judged: number;
  lowConfidence: number;
  retries: number;
}

export function strategyCounts(outcomes: (StrategyOutcome | undefined)[]): StrategyCounts | undefined {
  const known = outcomes.filter((o): o is StrategyOutcome => o !== undefined);
  if (known.length === 0) return undefined;
  // A verdict without a score (no self-assessment, or no answer) judged nothing.
  const judged = known.filter((o) => o.confidence !== undefined);
  return {
    items: known.length,
    fallbacks: known.filter((o) => o.fallback).length,
    judged: judged.length,
    lowConfidence: judged.filter((o) => o.lowConfidence).length,
    retries: judged.reduce((n, o) => n + (o.retries ?? 0), 0),
  };
}

/** The report's words for them, appended to the system's "used" line. */
export function strategyText(c: StrategyCounts | undefined): string {
  if (!c) return "";
  const parts = [`질의 단계 대체 ${c.fallbacks}/${c.items}`];
  if (c.judged) parts.push(`신뢰도 낮음 ${c.lowConfidence}/${c.judged}, 재시도 ${c.retries}회`);
  return ` · ${parts.join(", ")}`;
}
