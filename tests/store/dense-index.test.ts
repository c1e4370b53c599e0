import { describe, expect, it } from "vitest";
import { DenseIndex, type DenseScope } from "@/lib/store/dense-index";
import { clustered } from "./dense-support";

/** DenseIndex on its own (what the index worker holds): graphs per corpus, removals, compaction. */

const DIMS = 32;
const normalized = (v: number[]) => {
  const norm = Math.hypot(...v) || 1;
  return Float32Array.from(v, (x) => x / norm);
};
const everything: DenseScope = { allowed: () => true, corpusOnly: true };
const only = (corpus: string, corpusOf: (slot: number) => string): DenseScope => ({
  allowed: (slot) => corpusOf(slot) === corpus,
  corpora: new Set([corpus]),
  corpusOnly: true,
});

function filled(perCorpus: Record<string, number>, seed: number) {
  const dense = new DenseIndex({ minVectors: 100, exactFraction: 0.05, ef: 64 });
  dense.settle([]);
  const vector = clustered(DIMS, seed);
  const corpusOf: string[] = [];
  for (const [corpus, n] of Object.entries(perCorpus)) {
    for (let i = 0; i < n; i++) {
      corpusOf.push(corpus);
      dense.put(corpusOf.length - 1, normalized(vector()), corpus);
    }
  }
  while (dense.backlog > 0) dense.build(1_000);
  return { dense, corpusOf, query: () => normalized(vector()) };
}

const ids = (hits: { slot: number }[]) => hits.map((h) => h.slot);

describe("DenseIndex", () => {
  it("keeps one graph per corpus and merges them into the exact top k", () => {
    const { dense, corpusOf, query } = filled({ a: 600, b: 300, tiny: 40 }, 3);
    expect(dense.describe().map((g) => [g.corpus, g.live])).toEqual([
      ["a", 600],
      ["b", 300],
    ]);
    let recall = 0;
    for (let i = 0; i < 20; i++) {
      const q = query();
      const want = ids(dense.search(q, 20, everything, true));
      const got = ids(dense.search(q, 20, everything));
      recall += got.filter((slot) => want.includes(slot)).length / want.length / 20;
      // One corpus: only its graph (or, for "tiny", its exact pass) answers, and only its slots come back.
      for (const corpus of ["b", "tiny"]) {
        const scoped = ids(
          dense.search(
            q,
            10,
            only(corpus, (s) => corpusOf[s] as string),
          ),
        );
        expect(scoped).toHaveLength(10);
        expect(scoped.every((slot) => corpusOf[slot] === corpus)).toBe(true);
      }
    }
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("forgets a removed vector at once and unlinks it from the graph in the next build slice", () => {
    const { dense, query } = filled({ a: 400 }, 5);
    const q = query();
    const [first] = dense.search(q, 1, everything);
    const slot = first?.slot as number;
    dense.remove(slot);
    expect(dense.backlog).toBe(1);
    expect(ids(dense.search(q, 30, everything))).not.toContain(slot);
    dense.build(1_000);
    expect(dense.backlog).toBe(0);
    expect(dense.describe()[0]).toMatchObject({ live: 399, deleted: 1 });
    expect(ids(dense.search(q, 30, everything))).not.toContain(slot);
  });

  it("drops a deleted corpus's graph whole, and follows slots through compaction", () => {
    const { dense, corpusOf, query } = filled({ a: 300, b: 300 }, 9);
    dense.removeCorpus("a");
    expect(dense.describe().map((g) => g.corpus)).toEqual(["b"]);
    expect(dense.backlog).toBe(0);
    const q = query();
    const before = dense.search(q, 10, everything);
    expect(before.every((h) => corpusOf[h.slot] === "b")).toBe(true);
    // Compaction moves b's slots 300–599 to 0–299.
    const remap = Int32Array.from(corpusOf, (corpus, slot) => (corpus === "a" ? -1 : slot - 300));
    dense.compact(remap, 300);
    expect(dense.search(q, 10, everything)).toEqual(before.map((h) => ({ ...h, slot: h.slot - 300 })));
  });
});
