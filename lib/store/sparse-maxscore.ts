import { BM25_B, BM25_K1 } from "./bm25";

/**
 * Top-k BM25 with dynamic pruning (MaxScore, Turtle & Flood 1995, term-at-a-time): each query term
 * has an upper bound on what it can add to a chunk's score (its idf at its largest tf and shortest
 * chunk). Strong (rare) terms are scored first; once the bounds of the terms left cannot lift an
 * unseen chunk into the top k, the long lists of common bigrams are only probed by galloping search
 * for the few chunks that still could, never walked. Measured against document-at-a-time MaxScore
 * (Lucene's way) in this JavaScript engine, this kept the exhaustive search's tight array loops for
 * the short lists and was the faster of the two (scripts/measure-pruning.ts).
 *
 * The result is the exhaustive top k (same scores to rounding, ties to the lower slot): a chunk is
 * left out only when a bound on its score is below the k-th score of chunks already scored.
 * tests/store/sparse-maxscore.test.ts compares both on random queries.
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

  get weakestSlot(): number {
    return this.slots[0] as number;
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

/**
 * Term-at-a-time MaxScore ("continue" strategy): terms strongest bound first, scores accumulated in
 * an array as the exhaustive search does. Before a long list, once the bounds of the terms left sum
 * below the current k-th score, no chunk untouched so far can enter the top k: the remaining lists
 * are then only probed (galloping) for the candidates that still could, instead of walked.
 */
export function maxScoreTopK(input: PruneInput): { slot: number; score: number }[] {
  const { topN, avg, lengths, live, allowed } = input;
  if (topN <= 0) return [];
  const terms = input.terms
    .filter((t) => t.length > 0)
    .map((t) => ({ ...t, bound: termScore(t.idf, t.maxTf, t.minLength, avg) }))
    .sort((a, b) => b.bound - a.bound);
  const n = terms.length;
  if (n === 0) return [];
  // rest[i] = sum of the bounds of terms i..n−1.
  const rest = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) rest[i] = (rest[i + 1] as number) + (terms[i] as { bound: number }).bound;
  const scores = new Float64Array(lengths.length);
  const seen = new Uint8Array(lengths.length);
  const touched: number[] = [];
  let i = 0;
  let candidates: number[] | undefined;
  for (; i < n; i++) {
    const t = terms[i] as TermList;
    // Worth checking only before a list longer than what has been touched so far.
    if (touched.length >= topN && t.length > 2 * touched.length) {
      const threshold = kthScore(touched, scores, topN, allowed);
      if ((rest[i] as number) < threshold) {
        candidates = touched.filter((slot) => (scores[slot] as number) + (rest[i] as number) >= threshold);
        candidates.sort((a, b) => a - b);
        break;
      }
    }
    const { slots, tfs, length, idf } = t;
    for (let p = 0; p < length; p++) {
      const slot = slots[p] as number;
      const docLength = lengths[slot] as number;
      if (docLength < 0 || !live(slot)) continue;
      if (seen[slot] === 0) {
        seen[slot] = 1;
        touched.push(slot);
      }
      scores[slot] = (scores[slot] as number) + termScore(idf, tfs[p] as number, docLength, avg);
    }
  }
  if (candidates) {
    for (; i < n; i++) {
      const t = terms[i] as TermList;
      let p = 0;
      for (const slot of candidates) {
        p = seek(t.slots, t.length, p, slot);
        if (p >= t.length) break;
        if (t.slots[p] === slot) {
          scores[slot] = (scores[slot] as number) + termScore(t.idf, t.tfs[p] as number, lengths[slot] as number, avg);
        }
      }
    }
  }
  const heap = new TopHeap(topN);
  for (const slot of candidates ?? touched) {
    const score = scores[slot] as number;
    if (heap.full && !(score > heap.threshold || (score === heap.threshold && slot < heap.weakestSlot))) continue;
    if (allowed(slot)) heap.push(score, slot);
  }
  return heap.sorted();
}

/** The k-th best score among allowed touched chunks (−∞ when fewer than k). */
function kthScore(touched: number[], scores: Float64Array, k: number, allowed: (slot: number) => boolean): number {
  const heap = new TopHeap(k);
  for (const slot of touched) {
    const score = scores[slot] as number;
    if (heap.full && score <= heap.threshold) continue;
    if (allowed(slot)) heap.push(score, slot);
  }
  return heap.threshold;
}
