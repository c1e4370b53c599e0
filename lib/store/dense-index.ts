import { AnnGraph } from "./ann-graph";
import type { AnnOptions } from "./ann-options";
import { topK } from "./top-k";

/**
 * The embedded store's dense vectors (in the index worker): exact search over them, and per
 * dimension an HNSW graph (ann-graph.ts) once that dimension has `minVectors` vectors. The vectors
 * stay here too: exact search needs them, and every graph hit is scored again exactly, so scores
 * and tie order are the same whichever path answers.
 *
 * The graph is maintained off the request path: a new vector is searchable at once (exact, in
 * `pending`) and inserted into the graph by build(), which the worker runs in slices of a few tens
 * of ms between requests. A search combines the graph's hits with an exact pass over the pending
 * vectors, so results never miss a vector the graph has not reached yet; with no graph (small
 * store, a graph being rebuilt) the whole search is exact.
 *
 * Exact instead of the graph when the filter leaves fewer than `minVectors` vectors or less than
 * `exactFraction` of the graph (estimated on a sample): a selective filter makes HNSW walk far
 * (hnswlib goes on until it has ef allowed elements) while exact over few vectors is cheap.
 */

export interface DenseHit {
  slot: number;
  score: number;
}

export interface DenseScope {
  allowed: (slot: number) => boolean;
  /** True when the filter allows every vector (no filter callback needed). */
  unrestricted: boolean;
}

/**
 * Four running sums instead of one: independent additions pipeline, twice as fast at 1,024
 * dimensions (each float32 product is exact in float64; only the order of the sums differs).
 */
export function dot(v: Float32Array, q: Float32Array): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const n = v.length - (v.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    a += (v[i] as number) * (q[i] as number);
    b += (v[i + 1] as number) * (q[i + 1] as number);
    c += (v[i + 2] as number) * (q[i + 2] as number);
    d += (v[i + 3] as number) * (q[i + 3] as number);
  }
  for (; i < v.length; i++) a += (v[i] as number) * (q[i] as number);
  return a + b + c + d;
}

const equal = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((x, i) => x === b[i]);

export class DenseIndex {
  vectors: (Float32Array | undefined)[] = [];
  readonly graphs = new Map<number, AnnGraph>();
  /** Slots whose vector waits for insertion into its dimension's graph, in order of arrival. */
  pending = new Set<number>();
  private counts = new Map<number, number>();
  /** While a full load fills the vectors, no graph is started (settle() attaches or starts them). */
  private settled = false;
  readonly stats = { inserted: 0, insertMs: 0, graphsBuilt: 0, annSearches: 0, exactSearches: 0 };

  constructor(readonly options: AnnOptions) {}

  put(slot: number, vector: Float32Array | undefined): void {
    this.vectors[slot] = vector;
    if (!vector) return;
    const dims = vector.length;
    const count = (this.counts.get(dims) ?? 0) + 1;
    this.counts.set(dims, count);
    if (this.graphs.has(dims)) this.pending.add(slot);
    else if (this.settled && count >= this.options.minVectors) this.startGraph(dims);
  }

  remove(slot: number): void {
    const vector = this.vectors[slot];
    if (!vector) return;
    this.vectors[slot] = undefined;
    this.counts.set(vector.length, (this.counts.get(vector.length) ?? 1) - 1);
    this.pending.delete(slot);
    this.graphs.get(vector.length)?.remove(slot);
  }

  /** A chunk rewritten from slot `from` into `to`: an unchanged vector keeps its place in the graph. */
  replace(from: number, to: number, vector: Float32Array | undefined): void {
    const old = this.vectors[from];
    if (old && vector && equal(old, vector) && this.graphs.get(vector.length)?.move(from, to)) {
      this.vectors[from] = undefined;
      this.vectors[to] = vector;
      return;
    }
    this.remove(from);
    this.put(to, vector);
  }

  /** After a full load: graphs read from disk where they fit, new ones (all pending) elsewhere. */
  settle(loaded: AnnGraph[]): void {
    this.settled = true;
    for (const graph of loaded) this.graphs.set(graph.dims, graph);
    for (const [dims, count] of this.counts) {
      if (count >= this.options.minVectors && !this.graphs.has(dims)) this.startGraph(dims);
    }
    for (const [slot, vector] of this.vectors.entries()) {
      const graph = vector && this.graphs.get(vector.length);
      if (graph && !graph.has(slot)) this.pending.add(slot);
    }
  }

