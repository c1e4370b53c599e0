import type { ChatFilters } from "../chat/filters";
import { toStoreFilter } from "../chat/filters";
import { courtsOfLevel } from "../db/decision-lookup";
import { getStore } from "../store";
import { tokenizeKo } from "../text/tokenize-ko";

/**
 * The API's search: decisions for a query, best first, with a snippet and a viewer link.
 * TODO(merge): the search page's engine (lib/search) replaces this body, keeping the shape.
 */
export interface ApiSearchInput {
  q: string;
  filters?: ChatFilters;
  page: number;
  size: number;
}

export interface ApiSearchHit {
  caseNo: string;
  caseName: string;
  court: string;
  caseType: string;
  decisionDate: string;
  corpusId: string;
  score: number;
  snippet: string;
  url: string;
}

export interface ApiSearchResult {
  query: string;
  total: number;
  page: number;
  size: number;
  hits: ApiSearchHit[];
}

const POOL = 300;

export async function apiSearch(input: ApiSearchInput, baseUrl: string): Promise<ApiSearchResult> {
  const store = await getStore();
  const filter = await toStoreFilter(input.filters, (level) => courtsOfLevel(level));
  const found = await store.sparseSearch(tokenizeKo(input.q), { topN: POOL, filter });
  const best = new Map<string, ApiSearchHit>();
  for (const { chunk, score } of found) {
    const key = `${chunk.corpusId}\u0000${chunk.caseNo}`;
    if (best.has(key)) continue;
    const params = new URLSearchParams({ corpus: chunk.corpusId, hl: chunk.id });
    best.set(key, {
      caseNo: chunk.caseNo,
      caseName: chunk.caseName,
      court: chunk.court,
      caseType: chunk.caseType,
      decisionDate: chunk.decisionDate,
      corpusId: chunk.corpusId,
      score,
      snippet: chunk.text.replace(/\s+/g, " ").slice(0, 240),
      url: `${baseUrl}/precedents/${encodeURIComponent(chunk.caseNo)}?${params}#passage-${chunk.id}`,
    });
  }
  const all = [...best.values()];
  const start = (input.page - 1) * input.size;
  return {
    query: input.q,
    total: all.length,
    page: input.page,
    size: input.size,
    hits: all.slice(start, start + input.size),
  };
}
