import type { ScoredChunk } from "../text/decision";

/**
 * Ways to combine ranked lists of chunks. Raw BM25 scores (0…20+) and cosine similarities (0…1)
 * live on different scales, so a weighted sum of raw scores would let BM25 decide alone.
 */

/** Min-max normalises one list's scores to 0…1 (a list whose scores are all equal maps to 1). */
export function normalizeScores(list: ScoredChunk[]): ScoredChunk[] {
  if (list.length === 0) return [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { score } of list) {
    min = Math.min(min, score);
    max = Math.max(max, score);
  }
  const span = max - min;
  return list.map(({ chunk, score }) => ({ chunk, score: span > 0 ? (score - min) / span : 1 }));
}

function sorted(scores: Map<string, ScoredChunk>, top: number): ScoredChunk[] {
  return [...scores.values()].sort((a, b) => b.score - a.score || a.chunk.id.localeCompare(b.chunk.id)).slice(0, top);
}

/**
 * Weighted fusion of normalised scores: Σ w_i · norm_i(d). A chunk missing from a list gets 0 from
 * it (it scored below that list's cut-off).
 */
export function weightedScoreFusion(lists: { list: ScoredChunk[]; weight: number }[], top: number): ScoredChunk[] {
  const scores = new Map<string, ScoredChunk>();
  for (const { list, weight } of lists) {
    for (const { chunk, score } of normalizeScores(list)) {
      const prev = scores.get(chunk.id);
      scores.set(chunk.id, { chunk, score: (prev?.score ?? 0) + weight * score });
    }
  }
  return sorted(scores, top);
}

/**
 * (Weighted) Reciprocal Rank Fusion: Σ w_i / (k + rank_i(d)), ranks from 1. With every weight 1 this
 * is the method's RRF (k = 60) over the three query lists.
 */
export function reciprocalRankFusion(
  lists: { list: ScoredChunk[]; weight?: number }[],
  k: number,
  top: number,
): ScoredChunk[] {
  const scores = new Map<string, ScoredChunk>();
  for (const { list, weight = 1 } of lists) {
    list.forEach(({ chunk }, index) => {
      const prev = scores.get(chunk.id);
      scores.set(chunk.id, { chunk, score: (prev?.score ?? 0) + weight / (k + index + 1) });
    });
  }
  return sorted(scores, top);
}
