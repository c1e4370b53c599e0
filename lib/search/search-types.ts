import type { DocFilter, SearchDoc } from "../db/search-docs";
import type { VectorStore } from "../store/types";
import type { Facets } from "./facets";
import type { Snippet } from "./match";
import type { ParsedQuery } from "./query";

export const PAGE_SIZE = 20;

export interface SearchHit extends SearchDoc {
  score: number;
  snippets: Snippet[];
  /** The query's words in the 사건명 (a decision found by its name alone has no marked snippet). */
  nameMarks: [number, number][];
  citedBy: number;
  overruled: boolean;
  /** Found by its 사건번호 (listed first). */
  byCaseNo: boolean;
}

export interface SearchResult {
  parsed: ParsedQuery;
  /** Decisions matched (every one, counted in the index). */
  total: number;
  /**
   * False when `total` and the facet counts are not exact: a lower bound (a quoted phrase with more
   * passages than are read to check it; an import still being indexed) or, on a store that cannot
   * count, counted over its top results. The page then says "약" / "이상", never a bare number.
   */
  exact: boolean;
  page: number;
  pages: number;
  hits: SearchHit[];
  facets: Facets;
}

export interface SearchDeps {
  store: VectorStore;
  dataDir: string;
}

/** For callers other than the page (the API) and for tests. */
export interface EngineOptions {
  /** Filters used instead of the page's (the API's own). */
  filter?: DocFilter;
  pageSize?: number;
  /** Chunks asked of the store per search, where the store cannot match decisions itself. */
  candidates?: number;
}
