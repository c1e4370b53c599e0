/**
 * When the embedded store's dense search uses an HNSW graph (dense-index.ts), and how broadly it
 * searches. Apart from the graph code, so the server bundle never loads the native addon (only the
 * index worker does). Settings: EMBEDDED_ANN, EMBEDDED_ANN_MIN_VECTORS, EMBEDDED_ANN_EF (lib/env.ts).
 */
export interface AnnOptions {
  /** A corpus gets a graph (per embedding size) from this many vectors; smaller ones: exact search. */
  minVectors: number;
  /**
   * A filter on other fields than the corpus (case type, court, dates) allowing less than this share
   * of a graph's vectors, or fewer than `minVectors` of them: exact search over the allowed ones.
   */
  exactFraction: number;
  /** The graph search's breadth (usearch's expansion_search): candidates kept while walking. */
  ef: number;
}

export const ANN_DEFAULTS: AnnOptions = { minVectors: 5_000, exactFraction: 0.05, ef: 1_024 };

/** No graphs at all: every dense search exact (EMBEDDED_ANN=false). */
export const ANN_OFF: Partial<AnnOptions> = { minVectors: Number.POSITIVE_INFINITY };
