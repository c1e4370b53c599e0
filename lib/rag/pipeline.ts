import { AppError } from "../errors";
import { answerStage, finishRun } from "./stages/answer";
import { createRunContext, type PipelineDeps, type PipelineOptions } from "./stages/context";
import { fuseLists, rerankCandidates } from "./stages/rank";
import { STRATEGIES } from "./strategies/registry";
import type { PipelineEvent, PipelineResult } from "./types";

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

  const { lists, fuseTop } = await strategy.formulate(ctx);
  const fused = fuseLists(ctx, lists, fuseTop);
  if (strategy.answer) return strategy.answer(ctx, fused);
  const context = await rerankCandidates(ctx, fused);
  if (options.answer === false) return finishRun(ctx, context);
  return finishRun(ctx, context, await answerStage(ctx, context));
}
