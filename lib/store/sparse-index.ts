import { BM25_B, BM25_K1, bm25Idf, termCounts } from "./bm25";
import { type BlockBounds, blockBounds } from "./sparse-blockmax";
import { maxScoreTopK, type TermList } from "./sparse-maxscore";
import { termGroupCheck } from "./sparse-terms";
import { topK } from "./top-k";
import type { SparseTerms } from "./types";

/**
 * An in-memory inverted index over slots (dense integer ids assigned by the store). BM25 is
 * computed exactly as the reference (lib/store/bm25.ts), with N, df and average length taken over the
 * live chunks of the searched corpora — so each corpus ranks as if it were indexed alone.
 */

interface Postings {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
  /** Block-max bounds, built on the term's first search (sparse-blockmax.ts). */
  blocks?: BlockBounds;
}

/** What scoring over a set of groups needs (SparseIndex.scorePass()). */
interface ScorePass {
  /** Live chunks of the groups, and their average length. */
  count: number;
  avg: number;
  /** Every group with chunks is searched: no group check per posting. */
  everyGroup: boolean;
  groupOk: Uint8Array;
  /** The term's idf over the groups; 0 when none of their live chunks holds it. */
  idf(p: Postings): number;
}

/**
 * Only the slots of these documents are scored: 판례 검색 (doc-match.ts) scores after matching, and
 * a filtered query's common word has most of its postings in decisions the filter left out.
 */
export interface ScoreOnly {
  /** Each slot's document (−1: none). */
  slotDoc: Int32Array;
  /** 1 for each document to score. */
  docs: Uint8Array;
}

/** The live part of an index, slots renumbered 0..n−1, as flat arrays (see sparse-snapshot.ts). */
export interface SparseArrays {
  terms: string[];
  /** Postings per term, in `terms` order; `slots` and `tfs` hold them back to back. */
  counts: Int32Array;
  slots: Int32Array;
  tfs: Uint16Array;
  /** Token count per (renumbered) slot. */
  lengths: Int32Array;
}

export class SparseIndex {
  private readonly postings = new Map<string, Postings>();
  /** Token count per slot; -1 marks a deleted slot. */
  private lengths = new Int32Array(1024).fill(-1);
  private groups = new Int32Array(1024);
  private readonly groupStats = new Map<number, { count: number; total: number; deleted: number }>();
  /** Deleted slots still in the postings (until the store compacts): df must then be counted. */
  private deleted = 0;
  /** Slots were added in ascending order (as the store does): the postings are sorted. */
  private ascending = true;
  private lastSlot = -1;

