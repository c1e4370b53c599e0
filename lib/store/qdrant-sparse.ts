import { BM25_B, BM25_K1, termCounts } from "../rag/bm25";

/**
 * Qdrant has no Korean tokenizer, so sparse vectors are built from our tokens. Each token maps to a
 * stable uint32 index (FNV-1a; collisions among ~10⁵ bigrams are rare and only merge two terms).
 * Values carry BM25's term-frequency saturation; Qdrant's IDF modifier supplies the idf at query
 * time. Qdrant cannot know the corpus's average chunk length, so a fixed one is assumed: with
 * 800-character chunks our tokenizer yields about ASSUMED_AVG_TOKENS tokens per chunk.
 */
export const ASSUMED_AVG_TOKENS = 420;

export function tokenIndex(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function merged(entries: [number, number][]): { indices: number[]; values: number[] } {
  const byIndex = new Map<number, number>();
  for (const [i, v] of entries) byIndex.set(i, (byIndex.get(i) ?? 0) + v);
  const sorted = [...byIndex.entries()].sort((a, b) => a[0] - b[0]);
  return { indices: sorted.map((e) => e[0]), values: sorted.map((e) => e[1]) };
}

export function documentSparseVector(tokens: string[]): { indices: number[]; values: number[] } {
  const norm = 1 - BM25_B + (BM25_B * tokens.length) / ASSUMED_AVG_TOKENS;
  return merged(
    [...termCounts(tokens)].map(([term, tf]) => [tokenIndex(term), (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)]),
  );
}

/** A query term counts once (as in the reference BM25). */
export function querySparseVector(tokens: string[]): { indices: number[]; values: number[] } {
  return merged([...new Set(tokens)].map((t) => [tokenIndex(t), 1]));
}