  /** A fresh graph for `dims`, every vector of it pending; also how a worn graph is rebuilt. */
  private startGraph(dims: number): void {
    const count = this.counts.get(dims) ?? 0;
    this.graphs.get(dims)?.release();
    this.graphs.set(dims, AnnGraph.create(dims, Math.ceil(count * 1.25)));
    this.stats.graphsBuilt += 1;
    for (const [slot, vector] of this.vectors.entries()) if (vector?.length === dims) this.pending.add(slot);
  }

  /**
   * Inserts pending vectors for about `budgetMs`; returns how many. A graph whose deleted elements
   * outnumber half its live ones (re-imports, deletions) is dropped and rebuilt the same way.
   */
  build(budgetMs: number): number {
    for (const graph of this.graphs.values()) {
      if (graph.deleted >= 1_000 && graph.deleted > graph.live / 2) this.startGraph(graph.dims);
    }
    const started = performance.now();
    let inserted = 0;
    for (const slot of this.pending) {
      if (inserted > 0 && performance.now() - started >= budgetMs) break;
      this.pending.delete(slot);
      const vector = this.vectors[slot];
      const graph = vector && this.graphs.get(vector.length);
      if (!graph || graph.has(slot)) continue;
      graph.add(slot, vector);
      inserted += 1;
    }
    this.stats.inserted += inserted;
    this.stats.insertMs += performance.now() - started;
    return inserted;
  }

  /** Whether the graph answers for this filter (see the class comment), rather than exact search. */
  private graphAnswers(graph: AnnGraph | undefined, scope: DenseScope): graph is AnnGraph {
    if (!graph || graph.live < this.options.minVectors) return false;
    if (scope.unrestricted) return true;
    const step = Math.max(1, Math.floor(graph.count / 2_000));
    let seen = 0;
    let kept = 0;
    for (const slot of graph.sample(step)) {
      seen += 1;
      if (scope.allowed(slot)) kept += 1;
    }
    const estimate = seen ? (kept / seen) * graph.live : 0;
    return estimate >= this.options.minVectors && estimate >= this.options.exactFraction * graph.live;
  }

  /** The `k` best slots by inner product with `query` (normalized), best first, ties by slot. */
  search(query: Float32Array, k: number, scope: DenseScope, exact = false): DenseHit[] {
    const graph = this.graphs.get(query.length);
    const slots: number[] = [];
    const scores: number[] = [];
    const score = (slot: number) => {
      const v = this.vectors[slot];
      // Vectors of another size come from another embedding model: not comparable, skipped.
      if (!v || v.length !== query.length || !scope.allowed(slot)) return;
      slots.push(slot);
      scores.push(dot(v, query));
    };
    if (!exact && this.graphAnswers(graph, scope)) {
      this.stats.annSearches += 1;
      const found = graph.search(query, k, this.options.ef, scope.unrestricted ? undefined : scope.allowed);
      // The graph's hits and every vector it has not reached yet, in slot order (ties: lower slot).
      for (const slot of found.concat([...this.pending]).sort((a, b) => a - b)) score(slot);
    } else {
      this.stats.exactSearches += 1;
      for (let slot = 0; slot < this.vectors.length; slot++) score(slot);
    }
    // Candidates are in slot order, so ties between equal scores go to the lower slot.
    const best = topK(
      slots.keys(),
      (i) => scores[i] as number,
      k,
      () => true,
    );
    return best.map((i) => ({ slot: slots[i] as number, score: scores[i] as number }));
  }

  /** Slots renumbered densely by compaction (`remap[old]` is the new slot, -1 for a hole). */
  compact(remap: Int32Array, size: number): void {
    const vectors: (Float32Array | undefined)[] = new Array(size);
    for (let old = 0; old < remap.length; old++) {
      const next = remap[old] as number;
      if (next >= 0) vectors[next] = this.vectors[old];
    }
    this.vectors = vectors;
    for (const graph of this.graphs.values()) graph.remap(remap);
    this.pending = new Set([...this.pending].map((slot) => remap[slot] as number).filter((slot) => slot >= 0));
  }

  /** Frees the graphs (this index is being replaced by a fresh load). */
  release(): void {
    for (const graph of this.graphs.values()) graph.release();
    this.graphs.clear();
    this.pending.clear();
  }

  describe(): { dims: number; live: number; deleted: number; pending: number }[] {
    return [...this.graphs.values()].map((g) => ({
      dims: g.dims,
      live: g.live,
      deleted: g.deleted,
      pending: [...this.pending].filter((slot) => this.vectors[slot]?.length === g.dims).length,
    }));
  }
}
