import { describe, expect, it } from "vitest";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { bootstrapInterval, meanAt, resampleIndices, significant } from "@/lib/eval/bootstrap";
import { summarize } from "@/lib/eval/report";
import type { EvalRun } from "@/lib/eval/run-eval";
import { SYSTEMS } from "@/lib/eval/systems";

const meanOf = (values: number[]) => (idx: ArrayLike<number>) => meanAt(values, idx);

describe("bootstrap intervals on hand-made examples", () => {
  it("a constant has a zero-width interval", () => {
    expect(bootstrapInterval(5, meanOf([0.7, 0.7, 0.7, 0.7, 0.7]))).toEqual({ estimate: 0.7, lo: 0.7, hi: 0.7 });
  });

  it("[0, 0, 1]: the resampled mean is k/3 with k ~ Binomial(3, 1/3), so the 95% interval is [0, 1]", () => {
    // P(k = 0) = 8/27 ≈ 0.30 > 0.025 and P(k = 3) = 1/27 ≈ 0.037 > 0.025: both ends are reached.
    const i = bootstrapInterval(3, meanOf([0, 0, 1]), { resamples: 4000 });
    expect(i?.estimate).toBeCloseTo(1 / 3, 12);
    expect(i?.lo).toBe(0);
    expect(i?.hi).toBe(1);
  });

  it("resample frequencies follow the binomial law (seeded, so the same every run)", () => {
    const samples = resampleIndices(3, { resamples: 20_000, seed: 7 });
    const means = samples.map((idx) => meanAt([0, 0, 1], idx));
    const share = (v: number) => means.filter((m) => Math.abs(m - v) < 1e-9).length / means.length;
    expect(share(0)).toBeCloseTo(8 / 27, 1);
    expect(share(1)).toBeCloseTo(1 / 27, 1);
    expect(resampleIndices(3, { resamples: 5, seed: 7 })).toEqual(resampleIndices(3, { resamples: 5, seed: 7 }));
  });

  it("20 of 40 questions right: the interval is about ±0.15 around 0.5 (normal approximation ±1.96·√(.25/40) = ±0.155)", () => {
    const values = Array.from({ length: 40 }, (_, i) => (i % 2 ? 1 : 0));
    const i = bootstrapInterval(40, meanOf(values));
    expect(i?.lo).toBeGreaterThan(0.32);
    expect(i?.lo).toBeLessThan(0.38);
    expect(i?.hi).toBeGreaterThan(0.62);
    expect(i?.hi).toBeLessThan(0.68);
  });

  it("significance: an interval of a difference excluding 0", () => {
    expect(significant({ estimate: 0.2, lo: 0.05, hi: 0.3 })).toBe(true);
    expect(significant({ estimate: -0.2, lo: -0.3, hi: -0.01 })).toBe(true);
    expect(significant({ estimate: 0.1, lo: 0, hi: 0.2 })).toBe(false);
    expect(significant(undefined)).toBe(false);
  });
});

describe("paired differences and wins against a baseline", () => {
  const ranked = (...cases: string[]) => cases.map((caseNo, i) => ({ caseNo, chunkId: `${caseNo}-${i}`, score: 1 }));
  const { items } = parseBenchmark(
    Array.from({ length: 6 }, (_, i) =>
      JSON.stringify({ id: `q${i}`, question: `질문 ${i}`, gold_case_numbers: [`${i}다${i}`] }),
    ).join("\n"),
  );
  // The baseline finds the gold case at rank 2 everywhere; the system at rank 1 in 5 questions, and misses q5.
  const run: EvalRun = {
    skipped: [],
    results: items.flatMap((item, i) => [
      { system: "sparse", itemId: item.id, ranked: ranked("9다9", `${i}다${i}`), ms: 1, tokens: 0 },
      {
        system: "rar-sparse",
        itemId: item.id,
        ranked: i === 5 ? ranked("9다9") : ranked(`${i}다${i}`),
        ms: 1,
        tokens: 0,
      },
    ]),
  };
  const systems = SYSTEMS.filter((s) => s.id === "sparse" || s.id === "rar-sparse");

  it("differences are paired question by question; wins, ties and losses are counted", () => {
    const { comparisons, summaries } = summarize(items, run, systems, { baseline: "sparse" });
    expect(summaries.find((s) => s.id === "sparse")?.metrics.mrr).toEqual({ estimate: 0.5, lo: 0.5, hi: 0.5 });
    const [c] = comparisons;
    expect(c?.system).toBe("rar-sparse");
    // MRR: +0.5 on five questions, −0.5 on one → mean +1/3; a resample's mean lies in [−0.5, +0.5].
    expect(c?.diffs.mrr?.estimate).toBeCloseTo(1 / 3, 12);
    expect(c?.diffs.mrr?.hi).toBe(0.5);
    expect(c?.diffs.mrr?.lo).toBeGreaterThanOrEqual(-0.5);
    // Recall@20: the system loses one question and gains none → −1/6, an interval from −0.5 to 0.
    expect(c?.diffs.recall20?.estimate).toBeCloseTo(-1 / 6, 12);
    expect(c?.diffs.recall20?.hi).toBe(0);
    expect(significant(c?.diffs.recall20)).toBe(false);
    const wins = c?.wins.find((w) => w.kind === "retrieval");
    expect([wins?.wins, wins?.ties, wins?.losses]).toEqual([5, 0, 1]);
    expect(wins?.rows[0]?.itemId).toBe("q5"); // the largest change first (1/log2(3) → 0)
  });
});
