import type { ChatFilters } from "../chat/filters";
import { toStoreFilter } from "../chat/filters";
import { courtsOfLevel } from "../db/decision-lookup";
import { searchDeps } from "../search/deps";
import { searchDecisions } from "../search/search";
import { type DecisionHit, decisionHit } from "./decision-hit";

/**
 * The API's search: the search page's engine (lib/search: the same query language — AND by
 * default, OR, -제외어, "구절", 사건명:/판시사항:/… scopes — and the same matching), one hit per
 * decision, best first, with its best snippet and a viewer link at it. The filters are the chat's
 * (a token's caller has no facets to click), searched with in the store.
 */
export interface ApiSearchInput {
  q: string;
  /** 참조조문: only the decisions citing this article ("민법 제750조"); alone, all of them. */
  ref?: string;
  filters?: ChatFilters;
  page: number;
  size: number;
}

export interface ApiSearchHit extends DecisionHit {
  snippet: string;
  enBanc: boolean;
}

export interface ApiSearchResult {
  query: string;
  total: number;
  /** False when `total` is an estimate (a quoted phrase past its checks, an import being indexed). */
  exact: boolean;
  page: number;
  size: number;
  hits: ApiSearchHit[];
  /** How parts of the query that were not understood were read instead (plain Korean). */
  hints: string[];
}

export async function apiSearch(input: ApiSearchInput, baseUrl: string): Promise<ApiSearchResult> {
  const deps = await searchDeps();
  const filter = (await toStoreFilter(input.filters, (level) => courtsOfLevel(level))) ?? {};
  const result = await searchDecisions(
    { q: input.q, ref: input.ref, sort: "relevance", page: input.page },
    { store: deps.store, dataDir: deps.dataDir },
    { filter, pageSize: input.size },
  );
  // The engine clamps the page to the last one; a page past the end is empty here, as before.
  const past = input.page > result.pages;
  return {
    query: input.q,
    total: result.total,
    exact: result.exact,
    page: input.page,
    size: input.size,
    hints: result.parsed.hints,
    hits: past
      ? []
      : result.hits.map((h) => {
          const snippet = h.snippets[0];
          return {
            ...decisionHit(h, baseUrl, snippet?.chunkId),
            snippet: snippet?.text.replace(/\s+/g, " ") ?? "",
            enBanc: h.enBanc === true,
          };
        }),
  };
}
