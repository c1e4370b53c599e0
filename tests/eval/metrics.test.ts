import { describe, expect, it } from "vitest";
import { caseNdcgAtK, chunkNdcgAtK, recallAtK, reciprocalRank } from "@/lib/eval/metrics";

const ranked = (...cases: string[]) => cases.map((caseNo) => ({ caseNo }));
const log2 = Math.log2;

describe("retrieval metrics", () => {
  it("Recall@k is 1 when any top-k chunk belongs to a gold case", () => {
    const list = ranked("1다1", "2다2", "3다3");
    expect(recallAtK(list, ["3다3"], 2)).toBe(0);
    expect(recallAtK(list, ["3다3"], 3)).toBe(1);
    expect(recallAtK(list, ["3 다 3"], 3)).toBe(1);
  });

  it("case-level NDCG de-duplicates cases before discounting", () => {
    // Cases in order: A, B (A's second chunk is dropped), C. Gold: B and C.
    const list = ranked("A1다1", "A1다1", "B2다2", "C3다3");
    const dcg = 1 / log2(3) + 1 / log2(4);
    const idcg = 1 / log2(2) + 1 / log2(3);
    expect(caseNdcgAtK(list, ["B2다2", "C3다3"], 10)).toBeCloseTo(dcg / idcg, 12);
    // Ideal is capped by k.
    expect(caseNdcgAtK(ranked("B2다2"), ["B2다2", "C3다3"], 1)).toBeCloseTo(1, 12);
  });

  it("a joined gold number matches its parts, and a joined ranked number counts once", () => {
    expect(caseNdcgAtK(ranked("94므833"), ["94므826, 833"], 10)).toBeCloseTo(1, 12);
    expect(recallAtK(ranked("94므826, 833"), ["94므826"], 1)).toBe(1);
  });

  it("chunk-level NDCG credits every gold chunk at its own rank (capped at 1)", () => {
    const list = ranked("X1다1", "G1다1", "G1다1");
    const dcg = 1 / log2(3) + 1 / log2(4);
    expect(chunkNdcgAtK(list, ["G1다1"], 10)).toBeCloseTo(Math.min(1, dcg / 1), 12);
    expect(chunkNdcgAtK(ranked("X1다1", "G1다1"), ["G1다1"], 10)).toBeCloseTo(1 / log2(3), 12);
  });

  it("MRR is the reciprocal rank of the first gold chunk", () => {
    expect(reciprocalRank(ranked("a1다1", "b2다2", "g3다3"), ["g3다3"])).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(ranked("a1다1"), ["g3다3"])).toBe(0);
  });
});

describe("answer metrics", () => {
  it("accuracy and F1 of the yes class count unreadable answers as wrong", async () => {
    const { yesNoScores } = await import("@/lib/eval/metrics");
    const scores = yesNoScores([
      { label: "yes", predicted: "yes" },
      { label: "yes", predicted: null },
      { label: "no", predicted: "yes" },
      { label: "no", predicted: "no" },
    ]);
    expect(scores.accuracy).toBe(0.5);
    // precision 1/2, recall 1/2 → F1 1/2
    expect(scores.f1Yes).toBeCloseTo(0.5, 12);
  });

  it("reports the rank at which each gold case came", async () => {
    const { goldRanks } = await import("@/lib/eval/metrics");
    expect(goldRanks(ranked("a1다1", "94므833"), ["94므826, 833", "9다9"])).toEqual([
      { caseNo: "94므826, 833", rank: 2 },
      { caseNo: "9다9", rank: null },
    ]);
  });
});

describe("metric edge cases", () => {
  it("case-level NDCG@k ideal is min(k, gold cases); chunk-level credits repeated chunks up to 1", async () => {
    const { caseNdcgAtK, chunkNdcgAtK } = await import("@/lib/eval/metrics");
    const list = ranked("g1다1", "g1다1", "x9다9", "g2다2");
    // Cases: g1 (rank 0), x9 (1), g2 (2); three gold cases, one never retrieved.
    const idcg = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(caseNdcgAtK(list, ["g1다1", "g2다2", "g3다3"], 10)).toBeCloseTo((1 + 1 / Math.log2(4)) / idcg, 12);
    // Chunks: gains at ranks 0, 1, 3.
    const chunkDcg = 1 + 1 / Math.log2(3) + 1 / Math.log2(5);
    expect(chunkNdcgAtK(list, ["g1다1", "g2다2", "g3다3"], 10)).toBeCloseTo(chunkDcg / idcg, 12);
    expect(caseNdcgAtK([], ["g1다1"], 10)).toBe(0);
  });
});
