import { describe, expect, it } from "vitest";
import { BM25_B, BM25_K1, bm25Idf } from "@/lib/store/bm25";
import { blockBounds } from "@/lib/store/sparse-blockmax";
import { SparseIndex } from "@/lib/store/sparse-index";
import { maxScoreTopK, type TermList } from "@/lib/store/sparse-maxscore";

// A seeded generator, so that a failure can be replayed.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Zipf-like draws over a vocabulary: a few terms in most chunks, a long tail in few (as bigrams). */
function draw(random: () => number, vocabulary: number): string {
  return `t${Math.floor(vocabulary ** random() - 1)}`;
}

function build(seed: number, chunks: number) {
  const random = rng(seed);
  const index = new SparseIndex();
  const groups: number[] = [];
  const docs: Set<string>[] = [];
  for (let slot = 0; slot < chunks; slot++) {
    const group = random() < 0.8 ? 0 : random() < 0.5 ? 1 : 3;
    groups.push(group);
    const length = 5 + Math.floor(random() * 120);
    // Duplicated chunks make exact ties.
    const tokens =
      slot > 10 && random() < 0.05
        ? Array.from({ length }, (_, i) => `t${i % 7}`)
        : Array.from({ length }, () => draw(random, 3000));
    index.add(slot, group, tokens);
    docs.push(new Set(tokens));
  }
  return { index, groups, docs, random };
}

type Hit = { slot: number; score: number };

/**
 * The pruned search sums a chunk's score exactly as the exhaustive search does and breaks ties the
 * same way (lower slot first): the results must be equal, slot for slot, score for score.
 */
function expectSame(pruned: Hit[], exhaustive: Hit[]): void {
  expect(pruned).toEqual(exhaustive);
}

describe("SparseIndex: pruned top-k equals exhaustive BM25", () => {
  const { index, groups, docs, random } = build(7, 3000);
  const query = (terms: number) => Array.from({ length: terms }, () => draw(random, 3000));

  it("on random queries, all groups, top 30", () => {
    let nonEmpty = 0;
    for (let q = 0; q < 100; q++) {
      const tokens = query(1 + Math.floor(random() * 40));
      const all = new Set([0, 1, 3]);
      const exhaustive = index.searchExhaustive(tokens, 30, all, () => true);
      if (exhaustive.length > 0) nonEmpty += 1;
      expectSame(
        index.search(tokens, 30, all, () => true),
        exhaustive,
      );
    }
    expect(nonEmpty).toBeGreaterThan(60);
  });

  it("with a group subset, a filter, other k, and long (passage) queries", () => {
    const ok = (slot: number) => slot % 3 !== 0;
    for (let q = 0; q < 60; q++) {
      const tokens = query(q % 10 === 0 ? 400 : 1 + Math.floor(random() * 30));
      const k = [1, 10, 30, 100][q % 4] as number;
      for (const set of [new Set([0]), new Set([1, 3]), new Set([0, 1, 3])]) {
        const allowed = (slot: number) => ok(slot) && set.has(groups[slot] as number);
        expectSame(index.search(tokens, k, set, allowed), index.searchExhaustive(tokens, k, set, allowed));
      }
    }
  });

  it("with required and excluded words: the exhaustive ranking of the chunks that pass", () => {
    const all = new Set([0, 1, 3]);
    let kept = 0;
    for (let q = 0; q < 60; q++) {
      const tokens = query(2 + Math.floor(random() * 20));
      const must = [[tokens[0] as string], q % 2 ? [draw(random, 40), draw(random, 40)] : []];
      const mustNot = [[draw(random, 200)], [draw(random, 30), draw(random, 30)]];
      const passes = (slot: number) => {
        const doc = docs[slot] as Set<string>;
        return must.every((g) => g.every((t) => doc.has(t))) && !mustNot.some((g) => g.every((t) => doc.has(t)));
      };
      const pruned = index.search(tokens, 30, all, () => true, { must, mustNot });
      const reference = index.searchExhaustive(tokens, 30, all, passes);
      expectSame(pruned, reference);
      kept += pruned.length;
    }
    expect(kept).toBeGreaterThan(0);
  });

  it("maxTerms keeps the query's most distinctive tokens", () => {
    const all = new Set([0, 1, 3]);
    const tokens = query(300);
    const capped = index.search(tokens, 30, all, () => true, { maxTerms: 20 });
    expect(capped.length).toBeGreaterThan(0);
    // Its result is the exhaustive ranking over some 20 of the query's distinct tokens.
    const distinct = new Set(tokens);
    expect(distinct.size).toBeGreaterThan(20);
    const full = index.search(tokens, 30, all, () => true);
    expect(capped.map((h) => h.score)).not.toEqual(full.map((h) => h.score));
  });

  it("after deletions (df counted over live chunks) and later additions", () => {
    const { index: changed, random: r } = build(11, 3000);
    for (let slot = 0; slot < 3000; slot += 7) changed.remove(slot);
    for (let slot = 3000; slot < 3300; slot++)
      changed.add(
        slot,
        0,
        Array.from({ length: 40 }, () => draw(r, 3000)),
      );
    for (let q = 0; q < 60; q++) {
      const tokens = Array.from({ length: 1 + Math.floor(r() * 30) }, () => draw(r, 3000));
      const all = new Set([0, 1, 3]);
      expectSame(
        changed.search(tokens, 30, all, () => true),
        changed.searchExhaustive(tokens, 30, all, () => true),
      );
    }
  });

  it("after a snapshot round trip (bounds computed on first use)", () => {
    const remap = Int32Array.from({ length: 3000 }, (_, i) => i);
    const copy = new SparseIndex();
    copy.importArrays(index.exportArrays(remap, 3000), Int32Array.from(groups));
    for (let q = 0; q < 40; q++) {
      const tokens = query(1 + Math.floor(random() * 30));
      const all = new Set([0, 1, 3]);
      expectSame(
        copy.search(tokens, 30, all, () => true),
        index.searchExhaustive(tokens, 30, all, () => true),
      );
    }
  });
});

