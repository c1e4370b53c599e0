import { BM25_B, BM25_K1 } from "./bm25";

/**
 * Block-max metadata for the pruned search (sparse-maxscore.ts): per term, per block of BLOCK
 * postings, an upper bound on the term's tf saturation tf / (tf + k1·(1 − b + b·length/avg)) over
 * the block's chunks. Times idf·(k1 + 1), it bounds what the term adds to any chunk of the block.
 *
 * The bound is the exact block maximum at an average length `avg` a little above the query's
 * (saturation rises with avg), so it stays valid while the average grows by up to SLACK and is
 * recomputed beyond (or when the average fell so far that the bounds got loose). It is built on a
 * term's first search (one pass over its postings: the cost of scoring it exhaustively once, never
 * written to the snapshot) and then kept up to date: appended postings only touch the last block;
 * a deleted chunk only lowers real scores, so the bounds stay upper bounds.
 */

export const BLOCK_SHIFT = 13;
export const BLOCK = 1 << BLOCK_SHIFT;
const SLACK = 1.02;
/**
 * Stored bounds are float32, rounded up by far more than the float64 rounding of any score, so a
 * chunk whose score (summed in any order) could tie or beat the k-th is never skipped.
 */
const ROUND_UP = 1 + 2 ** -20;

export interface BlockBounds {
  /** Per block: the largest saturation among its live postings at `avg`. */
  bounds: Float32Array;
  avg: number;
  /** Postings covered so far (the list may have grown since). */
  upTo: number;
}

interface Postings {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
  blocks?: BlockBounds;
}

/** The bounds of `p` valid for a query over chunks of average length `avg`. */
export function blockBounds(p: Postings, lengths: Int32Array, avg: number): Float32Array {
  let b = p.blocks;
  if (!b || avg > b.avg || avg * SLACK * SLACK < b.avg) {
    b = { bounds: new Float32Array(0), avg: avg * SLACK, upTo: 0 };
    p.blocks = b;
  }
  if (b.upTo === p.length) return b.bounds;
  const blocks = (p.length + BLOCK - 1) >> BLOCK_SHIFT;
  if (blocks > b.bounds.length) {
    const grown = new Float32Array(Math.max(blocks, Math.min(2 * b.bounds.length, blocks + 1024)));
    grown.set(b.bounds);
    b.bounds = grown;
  }
  const { slots, tfs } = p;
  const bounds = b.bounds;
  const norm0 = BM25_K1 * (1 - BM25_B);
  const normPerToken = (BM25_K1 * BM25_B) / b.avg;
  for (let i = b.upTo; i < p.length; i++) {
    const length = lengths[slots[i] as number] as number;
    // A deleted chunk is never scored again: it needs no bound.
    if (length < 0) continue;
    const tf = tfs[i] as number;
    const s = Math.fround((ROUND_UP * tf) / (tf + norm0 + normPerToken * length));
    const block = i >> BLOCK_SHIFT;
    if (s > (bounds[block] as number)) bounds[block] = s;
  }
  b.upTo = p.length;
  return bounds;
}
