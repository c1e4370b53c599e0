import { describe, expect, it } from "vitest";
import { normalizeScores, reciprocalRankFusion, weightedScoreFusion } from "@/lib/rag/fusion";
import { hybridRetrieve } from "@/lib/rag/hybrid-retrieve";
import { rerankStage } from "@/lib/rag/rerank-stage";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import type { VectorStore } from "@/lib/store/types";
import type { ScoredChunk } from "@/lib/text/decision";
import { testChunk } from "../support/chunk";

const chunk = (id: string) => testChunk(id);
const list = (...pairs: [string, number][]): ScoredChunk[] => pairs.map(([id, score]) => ({ chunk: chunk(id), score }));
const ids = (l: ScoredChunk[]) => l.map((s) => s.chunk.id);

describe("Reciprocal Rank Fusion", () => {
  it("matches a hand-computed example (k = 60)", () => {
    const a = list(["x", 9], ["y", 8], ["z", 7]);
    const b = list(["y", 0.9], ["w", 0.8]);
    const c = list(["z", 5], ["y", 4]);
    const fused = reciprocalRankFusion([{ list: a }, { list: b }, { list: c }], 60, 30);
    // y: 1/62 + 1/61 + 1/62; z: 1/63 + 1/61; x: 1/61; w: 1/62
    const expected = { y: 1 / 62 + 1 / 61 + 1 / 62, z: 1 / 63 + 1 / 61, x: 1 / 61, w: 1 / 62 };
    expect(ids(fused)).toEqual(["y", "z", "x", "w"]);
    for (const s of fused) expect(s.score).toBeCloseTo(expected[s.chunk.id as keyof typeof expected], 12);
  });

  it("keeps only the top M and honours list weights", () => {
    const a = list(["x", 1]);
    const b = list(["y", 1]);
    expect(
      ids(
        reciprocalRankFusion(
          [
            { list: a, weight: 0.4 },
            { list: b, weight: 0.6 },
          ],
          60,
          1,
        ),
      ),
    ).toEqual(["y"]);
  });
});

describe("weighted score fusion", () => {
  it("normalises each list before weighting, so BM25's large raw scores do not dominate", () => {
    expect(normalizeScores(list(["a", 10], ["b", 5], ["c", 0])).map((s) => s.score)).toEqual([1, 0.5, 0]);
    const dense = list(["d1", 0.9], ["s1", 0.1]);
    const sparse = list(["s1", 25], ["d1", 20], ["s2", 5]);
    const fused = weightedScoreFusion(
      [
        { list: dense, weight: 0.4 },
        { list: sparse, weight: 0.6 },
      ],
      10,
    );
    // s1: 0.4·0 + 0.6·1 = 0.6; d1: 0.4·1 + 0.6·0.75 = 0.85; s2: 0.6·0 = 0
    expect(ids(fused)).toEqual(["d1", "s1", "s2"]);
    expect(fused[0]?.score).toBeCloseTo(0.85, 12);
    expect(fused[1]?.score).toBeCloseTo(0.6, 12);
  });
});

describe("default hybrid retrieval: the method's eq. 4", () => {
  // A store that answers with fixed lists: cosine similarities for the vector, raw BM25 for the tokens.
  const store = (dense: ScoredChunk[], sparse: ScoredChunk[]) =>
    ({ denseSearch: async () => dense, sparseSearch: async () => sparse }) as unknown as VectorStore;

  it("sums 0.4 × min-max-normalised dense and 0.6 × min-max-normalised BM25 scores", async () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ hybridFusion: "score", denseWeight: 0.4, sparseWeight: 0.6 });
    // dense cosines 0.82 … 0.62 → 1, 0.5, 0; BM25 18 … 6 → 1, 0.5, 0 (b is in both lists).
    const dense = list(["a", 0.82], ["b", 0.72], ["c", 0.62]);
    const sparse = list(["d", 18], ["b", 12], ["e", 6]);
    const { fused } = await hybridRetrieve("질문", [1, 0], store(dense, sparse), DEFAULT_SETTINGS);
    const expected = { b: 0.4 * 0.5 + 0.6 * 0.5, d: 0.6, a: 0.4, c: 0, e: 0 };
    expect(ids(fused)).toEqual(["d", "b", "a", "c", "e"]);
    for (const s of fused) expect(s.score).toBeCloseTo(expected[s.chunk.id as keyof typeof expected], 12);
  });

  it("keeps weighted RRF as an option", async () => {
    const dense = list(["a", 0.82], ["b", 0.72]);
    const sparse = list(["b", 18], ["d", 12]);
    const settings = { ...DEFAULT_SETTINGS, hybridFusion: "rrf" as const };
    const { fused } = await hybridRetrieve("질문", [1, 0], store(dense, sparse), settings);
    // b: 0.4/62 + 0.6/61; d: 0.6/62; a: 0.4/61
    expect(ids(fused)).toEqual(["b", "d", "a"]);
    expect(fused[0]?.score).toBeCloseTo(0.4 / 62 + 0.6 / 61, 12);
  });
});

describe("rerank stage", () => {
  const candidates = list(["a", 3], ["b", 2], ["c", 1]);

  it("reorders by the reranker's scores against the question, keeping the top k", async () => {
    const calls: string[] = [];
    const result = await rerankStage("질문", candidates, 2, async (query, docs) => {
      calls.push(query);
      return docs.map((_, index) => ({ index, score: index })).sort((x, y) => y.score - x.score);
    });
    expect(calls).toEqual(["질문"]);
    expect(result.reranked).toBe(true);
    expect(ids(result.chunks)).toEqual(["c", "b"]);
  });

  it("keeps the fused order without a reranker", async () => {
    const result = await rerankStage("질문", candidates, 2, undefined);
    expect(result).toEqual({ chunks: candidates.slice(0, 2), reranked: false });
  });
});
