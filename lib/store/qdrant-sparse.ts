import type { QdrantClient } from "@qdrant/js-client-rest";
import { bm25Tf, termCounts } from "./bm25";
import type { QdrantFilter } from "./qdrant-payload";

/**
 * BM25 through Qdrant's sparse vectors, with the same maths as the embedded store
 * (lib/store/bm25.ts). Qdrant has no Korean tokenizer, so vectors are built from our tokens: each
 * token maps to a stable uint32 index (FNV-1a; collisions among ~10⁵ bigrams are rare and only merge
 * two terms). Qdrant scores a query against a document as Σ q·idf·d over shared indices, where
 * with the IDF modifier idf = ln(1 + (N − df + 0.5)/(df + 0.5)), N and df counted over the
 * `params.idf.corpus` population (Qdrant 1.19 `QueryContext::fancy_idf`, `fill_corpus_idf_statistics`)
 * — Lucene's idf, our bm25Idf. So with q = 1 per distinct query term and d = the BM25 term-frequency
 * saturation bm25Tf(tf, length, avgLength), the score is BM25.
 *
 * The one input Qdrant cannot supply is avgLength: it is baked into d when the point is written.
 * The store reads it from the corpus at write time (corpusLengths: a facet over each point's
 * `token_count`), so a corpus written in one go, or re-indexed, ranks exactly like the embedded
 * store; points written while the corpus was smaller keep the average of that moment (see
 * docs/qdrant.md, "BM25 parity").
 */

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

export function documentSparseVector(tokens: string[], averageLength: number): { indices: number[]; values: number[] } {
  return merged(
    [...termCounts(tokens)].map(([term, tf]) => [tokenIndex(term), bm25Tf(tf, tokens.length, averageLength)]),
  );
}

/** A query term counts once (as in the reference BM25). */
export function querySparseVector(tokens: string[]): { indices: number[]; values: number[] } {
  return merged([...new Set(tokens)].map((t) => [tokenIndex(t), 1]));
}

export interface LengthStats {
  count: number;
  total: number;
}

/** Token counts per chunk stay far below this (800-character chunks: ~200–450 tokens). */
const FACET_LIMIT = 100_000;

/**
 * Number of chunks and their total token count among the points matching `filter`, from an exact
 * facet over `token_count` (integer index with lookup). Points written before token_count existed
 * are not counted.
 */
export async function corpusLengths(
  client: QdrantClient,
  collection: string,
  filter: QdrantFilter,
): Promise<LengthStats> {
  const { hits } = await client.facet(collection, { key: "token_count", filter, exact: true, limit: FACET_LIMIT });
  let count = 0;
  let total = 0;
  for (const hit of hits) {
    count += hit.count;
    total += Number(hit.value) * hit.count;
  }
  return { count, total };
}

/** The average length the corpus will have once `lengths` are written on top of `existing`. */
export function averageLength(existing: LengthStats, lengths: number[]): number {
  const count = existing.count + lengths.length;
  const total = existing.total + lengths.reduce((s, n) => s + n, 0);
  return count > 0 && total > 0 ? total / count : 1;
}
