import { describe, expect, it } from "vitest";
import { SparseIndex } from "@/lib/store/sparse-index";

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

/** Same ranking up to ties: equal scores (1e-9), and the same ids wherever the score is not tied. */
function expectSame(pruned: Hit[], exhaustive: Hit[]): void {
  expect(pruned.length).toBe(exhaustive.length);
  for (let i = 0; i < pruned.length; i++) {
    expect(Math.abs((pruned[i] as Hit).score - (exhaustive[i] as Hit).score)).toBeLessThan(1e-9);
  }
  const last = exhaustive.at(-1)?.score ?? 0;
  const untied = (hits: Hit[]) =>
    hits
      .filter((h) => h.score > last + 1e-9)
      .map((h) => h.slot)
      .sort((a, b) => a - b);
  expect(untied(pruned)).toEqual(untied(exhaustive));
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
