import { bm25Idf, bm25Tf, termCounts } from "../rag/bm25";

/**
 * An in-memory inverted index over slots (dense integer ids assigned by the store). BM25 is
 * computed exactly as the reference (lib/rag/bm25.ts), with N, df and average length taken over the
 * live chunks of the searched corpora — so each corpus ranks as if it were indexed alone.
 */

interface Postings {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
}

export class SparseIndex {
  private readonly postings = new Map<string, Postings>();
  /** Token count per slot; -1 marks a deleted slot. */
  private lengths = new Int32Array(1024).fill(-1);
  private groups = new Int32Array(1024);
  private readonly groupStats = new Map<number, { count: number; total: number }>();

  add(slot: number, group: number, tokens: string[]): void {
    this.ensure(slot);
    this.lengths[slot] = tokens.length;
    this.groups[slot] = group;
    const stats = this.groupStats.get(group) ?? { count: 0, total: 0 };
    stats.count += 1;
    stats.total += tokens.length;
    this.groupStats.set(group, stats);
    for (const [term, tf] of termCounts(tokens)) {
      let p = this.postings.get(term);
      if (!p) {
        p = { slots: new Int32Array(4), tfs: new Uint16Array(4), length: 0 };
        this.postings.set(term, p);
      }
      if (p.length === p.slots.length) {
        const slots = new Int32Array(p.slots.length * 2);
        slots.set(p.slots);
        const tfs = new Uint16Array(p.tfs.length * 2);
        tfs.set(p.tfs);
        p.slots = slots;
        p.tfs = tfs;
      }
      p.slots[p.length] = slot;
      p.tfs[p.length] = Math.min(tf, 65_535);
      p.length += 1;
    }
  }

  /** Deleted slots stay in the postings and are skipped; the store compacts on reopen. */
  remove(slot: number): void {
    const length = this.lengths[slot] ?? -1;
    if (length < 0) return;
    const stats = this.groupStats.get(this.groups[slot] ?? 0);
    if (stats) {
      stats.count -= 1;
      stats.total -= length;
    }
    this.lengths[slot] = -1;
  }

  /** Top-N slots for the query among slots accepted by `allowed` (already restricted to `groups`). */
  search(
    queryTokens: string[],
    topN: number,
    groups: Set<number>,
    allowed: (slot: number) => boolean,
  ): { slot: number; score: number }[] {
    let count = 0;
    let total = 0;
    for (const g of groups) {
      const s = this.groupStats.get(g);
      if (s) {
        count += s.count;
        total += s.total;
      }
    }
    if (count === 0) return [];
    const avg = total / count;
    const scores = new Map<number, number>();
    for (const term of new Set(queryTokens)) {
      const p = this.postings.get(term);
      if (!p) continue;
      let df = 0;
      for (let i = 0; i < p.length; i++) {
        const slot = p.slots[i] as number;
        if ((this.lengths[slot] ?? -1) >= 0 && groups.has(this.groups[slot] as number)) df += 1;
      }
      if (df === 0) continue;
      const idf = bm25Idf(count, df);
      for (let i = 0; i < p.length; i++) {
        const slot = p.slots[i] as number;
        const length = this.lengths[slot] ?? -1;
        if (length < 0 || !groups.has(this.groups[slot] as number)) continue;
        scores.set(slot, (scores.get(slot) ?? 0) + idf * bm25Tf(p.tfs[i] as number, length, avg));
      }
    }
    const hits: { slot: number; score: number }[] = [];
    for (const [slot, score] of scores) if (allowed(slot)) hits.push({ slot, score });
    return hits.sort((a, b) => b.score - a.score || a.slot - b.slot).slice(0, topN);
  }

  private ensure(slot: number): void {
    if (slot < this.lengths.length) return;
    let size = this.lengths.length;
    while (size <= slot) size *= 2;
    const lengths = new Int32Array(size).fill(-1);
    lengths.set(this.lengths);
    const groups = new Int32Array(size);
    groups.set(this.groups);
    this.lengths = lengths;
    this.groups = groups;
  }
}
