/**
 * Okapi BM25 over pre-tokenized documents (k1 = 1.2, b = 0.75, Lucene's idf
 * ln(1 + (N − df + 0.5) / (df + 0.5))). This is the reference for what "BM25" means in this app:
 * the embedded store computes exactly this; Qdrant computes the same through sparse vectors, with
 * the average length fixed when a point is written (lib/store/qdrant-sparse.ts, docs/qdrant.md).
 */

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export function bm25Idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Term-frequency saturation for one term of one document. */
export function bm25Tf(tf: number, length: number, averageLength: number): number {
  return (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / (averageLength || 1)));
}

export function termCounts(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** A small in-memory index: used to measure tokenizers and as the reference in store tests. */
export class Bm25Index {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly ids: string[] = [];
  private readonly lengths: number[] = [];
  private totalLength = 0;

  add(id: string, tokens: string[]): void {
    const doc = this.ids.length;
    this.ids.push(id);
    this.lengths.push(tokens.length);
    this.totalLength += tokens.length;
    for (const [term, tf] of termCounts(tokens)) {
      let list = this.postings.get(term);
      if (!list) {
        list = [];
        this.postings.set(term, list);
      }
      list.push({ doc, tf });
    }
  }

  get size(): number {
    return this.ids.length;
  }

  search(queryTokens: string[], topN: number): { id: string; score: number }[] {
    const n = this.ids.length;
    const avg = n ? this.totalLength / n : 0;
    const scores = new Map<number, number>();
    // A term repeated in the query counts once: queries are short and repetition is noise.
    for (const term of new Set(queryTokens)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = bm25Idf(n, list.length);
      for (const { doc, tf } of list) {
        scores.set(doc, (scores.get(doc) ?? 0) + idf * bm25Tf(tf, this.lengths[doc] ?? 0, avg));
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, topN)
      .map(([doc, score]) => ({ id: this.ids[doc] ?? "", score }));
  }
}
