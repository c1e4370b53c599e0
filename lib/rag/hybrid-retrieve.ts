import type { SearchOptions, VectorStore } from "../store/types";
import type { ScoredChunk } from "../text/decision";
import { tokenizeKo } from "../text/tokenize-ko";
import { reciprocalRankFusion, weightedScoreFusion } from "./fusion";
import type { PipelineSettings } from "./settings";

export interface RetrievalLists {
  dense: ScoredChunk[];
  sparse: ScoredChunk[];
  fused: ScoredChunk[];
}

/**
 * One query through hybrid retrieval: BM25 over our tokens and, when a query vector is given,
 * dense search; the two lists combined by the configured fusion — by default the method's eq. 4,
 * 0.4·dense + 0.6·BM25 over per-list min-max-normalised scores (lib/rag/settings.ts). Without a
 * vector (no embeddings endpoint) the BM25 list is the result. `denseOnly` (HyDE as the method
 * says) searches by the vector alone; without a vector it still falls back to BM25. `scope`: the
 * filter, and whom to tell when a list came from an index still catching up (SearchOptions).
 */
export async function hybridRetrieve(
  query: string,
  vector: number[] | undefined,
  store: VectorStore,
  settings: PipelineSettings,
  scope: Omit<SearchOptions, "topN"> = {},
  denseOnly = false,
): Promise<RetrievalLists> {
  const options = { ...scope, topN: settings.topN };
  if (vector && denseOnly) {
    const dense = await store.denseSearch(vector, options);
    return { dense, sparse: [], fused: dense.slice(0, settings.topN) };
  }
  const [sparse, dense] = await Promise.all([
    store.sparseSearch(tokenizeKo(query), options),
    vector ? store.denseSearch(vector, options) : Promise.resolve([]),
  ]);
  if (!vector) return { dense, sparse, fused: sparse.slice(0, settings.topN) };
  const lists = [
    { list: dense, weight: settings.denseWeight },
    { list: sparse, weight: settings.sparseWeight },
  ];
  const fused =
    settings.hybridFusion === "rrf"
      ? reciprocalRankFusion(lists, settings.rrfK, settings.topN)
      : weightedScoreFusion(lists, settings.topN);
  return { dense, sparse, fused };
}
