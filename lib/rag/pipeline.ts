import { AppError } from "../errors";
import { answerStage, finishRun } from "./stages/answer";
import type { RunContext } from "./stages/context";
import { createRunContext, type PipelineDeps, type PipelineOptions } from "./stages/context";
import { fuseLists, rerankCandidates } from "./stages/rank";
import { STRATEGIES } from "./strategies/registry";
import type { PipelineEvent, PipelineResult, QueryKind } from "./types";

export type { PipelineDeps, PipelineOptions, StreamFn } from "./stages/context";

/**
 * One question through the chosen strategy (lib/rag/strategies): its query formulation, then the
 * shared stages — RRF, the reranker against the original question, the answer citing 사건번호 —
 * or the strategy's own answer loop (CC-RAG). Every stage's result is emitted the moment it exists;
 * a failing component degrades the run and says so once.
 */
export async function runPipeline(
  question: string,
  deps: PipelineDeps,
  options: PipelineOptions,
  emit: (event: PipelineEvent) => void = () => {},
): Promise<PipelineResult> {
  // Never a silent RAR run under another name: an unknown id is a caller's bug, said as one.
  const strategy = Object.hasOwn(STRATEGIES, options.mode) ? STRATEGIES[options.mode] : undefined;
  if (!strategy) throw new AppError("search:unknown_strategy", { detail: String(options.mode) });
  // Who answers is part of the trace from the start (not a visible step: firstVisibleMs ignores it).
  emit({ type: "strategy", id: strategy.id, label: strategy.label });
  const ctx = createRunContext(question, deps, options, emit);
  ctx.trace.strategy = { id: strategy.id, label: strategy.label, steps: [] };
  for (const n of deps.notices ?? []) ctx.notice(n.code, n.message);
  if (options.reuse) return answerAgain(ctx, options.reuse);

  const { lists, fuseTop } = await strategy.formulate(ctx);
  const fused = fuseLists(ctx, lists, fuseTop);
  if (strategy.answer) return strategy.answer(ctx, fused);
  const context = await rerankCandidates(ctx, fused);
  if (options.answer === false) return finishRun(ctx, context);
  return finishRun(ctx, context, await answerStage(ctx, context));
}

/**
 * The answer step alone, from the passages an earlier run found (PipelineOptions.reuse): the same
 * evidence, the answer written again. Every strategy answers through the shared answer stage here
 * (CC-RAG's retry loop would search again, which is exactly what the lawyer did not ask for).
 */
async function answerAgain(ctx: RunContext, reuse: NonNullable<PipelineOptions["reuse"]>): Promise<PipelineResult> {
  const before = reuse.trace;
  if (before) {
    Object.assign(ctx.trace, {
      queries: before.queries,
      judgeOutput: before.judgeOutput,
      lists: before.lists,
      fused: before.fused,
      reranked: before.reranked,
    });
    // Sent again so the page shows them while the new answer streams, not only once it is done.
    for (const [which, text] of Object.entries(before.queries) as [QueryKind, string][])
      ctx.send({ type: "query", which, text });
    for (const step of before.strategy?.steps ?? []) ctx.step(step);
  }
  ctx.send({ type: "reranked", chunks: reuse.context, reranked: before?.reranked ?? false });
  return finishRun(ctx, reuse.context, await answerStage(ctx, reuse.context));
}
