import { getStore } from "../store";
import { tokenizeKo } from "../text/tokenize-ko";

/**
 * Decisions most like a passage, with the words they share as the reason.
 * TODO(merge): the search page's similar-decisions engine (lib/search) replaces this body.
 */
export interface SimilarHit {
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
  corpusId: string;
  score: number;
  sharedTerms: string[];
  url: string;
}

export async function findSimilar(passage: string, size: number, baseUrl: string): Promise<SimilarHit[]> {
  const tokens = tokenizeKo(passage);
  const store = await getStore();
  const found = await store.sparseSearch(tokens, { topN: size * 5 });
  const asked = new Set(tokens);
  const hits = new Map<string, SimilarHit>();
  for (const { chunk, score } of found) {
    const key = `${chunk.corpusId}\u0000${chunk.caseNo}`;
    if (hits.has(key) || hits.size >= size) continue;
    const shared = [...new Set(tokenizeKo(chunk.text))].filter((t) => asked.has(t) && t.length > 1).slice(0, 8);
    const params = new URLSearchParams({ corpus: chunk.corpusId, hl: chunk.id });
    hits.set(key, {
      caseNo: chunk.caseNo,
      caseName: chunk.caseName,
      court: chunk.court,
      decisionDate: chunk.decisionDate,
      corpusId: chunk.corpusId,
      score,
      sharedTerms: shared,
      url: `${baseUrl}/precedents/${encodeURIComponent(chunk.caseNo)}?${params}#passage-${chunk.id}`,
    });
  }
  return [...hits.values()];
}
