import type { ScoredChunk } from "../text/decision";

export type RerankFn = (
  query: string,
  documents: string[],
  topN: number,
) => Promise<{ index: number; score: number }[]>;

/**
 * Filtering stage 2: a cross-encoder scores each fused candidate against the ORIGINAL question only
 * (a hallucinated query cannot pull in passages the question itself doesn't support), in one
 * batched call. Without a reranker the fused order is kept.
 */
export async function rerankStage(
  question: string,
  candidates: ScoredChunk[],
  topK: number,
  rerank: RerankFn | undefined,
): Promise<{ chunks: ScoredChunk[]; reranked: boolean }> {
  if (!rerank || candidates.length === 0) return { chunks: candidates.slice(0, topK), reranked: false };
  const hits = await rerank(
    question,
    candidates.map((c) => c.chunk.text),
    Math.min(topK, candidates.length),
  );
  const chunks = hits.flatMap((h) => {
    const candidate = candidates[h.index];
    return candidate ? [{ chunk: candidate.chunk, score: h.score }] : [];
  });
  return { chunks: chunks.slice(0, topK), reranked: true };
}
