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
  }
  return { index, groups, random };
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
  const { index, groups, random } = build(7, 3000);
  const query = (terms: number) => Array.from({ length: terms }, () => draw(random, 3000));

  it("on random queries, all groups, top 30", () => {
    let nonEmpty = 0;
    for (let q = 0; q < 100; q++) {
      const tokens = query(1 + Math.floor(random() * 40));
      const all = new Set([0, 1, 3]);
      const exhaustive = index.searchExhaustive(tokens, 30, all, () => true);
      if (exhaustive.length > 0) nonEmpty += 1;
      expectSame(index.search(tokens, 30, all, () => true), exhaustive);
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

  it("after deletions (df counted over live chunks) and later additions", () => {
    const { index: changed, random: r } = build(11, 3000);
    for (let slot = 0; slot < 3000; slot += 7) changed.remove(slot);
    for (let slot = 3000; slot < 3300; slot++) changed.add(slot, 0, Array.from({ length: 40 }, () => draw(r, 3000)));
    for (let q = 0; q < 60; q++) {
      const tokens = Array.from({ length: 1 + Math.floor(r() * 30) }, () => draw(r, 3000));
      const all = new Set([0, 1, 3]);
      expectSame(changed.search(tokens, 30, all, () => true), changed.searchExhaustive(tokens, 30, all, () => true));
    }
  });

  it("after a snapshot round trip (bounds computed on first use)", () => {
    const remap = Int32Array.from({ length: 3000 }, (_, i) => i);
    const copy = new SparseIndex();
    copy.importArrays(index.exportArrays(remap, 3000), Int32Array.from(groups));
    for (let q = 0; q < 40; q++) {
      const tokens = query(1 + Math.floor(random() * 30));
      const all = new Set([0, 1, 3]);
      expectSame(copy.search(tokens, 30, all, () => true), index.searchExhaustive(tokens, 30, all, () => true));
    }
  });
});
