import { BM25_B, BM25_K1 } from "./bm25";
import { BLOCK, BLOCK_SHIFT } from "./sparse-blockmax";
import { seek, TopHeap } from "./sparse-top-heap";

/**
 * Top-k BM25 with dynamic pruning: block-max MaxScore, document at a time by windows of slots, as
 * Lucene's MaxScoreBulkScorer does. The slot space is walked in windows that end where some term's
 * current block of postings ends, so in a window each term has one bound: its block's maximum
 * (sparse-blockmax.ts), or 0 when it has no posting there. Per window:
 * - a window whose bounds sum to no more than the current k-th score is skipped whole (a chunk that
 *   only ties the k-th cannot enter: chunks come in ascending slot order and ties go to the lower);
 * - otherwise terms are split by their bounds: the weakest whose bounds sum to no more than the
 *   k-th score are non-essential (a chunk found only in them cannot enter); the essential terms'
 *   postings in the window are accumulated in a window-local array (tight loops), and only chunks
 *   whose partial score plus the non-essential bounds can beat the k-th are completed, by galloping
 *   in the non-essential lists.
 * A chunk that may enter is scored again exactly as the exhaustive search sums it (terms in query
 * order), so scores and ties are bit for bit those of searchExhaustive(); the filter is asked only
 * for chunks that would enter the top k, in ascending slot order (sparse-terms.ts relies on it).
 * tests/store/sparse-maxscore.test.ts compares both on random queries.
 *
 * Blocks are large (8,192 postings) and windows up to 32,768 slots: a question has 50–90 distinct
 * bigrams, and the per-window work over all of them (bounds, split) outweighed what tighter bounds
 * saved. Measured with scripts/measure-pruning.ts on the 1M benchmark corpus: blocks of 128 gave
 * p50 59 ms, 8,192 gave 14 ms (the term-at-a-time MaxScore this replaced: 180 ms; exhaustive ~500).
 */

export interface TermList {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
  idf: number;
  /** Block bounds (blockBounds() in sparse-blockmax.ts) at an average length ≥ the query's. */
  bounds: Float32Array;
}

export interface PruneInput {
  /** In the order the exhaustive search sums them (the query's). */
  terms: TermList[];
  topN: number;
  avg: number;
  /** Token count per slot (−1: deleted). */
  lengths: Int32Array;
  /** Searched groups by group number, with each slot's group; null: every group is searched. */
  groupOk: Uint8Array | null;
  slotGroups: Int32Array;
  /** The caller's filter, asked only for chunks that would enter the top k. */
  allowed: (slot: number) => boolean;
}

/** Widest window: bounds the window-local array when every term is rare. */
const WINDOW = 32768;
/** Reused across searches: a search runs to its end before another starts (one thread). */
const windowScores = new Float64Array(WINDOW);
/** A partial score this close below the k-th is completed exactly rather than trusted. */
const CLOSE = 1 - 1e-12;
const NONE = 2 ** 31 - 1;
const RESORT_TERMS = 128;

