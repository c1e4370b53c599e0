import { searchDeps } from "../search/deps";
import { similarDecisions } from "../search/similar";

/**
 * Decisions most like a passage, with the words they share as the reason: the search page's
 * 비슷한 판례 engine (lib/search/similar.ts: BM25 over the passage's most distinctive terms, fused
 * with dense search when embeddings are configured; the shared key words weighed as BM25 weighs
 * terms).
 */
export interface SimilarHit {
  caseNo: string;
  caseName: string;
  court: string;
  caseType: string;
  decisionDate: string;
  corpusId: string;
  score: number;
  sharedTerms: string[];
  url: string;
  citedBy: number;
  overruled: boolean;
}

export async function findSimilar(passage: string, size: number, baseUrl: string): Promise<SimilarHit[]> {
  const deps = await searchDeps();
  const hits = await similarDecisions(passage, { store: deps.store, dense: deps.dense, limit: size });
  return hits.map((h) => {
    const params = new URLSearchParams({ corpus: h.corpusId, hl: h.chunkId });
    return {
      caseNo: h.caseNo,
      caseName: h.caseName,
      court: h.court,
      caseType: h.caseType,
      decisionDate: h.decisionDate,
      corpusId: h.corpusId,
      score: h.score,
      sharedTerms: h.sharedTerms,
      url: `${baseUrl}/precedents/${encodeURIComponent(h.caseNo)}?${params}#passage-${h.chunkId}`,
      citedBy: h.citedBy,
      overruled: h.overruled,
    };
  });
}
