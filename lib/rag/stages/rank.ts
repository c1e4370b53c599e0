import { toAppError } from "../../errors";
import type { ScoredChunk } from "../../text/decision";
import { reciprocalRankFusion } from "../fusion";
import { rerankStage } from "../rerank-stage";
import { compact, isFatal, type RunContext } from "./context";

/**
 * Filtering stage 1: the strategy's lists fused by RRF (k = rrfK), keeping `top` (M by default; a
 * strategy that reranks the whole de-duplicated union passes Infinity).
 */
export function fuseLists(ctx: RunContext, lists: ScoredChunk[][], top = ctx.settings.topM): ScoredChunk[] {
  ctx.checkAbort();
  const fused = reciprocalRankFusion(
    lists.map((list) => ({ list })),
    ctx.settings.rrfK,
    top,
  );
  ctx.trace.fused = compact(fused);
  ctx.send({ type: "fused", chunks: fused });
  return fused;
}

/**
 * Filtering stage 2: the reranker against the original question, keeping `topK`; a failed reranker
 * says so and the fused order is kept. `announce: false` leaves sending the result to the caller
 * (CC-RAG sends the budget-cut context instead).
 */
export async function rerankCandidates(
  ctx: RunContext,
  fused: ScoredChunk[],
  topK = ctx.settings.topK,
  announce = true,
): Promise<ScoredChunk[]> {
  const { chunks, reranked } = await ctx.timed("rerank", () =>
    rerankStage(ctx.question, fused, topK, ctx.deps.rerank).catch((error) => {
      if (isFatal(error)) throw error;
      ctx.notice("rerank_failed", `리랭커 오류로 순위 결합 순서를 사용합니다: ${toAppError(error).userMessage}`);
      return { chunks: fused.slice(0, topK), reranked: false };
    }),
  );
  ctx.trace.reranked = reranked;
  if (announce) ctx.send({ type: "reranked", chunks, reranked });
  ctx.checkAbort();
  return chunks;
}
