import { searchDeps } from "../search/deps";
import { similarDecisions } from "../search/similar";
import { type DecisionHit, decisionHit } from "./decision-hit";

/**
 * Decisions most like a passage, with the words they share as the reason: the search page's
 * 비슷한 판례 engine (lib/search/similar.ts: BM25 over the passage's most distinctive terms, fused
 * with dense search when embeddings are configured; the shared key words weighed as BM25 weighs
 * terms).
 */
export interface SimilarHit extends DecisionHit {
  sharedTerms: string[];
}

export async function findSimilar(passage: string, size: number, baseUrl: string): Promise<SimilarHit[]> {
  const deps = await searchDeps();
  const hits = await similarDecisions(passage, { store: deps.store, dense: deps.dense, limit: size });
  return hits.map((h) => ({ ...decisionHit(h, baseUrl, h.chunkId), sharedTerms: h.sharedTerms }));
}
