// Dense search figures for bench:ingest: the store's answer (HNSW graph, or exact where it falls back)
// against brute force on the same queries, interleaved so both see the same load on the machine.
import type { EmbeddedStore } from "../lib/store/embedded-store";
import type { IndexStats } from "../lib/store/index-protocol";
import type { StoreFilter } from "../lib/store/types";
import { percentile } from "./ann-vectors";

export interface DenseComparison {
  exact: number[];
  store: number[];
  recall: number;
  /** Searches the graph answered, and those that fell back to exact (of the store's ones). */
  viaGraph: number;
  viaExact: number;
}

/**
 * Recall@k of the store against exact, counting ties: both score every hit exactly, so a hit whose
 * score reaches the exact k-th score belongs to a correct top k.
 */
export async function compareDense(
  store: EmbeddedStore,
  queries: number[][],
  k: number,
  filter?: StoreFilter,
): Promise<DenseComparison> {
  const before = await store.indexStats();
  const result: DenseComparison = { exact: [], store: [], recall: 0, viaGraph: 0, viaExact: 0 };
  for (const query of queries) {
    let t = performance.now();
    const want = await store.denseSearchExact(query, { topN: k, filter });
    result.exact.push(performance.now() - t);
    t = performance.now();
    const got = await store.denseSearch(query, { topN: k, filter });
    result.store.push(performance.now() - t);
    const kth = want[Math.min(k, want.length) - 1]?.score ?? Number.NEGATIVE_INFINITY;
    const hits = got.slice(0, k).filter((h) => h.score >= kth - 1e-9).length;
    result.recall += want.length ? hits / Math.min(k, want.length) / queries.length : 1 / queries.length;
  }
  const after = await store.indexStats();
  result.viaGraph = after.dense.annSearches - before.dense.annSearches;
  // Each query also made one exact search of its own (the reference).
  result.viaExact = after.dense.exactSearches - before.dense.exactSearches - queries.length;
  return result;
}

export function describeComparison(label: string, c: DenseComparison): string {
  const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
  const path =
    c.viaExact === 0 ? "graph" : c.viaGraph === 0 ? "exact fallback" : `${c.viaGraph} graph, ${c.viaExact} exact`;
  return (
    `${label.padEnd(26)}exact p50 ${p(c.exact, 0.5)} ms · p95 ${p(c.exact, 0.95)} ms | ` +
    `store (${path}) p50 ${p(c.store, 0.5)} ms · p95 ${p(c.store, 0.95)} ms · recall@30 ${c.recall.toFixed(3)} ` +
    `(${c.store.length} queries)`
  );
}

/** Waits until every graph has every vector inserted (the index itself caught up first). */
export async function graphsBuilt(store: EmbeddedStore): Promise<IndexStats> {
  for (;;) {
    const stats = await store.indexStats();
    if (stats.cursor >= stats.head && stats.graphs.every((g) => g.pending === 0)) return stats;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
