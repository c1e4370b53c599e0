/**
 * When the embedded store's dense search uses an HNSW graph (dense-index.ts), and how broadly it
 * searches. Apart from the graph code, so the server bundle never loads the native addon (only the
 * index worker does).
 */
export interface AnnOptions {
  /** A dimension gets a graph from this many vectors; fewer allowed by a filter: exact search. */
  minVectors: number;
  /** A filter allowing less than this share of a graph's vectors: exact search over them. */
  exactFraction: number;
  /** hnswlib's search breadth (candidates kept while walking the graph); at least k. */
  ef: number;
}

export const ANN_DEFAULTS: AnnOptions = { minVectors: 10_000, exactFraction: 0.1, ef: 256 };
