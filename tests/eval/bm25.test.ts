import { describe, expect, it } from "vitest";
import { Bm25Index, bm25Idf } from "@/lib/store/bm25";

describe("Okapi BM25 reference (k1 1.2, b 0.75, Lucene idf)", () => {
  it("scores a hand-computed example", () => {
    const index = new Bm25Index();
    index.add("a", ["회원권", "이용료", "이용료"]); // length 3
    index.add("b", ["이용료"]); // length 1
    index.add("c", ["이혼", "재산", "분할", "청구"]); // length 4; average length 8/3
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // "이용료": df 2 of 3
    expect(bm25Idf(3, 2)).toBeCloseTo(idf, 12);
    const tf = (f: number, len: number) => (f * 2.2) / (f + 1.2 * (0.25 + (0.75 * len) / (8 / 3)));
    const hits = index.search(["이용료"], 10);
    expect(hits.map((h) => h.id)).toEqual(["b", "a"]);
    expect(hits[0]?.score).toBeCloseTo(idf * tf(1, 1), 12);
    expect(hits[1]?.score).toBeCloseTo(idf * tf(2, 3), 12);
  });

  it("counts a repeated query term once, ignores unknown terms and honours topN", () => {
    const index = new Bm25Index();
    index.add("a", ["x", "y"]);
    index.add("b", ["y"]);
    expect(index.search(["x", "x"], 10)).toEqual(index.search(["x"], 10));
    expect(index.search(["nothing"], 10)).toEqual([]);
    expect(index.search(["y"], 1)).toHaveLength(1);
    expect(index.size).toBe(2);
  });
});
