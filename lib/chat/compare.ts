import { courtsOfLevel } from "../db/decision-lookup";
import { env } from "../env";
import { AppError } from "../errors";
import { runPipeline } from "../rag/pipeline";
import { STRATEGY_LABELS, type StrategyId } from "../rag/strategies/steps";
import { decisionKey } from "../text/decision-key";
import { chatBeforeAnswer } from "./answer-gate";
import { defaultSlots } from "./ask";
import { defaultPipelineDeps } from "./default-deps";
import { type ChatFilters, toStoreFilter } from "./filters";

/** One strategy's side of a comparison: its answer and the precedents it stood on. */
export interface CompareSide {
  strategy: StrategyId;
  label: string;
  answer: string;
  /** No model wrote it (it failed, or none is configured). */
  retrievalOnly: boolean;
  cutOff?: string;
  notices: { code: string; message: string }[];
  /** The passages' decisions, best first; `cited`: the answer cites it. */
  precedents: { caseNo: string; court: string; decisionDate: string; caseName: string; cited: boolean }[];
}

const SHOWN_PRECEDENTS = 8;

/**
 * Two strategies answer the same question, side by side (issue 24: "compare two strategies'
 * answers and evidence"). Each takes an answer slot like any question (so a comparison waits its
 * turn rather than crowding out other lawyers), runs the whole strategy, and is not stored: the
 * lawyer keeps the one they want by rerunning the turn with it.
 */
export async function compareStrategies(
  question: string,
  strategies: [StrategyId, StrategyId],
  filters: ChatFilters | undefined,
  signal: AbortSignal,
): Promise<CompareSide[]> {
  if (strategies[0] === strategies[1])
    throw new AppError("bad_request:input", { userMessage: "서로 다른 두 전략을 골라 주세요." });
  const filter = await toStoreFilter(filters, (level) => courtsOfLevel(level));
  // Not streamed: bounded like an answer (both sides run at once, each within the deadline, twice over for the wait).
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(env().ANSWER_DEADLINE_SECONDS * 2_000)]);
  return Promise.all(strategies.map((mode) => side(question, mode, filter, bounded)));
}

async function side(
  question: string,
  mode: StrategyId,
  filter: Awaited<ReturnType<typeof toStoreFilter>>,
  signal: AbortSignal,
): Promise<CompareSide> {
  const release = await defaultSlots().acquire(signal);
  try {
    const base = await defaultPipelineDeps(signal);
    const deps = {
      ...base,
      filter,
      beforeAnswer: chatBeforeAnswer({
        store: base.store,
        minRerankScore: env().DECLINE_MIN_RERANK_SCORE,
        onSignals: () => {},
      }),
    };
    const result = await runPipeline(question, deps, { mode });
    const cited = new Set(result.parts.flatMap((p) => (p.type === "citation" && p.valid ? [p.caseNo] : [])));
    const seen = new Set<string>();
    const precedents = result.context
      .filter(({ chunk }) => !seen.has(decisionKey(chunk)) && seen.add(decisionKey(chunk)))
      .slice(0, SHOWN_PRECEDENTS)
      .map(({ chunk }) => ({
        caseNo: chunk.caseNo,
        court: chunk.court,
        decisionDate: chunk.decisionDate,
        caseName: chunk.caseName,
        cited: cited.has(chunk.caseNo),
      }));
    return {
      strategy: mode,
      label: STRATEGY_LABELS[mode],
      answer: result.answer,
      retrievalOnly: result.retrievalOnly,
      cutOff: result.cutOff,
      notices: result.trace.notices,
      precedents,
    };
  } finally {
    release();
  }
}
