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