  add(slot: number, group: number, tokens: string[]): void {
    this.ensure(slot);
    this.lengths[slot] = tokens.length;
    this.groups[slot] = group;
    const stats = this.groupStats.get(group) ?? { count: 0, total: 0, deleted: 0 };
    stats.count += 1;
    stats.total += tokens.length;
    this.groupStats.set(group, stats);
    if (slot <= this.lastSlot) this.ascending = false;
    this.lastSlot = slot;
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
      stats.deleted += 1;
    }
    this.deleted += 1;
    this.lengths[slot] = -1;
  }

  /**
   * Top-N slots for the query among slots accepted by `allowed` (already restricted to `groups`),
   * with dynamic pruning (sparse-maxscore.ts): the same result as searchExhaustive().
   */
  search(
    queryTokens: string[],
    topN: number,
    groups: Set<number>,
    filterAllowed: (slot: number) => boolean,
    terms?: SparseTerms,
  ): { slot: number; score: number }[] {
    const check = termGroupCheck(terms, (token) => this.postings.get(token));
    if (check === undefined) return [];
    const allowed = check ? (slot: number) => check(slot) && filterAllowed(slot) : filterAllowed;
    const pass = this.scorePass(groups);
    if (!pass || topN <= 0) return [];
    const tokens = terms?.maxTerms ? this.distinctive(queryTokens, terms, pass.count) : queryTokens;
    if (!this.ascending) return this.searchExhaustive(tokens, topN, groups, allowed);
    const { avg } = pass;
    const lists: TermList[] = [];
    for (const term of new Set(tokens)) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = pass.idf(p);
      if (idf === 0) continue;
      lists.push({ slots: p.slots, tfs: p.tfs, length: p.length, idf, bounds: blockBounds(p, this.lengths, avg) });
    }
    return maxScoreTopK({
      terms: lists,
      topN,
      avg,
      lengths: this.lengths,
      groupOk: pass.everyGroup ? null : pass.groupOk,
      slotGroups: this.groups,
      allowed,
    });
  }

  /**
   * The `maxTerms` query tokens with the highest tf·idf (idf over every chunk: a choice of terms,
   * not a score), plus the tokens of `must` groups.
   */
  private distinctive(queryTokens: string[], terms: SparseTerms, count: number): string[] {
    const tf = termCounts(queryTokens);
    const keep = (terms.maxTerms as number) | 0;
    if (tf.size <= keep) return queryTokens;
    const weight = (t: string) => {
      const df = this.postings.get(t)?.length ?? 0;
      return df === 0 ? 0 : (tf.get(t) ?? 0) * bm25Idf(count, Math.min(count, df));
    };
    const ranked = [...tf.keys()].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1));
    return [...new Set([...ranked.slice(0, keep), ...(terms.must ?? []).flat()])];
  }

  /** Searched groups as a mask by group number (group numbers need not be dense). */
  private groupMask(groups: Set<number>): Uint8Array {
    let maxGroup = 0;
    for (const g of groups) maxGroup = Math.max(maxGroup, g);
    const groupOk = new Uint8Array(maxGroup + 1);
    for (const g of groups) groupOk[g] = 1;
    return groupOk;
  }

  /**
   * Whether `groups` are every group with chunks (no group check needed per posting), and whether
   * df is then simply a list's length (no deleted slot left in the postings); otherwise df is
   * counted, a pass over the list.
   */
  private coverage(groups: Set<number>): { everyGroup: boolean; plainDf: boolean } {
    let everyGroup = true;
    for (const [g, s] of this.groupStats) if ((s.count > 0 || s.deleted > 0) && !groups.has(g)) everyGroup = false;
    return { everyGroup, plainDf: everyGroup && this.deleted === 0 };
  }

  private liveDf(p: Postings, groupOk: Uint8Array): number {
    const { slots, length } = p;
    const lengths = this.lengths;
    const slotGroups = this.groups;
    let df = 0;
    for (let i = 0; i < length; i++) {
      const slot = slots[i] as number;
      if ((lengths[slot] as number) >= 0 && groupOk[slotGroups[slot] as number] === 1) df += 1;
    }
    return df;
  }

  /** Term-at-a-time over every posting: the reference the pruned search is tested against. */
  searchExhaustive(
    queryTokens: string[],
    topN: number,
    groups: Set<number>,
    allowed: (slot: number) => boolean,
  ): { slot: number; score: number }[] {
    if (topN <= 0) return [];
    const scores = new Float64Array(this.lengths.length);
    const touched = this.scoreAll(queryTokens, groups, scores);
    return topK(touched, (slot) => scores[slot] as number, topN, allowed).map((slot) => ({
      slot,
      score: scores[slot] as number,
    }));
  }

  /** What the ranked search and scoreAll() need to score over `groups`; undefined when they hold no chunk. */
  private scorePass(groups: Set<number>): ScorePass | undefined {
    let count = 0;
    let total = 0;
    for (const g of groups) {
      const s = this.groupStats.get(g);
      if (s) {
        count += s.count;
        total += s.total;
      }
    }
    if (count === 0) return undefined;
    // Sized by the searched groups: group numbers need not be dense (see MemoryIndex.compact()).
    const groupOk = this.groupMask(groups);
    // Every corpus searched (the usual page; any search of a one-corpus firm): df without a pass of
    // its own, and no group check per posting — each saved pass is a read of every posting of a
    // common bigram.
    const { everyGroup, plainDf } = this.coverage(groups);
    return {
      count,
      avg: total / count,
      everyGroup,
      groupOk,
      idf: (p) => {
        const df = plainDf ? p.length : this.liveDf(p, groupOk);
        return df === 0 ? 0 : bm25Idf(count, df);
      },
    };
  }

  /**
   * BM25 of every live slot of `groups` holding any of `queryTokens`, added into `scores` (sized
   * to `slotCapacity`), of `only`'s documents when given; returns the slots touched. The ranked
   * search and 판례 검색's exact matching (doc-match.ts) score alike.
   */
  scoreAll(queryTokens: string[], groups: Set<number>, scores: Float64Array, only?: ScoreOnly): number[] {
    const touched: number[] = [];
    const pass = this.scorePass(groups);
    if (!pass) return touched;
    for (const term of new Set(queryTokens)) {
      const p = this.postings.get(term);
      if (p) this.scoreInto(pass, p, scores, touched, only);
    }
    return touched;
  }

  /**
   * Adds one term's BM25 to `scores` for every live posting of the pass's groups (of `only`'s
   * documents when given); a slot scored for the first time is pushed to `touched`. Typed arrays, no
   * Map or Set: a common bigram has a posting for most chunks, and this loop is the whole cost of a
   * sparse query.
   */
  private scoreInto(pass: ScorePass, p: Postings, scores: Float64Array, touched: number[], only?: ScoreOnly): void {
    const idf = pass.idf(p);
    if (idf === 0) return;
    const { avg, everyGroup, groupOk } = pass;
    const lengths = this.lengths;
    const slotGroups = this.groups;
    const k1 = BM25_K1;
    const { slots, tfs, length } = p;
    for (let i = 0; i < length; i++) {
      const slot = slots[i] as number;
      const docLength = lengths[slot] as number;
      if (docLength < 0 || (!everyGroup && groupOk[slotGroups[slot] as number] !== 1)) continue;
      if (only && only.docs[only.slotDoc[slot] as number] !== 1) continue;
      const tf = tfs[i] as number;
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] =
        (scores[slot] as number) + (idf * (tf * (k1 + 1))) / (tf + k1 * (1 - BM25_B + (BM25_B * docLength) / avg));
    }
  }

  /** Slots a scores array for scoreAll() must hold. */
  get slotCapacity(): number {
    return this.lengths.length;
  }

  /** A term's postings, for matching outside the ranked search (doc-match.ts). */
  postingsOf(token: string): { slots: Int32Array; length: number } | undefined {
    return this.postings.get(token);
  }

  /** Whether the slot holds a live chunk. */
  isLive(slot: number): boolean {
    return (this.lengths[slot] ?? -1) >= 0;
  }

  /**
   * What exportArrays() returns, without copying the postings: the terms, their live counts and the
   * lengths now, and `pieces()` to go through the renamed slots, then the tfs, a bufferful at a time
   * (one buffer, reused: each piece must be consumed before the next is asked for, and nothing may
   * change the index meanwhile). A snapshot of an index without holes is written from this, so the
   * write needs a few MB instead of a second copy of every posting (~100 MB at 120k chunks).
   */
  exportLayout(remap: Int32Array, liveCount: number, piece = 1 << 18) {
    const live = (slot: number) => {
      const next = slot < remap.length ? (remap[slot] as number) : -1;
      return next >= 0 && (this.lengths[slot] as number) >= 0 ? next : -1;
    };
    const terms: string[] = [];
    const counts: number[] = [];
    const kept: Postings[] = [];
    for (const [term, p] of this.postings) {
      let count = 0;
      for (let i = 0; i < p.length; i++) if (live(p.slots[i] as number) >= 0) count += 1;
      if (count === 0) continue;
      terms.push(term);
      counts.push(count);
      kept.push(p);
    }
    const lengths = new Int32Array(liveCount);
    for (let old = 0; old < remap.length; old++) {
      const next = remap[old] as number;
      if (next >= 0) lengths[next] = this.lengths[old] as number;
    }
    function* pieces<T extends Int32Array | Uint16Array>(buffer: T, value: (p: Postings, i: number) => number) {
      let at = 0;
      for (const p of kept) {
        for (let i = 0; i < p.length; i++) {
          if (live(p.slots[i] as number) < 0) continue;
          buffer[at++] = value(p, i);
          if (at === buffer.length) {
            yield buffer;
            at = 0;
          }
        }
      }
      if (at > 0) yield buffer.subarray(0, at) as T;
    }
    return {
      terms,
      counts: Int32Array.from(counts),
      lengths,
      slotPieces: () => pieces(new Int32Array(piece), (p, i) => live(p.slots[i] as number)),
      tfPieces: () => pieces(new Uint16Array(piece), (p, i) => p.tfs[i] as number),
    };
  }

  /**
   * The live postings with slot `old` renamed `remap[old]` (−1: dropped). Live slots must map to
   * 0..n−1 in their original order so each term's postings stay sorted.
   */
  exportArrays(remap: Int32Array, liveCount: number): SparseArrays {
    // The layout counts the live postings first, so the arrays are allocated at their exact size.
    const { terms, counts, lengths, slotPieces, tfPieces } = this.exportLayout(remap, liveCount);
    let total = 0;
    for (const count of counts) total += count;
    const gather = <T extends Int32Array | Uint16Array>(into: T, pieces: Iterable<T>): T => {
      let at = 0;
      for (const piece of pieces) {
        into.set(piece, at);
        at += piece.length;
      }
      return into;
    };
    return {
      terms,
      counts,
      lengths,
      slots: gather(new Int32Array(total), slotPieces()),
      tfs: gather(new Uint16Array(total), tfPieces()),
    };
  }

  /**
   * Replaces this (empty) index's content; postings become views on the arrays (grown on write).
   * A slot whose length is −1 is imported as deleted.
   */
  importArrays(arrays: SparseArrays, groups: Int32Array): void {
    const n = arrays.lengths.length;
    this.ensure(Math.max(0, n - 1));
    this.lengths.fill(-1);
    this.lengths.set(arrays.lengths);
    this.groups.set(groups.subarray(0, n));
    this.groupStats.clear();
    this.deleted = 0;
    this.ascending = true;
    this.lastSlot = n - 1;
    for (let slot = 0; slot < n; slot++) {
      const g = groups[slot] as number;
      // A slot the caller marked deleted (length −1) before importing.
      if ((arrays.lengths[slot] as number) < 0) {
        const stats = this.groupStats.get(g) ?? { count: 0, total: 0, deleted: 0 };
        stats.deleted += 1;
        this.groupStats.set(g, stats);
        this.deleted += 1;
        continue;
      }
      const stats = this.groupStats.get(g) ?? { count: 0, total: 0, deleted: 0 };
      stats.count += 1;
      stats.total += arrays.lengths[slot] as number;
      this.groupStats.set(g, stats);
    }
    this.postings.clear();
    let at = 0;
    for (const [i, term] of arrays.terms.entries()) {
      const length = arrays.counts[i] as number;
      this.postings.set(term, {
        slots: arrays.slots.subarray(at, at + length),
        tfs: arrays.tfs.subarray(at, at + length),
        length,
      });
      at += length;
    }
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
