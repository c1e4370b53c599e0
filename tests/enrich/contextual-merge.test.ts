import { describe, expect, it } from "vitest";
import { mergeContextualSparse } from "@/lib/enrich/contextual-store";
import type { ScoredChunk } from "@/lib/text/decision";
import { testChunk } from "../support/chunk";

const hit = (id: string, corpusId: string, score: number): ScoredChunk => ({
  chunk: testChunk(id, { corpusId, text: id }),
  score,
});
const ids = (l: ScoredChunk[]) => l.map((c) => c.chunk.id);

describe("contextual BM25 merged with plain BM25 of other corpora", () => {
  const contextual = new Set(["E"]);

  it("puts the contextual list on the pooled main index's scale, keeping its own order", () => {
    // Pooled main index (one population over both corpora): plain p1 12, enriched e-plain 9, plain p2 6.
    const pooled = [hit("p1", "P", 12), hit("e1", "E", 9), hit("p2", "P", 6)];
    // Contextual index: longer texts, other IDF: raw scores on another scale (30, 15).
    const side = [hit("e2", "E", 30), hit("e1", "E", 15)];
    const merged = mergeContextualSparse(pooled, side, contextual, 10);
    // e2 → 9 (the enriched corpus's best pooled score), e1 → 4.5; the raw merge would put both first.
    expect(ids(merged)).toEqual(["p1", "e2", "p2", "e1"]);
    expect(merged.map((c) => c.score)).toEqual([12, 9, 6, 4.5]);
  });

  it("an enriched corpus that made no place in the pooled list stays below everything shown", () => {
    const pooled = [hit("p1", "P", 12), hit("p2", "P", 6)];
    const side = [hit("e1", "E", 40)];
    expect(ids(mergeContextualSparse(pooled, side, contextual, 10))).toEqual(["p1", "p2", "e1"]);
    expect(mergeContextualSparse(pooled, side, contextual, 10).at(-1)?.score).toBe(6);
  });

  it("keeps the top N", () => {
    const pooled = [hit("p1", "P", 12), hit("e1", "E", 9), hit("p2", "P", 6)];
    expect(ids(mergeContextualSparse(pooled, [hit("e1", "E", 5)], contextual, 2))).toEqual(["p1", "e1"]);
  });
});
