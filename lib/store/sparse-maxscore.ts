import { BM25_B, BM25_K1 } from "./bm25";

/**
 * Top-k BM25 with dynamic pruning (MaxScore, Turtle & Flood 1995, as Lucene and tantivy use it):
 * document-at-a-time over the query terms' posting lists (slots ascending), with each term's upper
 * bound on what it can add to a score. Terms are ordered by that bound; the "non-essential" ones —
 * the cheapest terms whose bounds together cannot lift a chunk into the current top k — never
 * propose a candidate, they are only probed (by galloping search) for candidates the others
 * proposed, and probing stops as soon as the rest of the bounds cannot reach the k-th score. A
 * common bigram with a posting for most chunks is then skipped over instead of walked.
 *
 * The result is the exhaustive top k (same scores, ties to the lower slot): a chunk is dropped
 * only when its score, or a bound on it, is at most the k-th score of chunks with lower slots,
 * which win the tie. tests/store/sparse-maxscore.test.ts compares both on random queries.
 */

export interface TermList {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
  idf: number;
  /** Largest tf, and smallest chunk length, among the postings: the term's bound. */
  maxTf: number;
  minLength: number;
}

export interface PruneInput {
  terms: TermList[];
  topN: number;
  avg: number;
  /** Token count per slot (−1: deleted). */
  lengths: Int32Array;
  /** A slot is a candidate (live, in a searched group). */
  live: (slot: number) => boolean;
  /** The caller's filter, asked only for chunks that would enter the top k. */
  allowed: (slot: number) => boolean;
}

function termScore(idf: number, tf: number, length: number, avg: number): number {
  return (idf * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / avg));
}

/** First index ≥ from in slots[0..length) whose slot is ≥ target (galloping, then binary search). */
function seek(slots: Int32Array, length: number, from: number, target: number): number {
  if (from >= length || (slots[from] as number) >= target) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < length && (slots[hi] as number) < target) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > length) hi = length;
  // slots[lo] < target; find the first ≥ target in (lo, hi].
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((slots[mid] as number) < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** A min-heap of (score, slot): the root is the weakest kept (lowest score, then highest slot). */
class TopHeap {
  readonly scores: number[] = [];
  readonly slots: number[] = [];
  constructor(readonly size: number) {}

  private weaker(i: number, j: number): boolean {
    const a = this.scores[i] as number;
    const b = this.scores[j] as number;
    return a < b || (a === b && (this.slots[i] as number) > (this.slots[j] as number));
  }

  private swap(i: number, j: number): void {
    [this.scores[i], this.scores[j]] = [this.scores[j] as number, this.scores[i] as number];
    [this.slots[i], this.slots[j]] = [this.slots[j] as number, this.slots[i] as number];
  }

  get full(): boolean {
    return this.scores.length >= this.size;
  }

  /** The k-th score once full (a chunk must beat it to enter), else −∞. */
  get threshold(): number {
    return this.full ? (this.scores[0] as number) : Number.NEGATIVE_INFINITY;
  }

  push(score: number, slot: number): void {
    if (!this.full) {
      this.scores.push(score);
      this.slots.push(slot);
      let i = this.scores.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.weaker(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    this.scores[0] = score;
    this.slots[0] = slot;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let weakest = i;
      if (l < this.scores.length && this.weaker(l, weakest)) weakest = l;
      if (r < this.scores.length && this.weaker(r, weakest)) weakest = r;
      if (weakest === i) return;
      this.swap(i, weakest);
      i = weakest;
    }
  }

  sorted(): { slot: number; score: number }[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i] as number }))
      .sort((a, b) => b.score - a.score || a.slot - b.slot);
  }
}

export function maxScoreTopK(input: PruneInput): { slot: number; score: number }[] {
  const { topN, avg, lengths, live, allowed } = input;
  if (topN <= 0) return [];
  // Cheapest bound first; bounds[i] = the term's bound, prefix[i] = sum of bounds of terms 0..i.
  const terms = input.terms
    .filter((t) => t.length > 0)
    .map((t) => ({ ...t, bound: termScore(t.idf, t.maxTf, t.minLength, avg) }))
    .sort((a, b) => a.bound - b.bound);
  const n = terms.length;
  if (n === 0) return [];
  const prefix = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += (terms[i] as { bound: number }).bound;
    prefix[i] = sum;
  }
  const at = new Int32Array(n);
  const heap = new TopHeap(topN);
  // Terms [0, essential) are non-essential: their bounds together are ≤ the threshold.
  let essential = 0;
  let threshold = Number.NEGATIVE_INFINITY;
  const INF = 0x7fffffff;
  for (;;) {
    // The next candidate: the lowest slot any essential term is at.
    let doc = INF;
    for (let i = essential; i < n; i++) {
      const t = terms[i] as TermList;
      const p = at[i] as number;
      if (p < t.length && (t.slots[p] as number) < doc) doc = t.slots[p] as number;
    }
    if (doc === INF) break;
    const length = lengths[doc] as number;
    const candidate = length >= 0 && live(doc);
    let score = 0;
    for (let i = essential; i < n; i++) {
      const t = terms[i] as TermList;
      const p = at[i] as number;
      if (p < t.length && t.slots[p] === doc) {
        if (candidate) score += termScore(t.idf, t.tfs[p] as number, length, avg);
        at[i] = p + 1;
      }
    }
    if (!candidate) continue;
    // Non-essential terms, strongest first, while the rest could still lift it over the threshold.
    for (let i = essential - 1; i >= 0; i--) {
      if (score + (prefix[i] as number) <= threshold) break;
      const t = terms[i] as TermList;
      const p = seek(t.slots, t.length, at[i] as number, doc);
      at[i] = p;
      if (p < t.length && t.slots[p] === doc) score += termScore(t.idf, t.tfs[p] as number, length, avg);
    }
    if (score <= threshold || !allowed(doc)) continue;
    heap.push(score, doc);
    if (heap.full) {
      threshold = heap.threshold;
      while (essential < n && (prefix[essential] as number) <= threshold) essential += 1;
    }
  }
  return heap.sorted();
}
