import type { Chunk, ScoredChunk } from "../text/decision";

/** What the indexer hands a store: the chunk, its BM25 tokens, and its dense vector when available. */
export interface IndexedChunk {
  chunk: Chunk;
  /** Output of the shared Korean tokenizer (lib/text/tokenize-ko.ts): BM25 means the same in every backend. */
  tokens: string[];
  vector?: number[];
}

export interface StoreFilter {
  corpusIds?: string[];
  caseTypes?: string[];
  courts?: string[];
  /** Inclusive YYYY-MM-DD bounds on decisionDate. */
  dateFrom?: string;
  dateTo?: string;
}

/**
 * The boolean part of a keyword query, over tokenizer tokens (tokenizeKo of each word): a chunk
 * must hold every token of each `must` group (a required word), and is left out when it holds every
 * token of any `mustNot` group (an excluded word). Scoring is BM25 over the searched tokens alone.
 */
export interface SparseTerms {
  must?: string[][];
  mustNot?: string[][];
  /**
   * Keep only the query's N tokens with the highest tf·idf (a long passage: its few distinctive
   * terms decide, as in Lucene's MoreLikeThis); tokens of `must` groups are always kept.
   */
  maxTerms?: number;
}

export interface SearchOptions {
  topN: number;
  filter?: StoreFilter;
  /** Sparse search only (see SparseTerms). */
  terms?: SparseTerms;
  /**
   * Called when the result was computed on an index that had not yet applied every change
   * committed when the search was asked (the embedded store answering around a large import's
   * backlog): the caller tells the lawyer the answer may miss recently imported decisions.
   */
  onIncomplete?: () => void;
  /**
   * Called with the corpora set to contextual search whose contextual index is not current (missing,
   * stale or partial): they were searched in the main index instead (lib/enrich/contextual-store.ts),
   * and the answer says so.
   */
  onContextFallback?: (corpusIds: string[]) => void;
}

/**
 * What a store's searches reflect, for results kept for later (the evaluation cache records it).
 * Embedded: the change-log position its index had applied (`cursor`, never below the `head`
 * committed when asked) in the store `storeId`, and how many searches so far were answered from an
 * index behind the log (`partialAnswers`: a result computed while it rose was computed on an
 * incomplete index). Qdrant answers from what it acknowledged (`kind` alone).
 */
export interface IndexState {
  kind: "embedded" | "qdrant";
  storeId?: number;
  cursor?: number;
  head?: number;
  partialAnswers?: number;
}

/**
 * One word of a 판례 검색 query as the index matches it (lib/search/match-terms.ts builds it): a chunk
 * holds it when it holds every `all` token and at least `min` of the `some` tokens (a word's
 * bigrams, a compound found solid or spaced), in one of `sections` when given, and — for a quoted
 * phrase — when its folded text contains `phrase`. A decision holds it when one of its chunks does,
 * or (`name`) when its folded 사건명 contains that; `court` matches the 법원 instead of any chunk.
 */
export interface MatchTerm {
  all: string[];
  some?: string[];
  min?: number;
  sections?: string[];
  phrase?: string;
  name?: string;
  /** Only the 사건명 (사건명: scope). */
  nameOnly?: boolean;
  /** Only the court's name (법원: scope). */
  court?: string;
}

/** Filters on a decision's fields, applied while matching (never after a cut). */
export interface DocFilter extends StoreFilter {
  courtLevels?: string[];
  enBanc?: boolean;
  lowerCourts?: string[];
  /** Only these decisions (the decisions a query names by 사건번호). */
  docKeys?: { corpusId: string; caseNo: string }[];
  /** Decisions whose 참조조문 name one of these articles ("민법 제750조"). */
  refs?: string[];
}

export type DocSort = "relevance" | "newest" | "oldest";

export interface DocQuery {
  /** Every group must be held (AND); a group is held when any of its terms is (OR). */
  groups: MatchTerm[][];
  /** A decision holding any of these is left out. */
  excluded: MatchTerm[];
  /** BM25 over these orders by relevance (a decision scores as its best matching chunk). */
  scoreTokens: string[];
  filter?: DocFilter;
  sort: DocSort;
  offset: number;
  limit: number;
  /** Also return the first `keys` decisions in relevance order (facets counted outside the index). */
  keys?: number;
}

export interface DocHit {
  corpusId: string;
  caseNo: string;
  score: number;
  /** Its best matching chunks (by BM25), for snippets. */
  chunkIds: string[];
}

/** [value, count] pairs, every value with a count. */
export type FacetCounts = [string, number][];

export interface DocMatchResult {
  /** Decisions matched: every one, counted in the index. */
  total: number;
  /**
   * False when `total` is a lower bound: a quoted phrase had more candidate passages than are read
   * to check it (the page says "N건 이상").
   */
  exact: boolean;
  facets: {
    corpus: FacetCounts;
    court: FacetCounts;
    level: FacetCounts;
    type: FacetCounts;
    /** By year ("2019"; "" when unknown). */
    year: FacetCounts;
    lower: FacetCounts;
    /** 참조조문: "민법 제750조" and how many matched decisions name it. */
    ref: FacetCounts;
    enBanc: number;
  };
  hits: DocHit[];
  keys: { corpusId: string; caseNo: string }[];
  /** Words left out to keep the query within the index's work budget (doc-match.ts). */
  dropped?: number;
}

/** One interface, two backends (embedded, Qdrant); the same contract suite runs against both. */
export interface VectorStore {
  readonly kind: "embedded" | "qdrant";
  /** Inserts or replaces chunks by id. */
  upsert(items: IndexedChunk[]): Promise<void>;
  /**
   * Re-import of decisions: writes `items` first, then removes the chunks of the decisions
   * `caseNos` (in `corpusId`) that are not among them. A failure midway leaves every decision with
   * chunks (old or new), never with none.
   */
  replaceDocuments(corpusId: string, caseNos: string[], items: IndexedChunk[]): Promise<void>;
  denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]>;
  sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]>;
  /** All chunks of one decision, in section order (for the precedent viewer). */
  getDocumentChunks(corpusId: string, caseNo: string): Promise<Chunk[]>;
  /**
   * The chunks `ids` of one decision (the passages a citation links to), without reading its others:
   * a 60 MB decision has ~75,000, read on the server's thread by the embedded store.
   */
  getChunks(corpusId: string, caseNo: string, ids: string[]): Promise<Chunk[]>;
  deleteDocument(corpusId: string, caseNo: string): Promise<void>;
  deleteCorpus(corpusId: string): Promise<void>;
  count(filter?: StoreFilter): Promise<number>;
  /**
   * 판례 검색: the decisions matching a query, matched, filtered and counted over the whole index
   * (lib/store/doc-match.ts). The embedded store only; without it the page searches the ranked
   * top chunks and says its counts are estimates.
   */
  matchDocuments?(query: DocQuery): Promise<DocMatchResult>;
  /**
   * Called when a job that wrote to `corpusId` ends (an import, a re-index): brings what the store
   * bakes into stored points up to date with the corpus as it is now. Qdrant: BM25 weights at the
   * corpus's exact average length, shard copies spread (docs/qdrant.md). The embedded store computes
   * its statistics at query time and has nothing to do. Returns a line for the log, if any.
   */
  finishWrites?(corpusId: string): Promise<string | undefined>;
  /** Waits until searches reflect every write committed so far, by any process; says what they reflect. */
  syncIndex?(): Promise<IndexState>;
  close(): Promise<void>;
}