describe("SparseIndex: block-max windows over long posting lists", () => {
  // Long lists (common terms span several blocks of postings, the slots more than one widest window)
  // and a repeating stretch of chunks, as in the 1M benchmark corpus: many exact ties.
  const random = rng(23);
  const index = new SparseIndex();
  const groups: number[] = [];
  const texts: string[][] = [];
  const addChunk = (slot: number, tokens: string[]) => {
    const group = slot % 5 === 0 ? 1 : slot % 11 === 0 ? 2 : 0;
    groups[slot] = group;
    texts[slot] = tokens;
    index.add(slot, group, tokens);
  };
  for (let slot = 0; slot < 36_000; slot++) {
    const tokens =
      slot >= 6000 && slot % 2 === 0
        ? (texts[slot % 300] as string[])
        : Array.from({ length: 5 + Math.floor(random() * 60) }, () => draw(random, 400));
    addChunk(slot, tokens);
  }
  const query = (terms: number) => Array.from({ length: terms }, () => draw(random, 400));
  const compareMany = (label: string, count: number) => {
    let nonEmpty = 0;
    for (let q = 0; q < count; q++) {
      const tokens = query(q % 9 === 0 ? 1500 : 1 + Math.floor(random() * 40));
      const k = [1, 30, 100][q % 3] as number;
      const set = [new Set([0, 1, 2]), new Set([0]), new Set([1, 2])][q % 3] as Set<number>;
      const inSet = (slot: number) => set.has(groups[slot] as number);
      const filter = q % 4 === 3 ? (slot: number) => slot % 3 !== 0 : () => true;
      const allowed = (slot: number) => inSet(slot) && filter(slot);
      const exhaustive = index.searchExhaustive(tokens, k, set, allowed);
      if (exhaustive.length > 0) nonEmpty += 1;
      expect({ label, q, hits: index.search(tokens, k, set, filter) }).toEqual({ label, q, hits: exhaustive });
    }
    expect(nonEmpty).toBeGreaterThan(count / 2);
  };

  it("equals exhaustive on random and passage-long queries, any k, groups and filter", () => {
    compareMany("fresh", 45);
  });

  it("stays exact after appends (longer chunks: bounds rebuilt; then a few: extended) and deletions", () => {
    compareMany("before", 9);
    for (let slot = 36_000; slot < 37_500; slot++)
      addChunk(
        slot,
        Array.from({ length: 150 + Math.floor(random() * 150) }, () => draw(random, 400)),
      );
    compareMany("appended", 15);
    // A few chunks of usual length: the average stays within the bounds' slack, the last blocks grow.
    for (let slot = 37_500; slot < 37_540; slot++)
      addChunk(
        slot,
        Array.from({ length: 60 }, () => draw(random, 400)),
      );
    compareMany("extended", 9);
    for (let slot = 0; slot < 37_500; slot += 7) index.remove(slot);
    compareMany("deleted", 15);
  });
});

describe("maxScoreTopK: the comparison catches a wrong bound", () => {
  // Postings built here, scored by a plain loop: with block bounds halved, some top k must differ.
  const random = rng(5);
  const chunks = Array.from({ length: 6000 }, () =>
    Array.from({ length: 5 + Math.floor(random() * 60) }, () => draw(random, 300)),
  );
  const lengths = Int32Array.from(chunks, (c) => c.length);
  const avg = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  const postings = new Map<string, { slots: number[]; tfs: number[] }>();
  chunks.forEach((tokens, slot) => {
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [t, tf] of counts) {
      const p = postings.get(t) ?? { slots: [], tfs: [] };
      p.slots.push(slot);
      p.tfs.push(tf);
      postings.set(t, p);
    }
  });
  const search = (tokens: string[], scale: number) => {
    const terms: TermList[] = [];
    for (const t of new Set(tokens)) {
      const p = postings.get(t);
      if (!p) continue;
      const list = { slots: Int32Array.from(p.slots), tfs: Uint16Array.from(p.tfs), length: p.slots.length };
      const bounds = blockBounds(list, lengths, avg).map((b) => b * scale);
      terms.push({ ...list, idf: bm25Idf(chunks.length, list.length), bounds });
    }
    const input = { terms, topN: 10, avg, lengths, groupOk: null, slotGroups: new Int32Array(6000) };
    return maxScoreTopK({ ...input, allowed: () => true });
  };
  const reference = (tokens: string[]) => {
    const scores = new Float64Array(chunks.length);
    for (const t of new Set(tokens)) {
      const p = postings.get(t);
      if (!p) continue;
      const idf = bm25Idf(chunks.length, p.slots.length);
      p.slots.forEach((slot, i) => {
        const tf = p.tfs[i] as number;
        scores[slot] =
          (scores[slot] as number) +
          (idf * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[slot] as number)) / avg));
      });
    }
    return [...scores.entries()]
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 10)
      .map(([slot, score]) => ({ slot, score }));
  };

  it("equal with the true bounds, different with halved ones", () => {
    let wrong = 0;
    for (let q = 0; q < 40; q++) {
      const tokens = Array.from({ length: 2 + Math.floor(random() * 12) }, () => draw(random, 300));
      const expected = reference(tokens);
      expect(search(tokens, 1)).toEqual(expected);
      if (JSON.stringify(search(tokens, 0.5)) !== JSON.stringify(expected)) wrong += 1;
    }
    expect(wrong).toBeGreaterThan(0);
  });
});