export function maxScoreTopK(input: PruneInput): { slot: number; score: number }[] {
  const { topN, avg, lengths, groupOk, slotGroups, allowed } = input;
  const terms = input.terms.filter((t) => t.length > 0);
  const n = terms.length;
  if (topN <= 0 || n === 0) return [];
  const k1 = BM25_K1;
  const norm0 = k1 * (1 - BM25_B);
  const normPerToken = (k1 * BM25_B) / avg;
  const weight = terms.map((t) => t.idf * (k1 + 1));
  const pos = new Int32Array(n); // each term's next posting (only moves forward)
  const block = new Int32Array(n); // each term's current block
  const exactAt = new Int32Array(n); // cursors of the exact rescoring
  const windowBound = new Float64Array(n);
  // Terms by window bound, ascending. A passage-long query (over 128 terms) keeps one order, by
  // the terms' largest block bound: re-sorting per window would cost more than it prunes.
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const resort = n <= RESORT_TERMS;
  if (!resort) {
    const largest = terms.map((t, i) => (weight[i] as number) * t.bounds.reduce((a, b) => Math.max(a, b), 0));
    order.sort((a, b) => (largest[a] as number) - (largest[b] as number));
  }
  const below = new Float64Array(n + 1); // below[j]: sum of the bounds of order[0..j)
  const heap = new TopHeap(topN);

  /** The chunk's score summed as searchExhaustive() sums it. */
  const exactScore = (slot: number): number => {
    const docLength = lengths[slot] as number;
    let score = 0;
    for (let t = 0; t < n; t++) {
      const { slots, tfs, length, idf } = terms[t] as TermList;
      const at = seek(slots, length, exactAt[t] as number, slot);
      exactAt[t] = at;
      if (at < length && slots[at] === slot) {
        const tf = tfs[at] as number;
        score += (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - BM25_B + (BM25_B * docLength) / avg));
      }
    }
    return score;
  };

  // Each term's current block: its first and last slot, and its bound (the term's weight in).
  const blockFirst = new Int32Array(n);
  const blockLast = new Int32Array(n);
  const blockMax = new Float64Array(n);
  /** Moves term t to its block holding its first posting ≥ windowMin (none left: never in a window). */
  const advance = (t: number, windowMin: number) => {
    const { slots, length, bounds } = terms[t] as TermList;
    let b = block[t] as number;
    let last = Math.min((b + 1) << BLOCK_SHIFT, length) - 1;
    while (last < length - 1 && (slots[last] as number) < windowMin) {
      b += 1;
      last = Math.min(last + BLOCK, length - 1);
    }
    block[t] = b;
    if ((slots[last] as number) < windowMin) {
      blockFirst[t] = NONE;
      blockLast[t] = NONE;
      return;
    }
    blockFirst[t] = slots[b << BLOCK_SHIFT] as number;
    blockLast[t] = slots[last] as number;
    blockMax[t] = (weight[t] as number) * (bounds[b] as number);
  };
  for (let t = 0; t < n; t++) advance(t, 0);

  let windowMin = 0;
  for (;;) {
    // The window ends where the first of the terms' current blocks ends.
    let windowMax = windowMin + WINDOW;
    let next = NONE;
    for (let t = 0; t < n; t++) {
      if ((blockLast[t] as number) < windowMin) advance(t, windowMin);
      const first = blockFirst[t] as number;
      if (first < next) next = first;
      const end = (blockLast[t] as number) + 1;
      if (end < windowMax) windowMax = end;
    }
    if (next === NONE) break;
    if (next > windowMin) {
      windowMin = next; // no term has a posting before
      continue;
    }
    const threshold = heap.threshold;
    let sum = 0;
    for (let t = 0; t < n; t++) {
      const bound = (blockFirst[t] as number) < windowMax ? (blockMax[t] as number) : 0;
      windowBound[t] = bound;
      sum += bound;
    }
    if (sum <= threshold) {
      windowMin = windowMax;
      continue;
    }
    if (resort) sortByBound(order, windowBound);
    let essential = 0;
    for (; essential < n; essential++) {
      const next = (below[essential] as number) + (windowBound[order[essential] as number] as number);
      if (next > threshold) break;
      below[essential + 1] = next;
    }
    // Essential terms: their postings in the window, accumulated.
    for (let j = essential; j < n; j++) {
      const t = order[j] as number;
      if (windowBound[t] === 0) continue;
      const { slots, tfs, length } = terms[t] as TermList;
      const w = weight[t] as number;
      const p0 = Math.max(pos[t] as number, (block[t] as number) << BLOCK_SHIFT);
      let p = seek(slots, length, p0, windowMin);
      for (; p < length; p++) {
        const slot = slots[p] as number;
        if (slot >= windowMax) break;
        const docLength = lengths[slot] as number;
        if (docLength < 0 || (groupOk !== null && groupOk[slotGroups[slot] as number] !== 1)) continue;
        const tf = tfs[p] as number;
        const i = slot - windowMin;
        windowScores[i] = (windowScores[i] as number) + (w * tf) / (tf + norm0 + normPerToken * docLength);
      }
      pos[t] = p;
    }
    const rest = below[essential] as number;
    for (let i = 0, width = windowMax - windowMin; i < width; i++) {
      let score = windowScores[i] as number;
      if (score === 0) continue;
      windowScores[i] = 0;
      const slot = windowMin + i;
      const bar = heap.threshold * CLOSE;
      if (score + rest < bar) continue;
      // Completed by the non-essential terms, strongest first, while it can still make it.
      let candidate = true;
      for (let j = essential - 1; j >= 0; j--) {
        const t = order[j] as number;
        if (windowBound[t] === 0) continue; // no posting in the window
        const { slots, tfs, length } = terms[t] as TermList;
        const p = seek(slots, length, pos[t] as number, slot);
        pos[t] = p;
        if (p < length && slots[p] === slot) {
          const tf = tfs[p] as number;
          score += ((weight[t] as number) * tf) / (tf + norm0 + normPerToken * (lengths[slot] as number));
        }
        if (score + (below[j] as number) < bar) {
          candidate = false;
          break;
        }
      }
      if (!candidate) continue;
      const exact = exactScore(slot);
      if ((!heap.full || exact > heap.threshold) && allowed(slot)) heap.push(exact, slot);
    }
    windowMin = windowMax;
  }
  return heap.sorted();
}

/** Insertion sort of term numbers by bound: few terms, and nearly in order from window to window. */
function sortByBound(order: Int32Array, bound: Float64Array): void {
  for (let i = 1; i < order.length; i++) {
    const t = order[i] as number;
    const b = bound[t] as number;
    let j = i - 1;
    while (j >= 0 && (bound[order[j] as number] as number) > b) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = t;
  }
}
