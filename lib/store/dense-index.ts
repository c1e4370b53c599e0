import { logger } from "../util/log";
import { AnnGraph } from "./ann-graph";
import type { AnnOptions } from "./ann-options";
import { candidates, type DenseScope, dot, type Group } from "./dense-candidates";
import { topK } from "./top-k";

export type { DenseScope };

/**
 * The embedded store's dense vectors (in the index worker) and their HNSW graphs (ann-graph.ts):
 * one graph per corpus and embedding size, once that corpus has `minVectors` vectors of that size.
 * The float32 vectors stay here too: exact search needs them, and every graph hit is scored again
 * exactly, so scores and tie order are the same whichever path answers.
 *
 * Why usearch and not hnswlib-node: measured with scripts/measure-ann.ts on 120k × 1,024 "text"
 * vectors (scripts/ann-vectors.ts), M 16, efConstruction 100, one thread, on 2 shared cores:
 *   hnswlib-node float32    463–490 insertions/s (load 4–7), +500 MB, recall@30 0.986 at ef 512
 *   usearch float32         770/s (load 4–5), +354 MB, 0.986 at ef 512
 *   usearch float16         822/s (load ~8), +284 MB, 0.981 at ef 512, 0.991 at ef 1,024
 *   usearch int8 (this)     1,005/s at load 14, 2,943/s at load ~2, +100–170 MB, 0.982 at ef 512,
 *                           0.988 at ef 768, 0.991 at ef 1,024 (p95 < 9 ms), 2 × k rescored exactly
 * and in one run at 20k (load ~6): hnswlib-node 871/s, usearch float32 841/s, float16 2,033/s, int8
 * 3,682/s. The store's own figures: npm run bench:ingest -- --dense 1024 (docs/admin-guide.md).
 * Why efConstruction stays 100 (usearch int8, text vectors, quiet machine): 3,324 insertions/s,
 * recall@30 0.993 at ef 1,024; efConstruction 64 inserts 5,105/s but reaches only 0.974 (ef 1,024),
 * 0.979 (ef 1,536), 0.975 with 4 × k rescored — the loss is in the graph, not the 8-bit distances.
 * On 2 threads, efConstruction 100 inserts 6,238/s at the same recall (0.991): the index worker uses
 * them once only the graph's backlog is left (index-worker.ts).
 * hnswlib-node's addon is built without AVX here and keeps its own float32 copy of every vector; its
 * one advantage, a JS predicate called inside the search for each visited node, is replaced by a graph
 * per corpus (the filter the app always has), so searching some corpora searches just their graphs
 * and nothing is post-filtered away.
 *
 * Other filters (case type, court, dates) inside a corpus: a share of the graph is estimated on a
 * sample; under `exactFraction` or `minVectors` vectors, exact search over the allowed ones; above,
 * the graph is asked for OVERSAMPLE × k / share candidates (at least ef: the walk costs the same),
 * four times as many while fewer than k pass (the filter correlated with the query's neighbourhood),
 * and past 16 × ef the search goes exact rather than return fewer.
 *
 * The graphs are maintained off the request path: a new vector is searchable at once (exactly, in its
 * group's `pending`) and inserted by build(), which the worker runs in slices of a few tens of ms
 * between requests; removals are applied to usearch there too (ann-graph.ts). A graph whose removed
 * nodes outnumber half its live ones (re-embedding, re-imports) is rebuilt the same way.
 */

export interface DenseHit {
  slot: number;
  score: number;
}

/**
 * Insertions (~0.3–1 ms each at 1,024 dimensions) and removals per usearch call (per thread): the
 * time left in a build slice is checked between calls, so a slice overruns its budget by at most one call.
 */
const ADD_BATCH = 8;
const UNLINK_BATCH = 32;
const equal = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const groupKey = (dims: number, corpus: string) => `${dims}\u0000${corpus}`;

export class DenseIndex {
  vectors: (Float32Array | undefined)[] = [];
  private groupOfSlot: (Group | undefined)[] = [];
  private groups = new Map<string, Group>();
  /** While a full load fills the vectors, no graph is started (settle() attaches or starts them). */
  private settled = false;
  readonly stats = { inserted: 0, insertMs: 0, graphsBuilt: 0, annSearches: 0, exactSearches: 0 };

  constructor(readonly options: AnnOptions) {}

  get graphs(): AnnGraph[] {
    return [...this.groups.values()].flatMap((g) => (g.graph ? [g.graph] : []));
  }

  /** Insertions and removals the graphs still wait for (build() works them off). */
  get backlog(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.pending.size + (g.graph?.unlinkPending ?? 0);
    return n;
  }

  put(slot: number, vector: Float32Array | undefined, corpus: string): void {
    this.vectors[slot] = vector;
    if (!vector) return;
    const key = groupKey(vector.length, corpus);
    let group = this.groups.get(key);
    if (!group) {
      group = { key, dims: vector.length, corpus, slots: new Set(), pending: new Set() };
      this.groups.set(key, group);
    }
    group.slots.add(slot);
    this.groupOfSlot[slot] = group;
    if (group.graph) group.pending.add(slot);
    else if (this.settled && !group.failed && group.slots.size >= this.options.minVectors) this.startGraph(group);
  }

  remove(slot: number): void {
    const group = this.groupOfSlot[slot];
    this.vectors[slot] = undefined;
    this.groupOfSlot[slot] = undefined;
    if (!group) return;
    group.slots.delete(slot);
    group.pending.delete(slot);
    group.graph?.remove(slot);
    if (group.slots.size === 0) this.drop(group);
  }

  /** A chunk rewritten from slot `from` into `to`: an unchanged vector keeps its place in the graph. */
  replace(from: number, to: number, vector: Float32Array | undefined, corpus: string): void {
    const old = this.vectors[from];
    const group = this.groupOfSlot[from];
    if (old && vector && group?.corpus === corpus && equal(old, vector)) {
      this.vectors[from] = undefined;
      this.groupOfSlot[from] = undefined;
      this.vectors[to] = vector;
      this.groupOfSlot[to] = group;
      group.slots.delete(from);
      group.slots.add(to);
      if (group.pending.delete(from)) group.pending.add(to);
      else if (group.graph && !group.graph.move(from, to)) group.pending.add(to);
      return;
    }
    this.remove(from);
    this.put(to, vector, corpus);
  }

  /** A deleted corpus: its graphs are dropped whole (no removal node by node). */
  removeCorpus(corpus: string): void {
    for (const group of [...this.groups.values()]) {
      if (group.corpus !== corpus) continue;
      for (const slot of group.slots) {
        this.vectors[slot] = undefined;
        this.groupOfSlot[slot] = undefined;
      }
      this.drop(group);
    }
  }

  private drop(group: Group): void {
    group.graph?.release();
    this.groups.delete(group.key);
  }

  /** After a full load: graphs read from disk where they fit, new ones (all pending) elsewhere. */
  settle(loaded: AnnGraph[]): void {
    this.settled = true;
    for (const graph of loaded) {
      const group = this.groups.get(groupKey(graph.dims, graph.corpus));
      if (!group) {
        graph.release();
        continue;
      }
      group.graph = graph;
      for (const slot of group.slots) if (!graph.has(slot)) group.pending.add(slot);
    }
    for (const group of this.groups.values()) {
      if (!group.graph && group.slots.size >= this.options.minVectors) this.startGraph(group);
    }
  }

  /** A fresh graph for the group, every vector of it pending; also how a worn graph is rebuilt. */
  private startGraph(group: Group): void {
    group.graph?.release();
    group.graph = AnnGraph.create(group.dims, group.corpus, this.options.ef, Math.ceil(group.slots.size * 1.25));
    group.pending = new Set(group.slots);
    this.stats.graphsBuilt += 1;
  }

  /**
   * Inserts pending vectors and applies removals for about `budgetMs`; returns how much it did.
   * `threads` > 1 splits each batch of insertions over that many threads (usearch's; the index
   * worker uses them only once the change log is applied — see index-worker.ts).
   */
  build(budgetMs: number, threads = 1): number {
    const started = performance.now();
    const spent = () => performance.now() - started >= budgetMs;
    let done = 0;
    for (const group of [...this.groups.values()]) {
      const graph = group.graph;
      if (!graph) continue;
      if (graph.deleted >= 1_000 && graph.deleted > graph.live / 2) {
        this.startGraph(group);
        continue;
      }
      try {
        while (graph.unlinkPending > 0 && !spent()) done += graph.unlink(UNLINK_BATCH);
        while (group.pending.size > 0 && !spent()) {
          const slots: number[] = [];
          for (const slot of group.pending) {
            slots.push(slot);
            if (slots.length === ADD_BATCH * threads) break;
          }
          for (const slot of slots) group.pending.delete(slot);
          graph.add(
            slots,
            slots.map((slot) => this.vectors[slot] as Float32Array),
            threads,
          );
          this.stats.inserted += slots.length;
          done += slots.length;
        }
      } catch (error) {
        this.fail(group, error);
      }
    }
    this.stats.insertMs += performance.now() - started;
    return done;
  }

  /**
   * A graph usearch refused to change (out of memory, most likely): the corpus is searched exactly
   * from now on, correct and slower, until the next full load tries again.
   */
  private fail(group: Group, error: unknown): void {
    logger("store").error(`dense graph of corpus ${group.corpus} dropped, exact search instead: ${String(error)}`);
    group.graph?.release();
    group.graph = undefined;
    group.pending.clear();
    group.failed = true;
  }

  /** The `k` best slots by inner product with `query` (normalized), best first, ties by slot. */
  search(query: Float32Array, k: number, scope: DenseScope, exact = false): DenseHit[] {
    const slots: number[] = [];
    let viaGraph = false;
    if (exact) {
      for (const group of this.groups.values()) {
        // Vectors of another size come from another embedding model: not comparable, skipped.
        if (group.dims !== query.length || (scope.corpora && !scope.corpora.has(group.corpus))) continue;
        for (const slot of group.slots) if (scope.allowed(slot)) slots.push(slot);
      }
    } else {
      for (const group of this.groups.values()) {
        if (group.dims !== query.length || (scope.corpora && !scope.corpora.has(group.corpus))) continue;
        if (candidates(group, this.options, query, k, scope, slots)) viaGraph = true;
      }
    }
    if (viaGraph) this.stats.annSearches += 1;
    else this.stats.exactSearches += 1;
    // In slot order, so that topK's tie rule (lower index first) gives ties to the lower slot.
    const sorted = Int32Array.from(slots).sort();
    const scores = Float64Array.from(sorted, (slot) => dot(this.vectors[slot] as Float32Array, query));
    const best = topK(
      sorted.keys(),
      (i) => scores[i] as number,
      k,
      () => true,
    );
    return best.map((i) => ({ slot: sorted[i] as number, score: scores[i] as number }));
  }

  /** Slots renumbered densely by compaction (`remap[old]` is the new slot, -1 for a hole). */
  compact(remap: Int32Array, size: number): void {
    const vectors: (Float32Array | undefined)[] = new Array(size);
    const groupOfSlot: (Group | undefined)[] = new Array(size);
    for (let old = 0; old < remap.length; old++) {
      const next = remap[old] as number;
      if (next < 0) continue;
      vectors[next] = this.vectors[old];
      groupOfSlot[next] = this.groupOfSlot[old];
    }
    this.vectors = vectors;
    this.groupOfSlot = groupOfSlot;
    const moved = (set: Set<number>) => new Set([...set].map((slot) => remap[slot] as number).filter((s) => s >= 0));
    for (const group of this.groups.values()) {
      group.slots = moved(group.slots);
      group.pending = moved(group.pending);
      group.graph?.remap(remap);
    }
  }

  /** Frees the graphs (this index is being replaced by a fresh load). */
  release(): void {
    for (const group of this.groups.values()) group.graph?.release();
    this.groups.clear();
  }

  describe(): { dims: number; corpus: string; live: number; deleted: number; pending: number }[] {
    return [...this.groups.values()].flatMap(({ graph, corpus, pending }) =>
      graph ? [{ dims: graph.dims, corpus, live: graph.live, deleted: graph.deleted, pending: pending.size }] : [],
    );
  }
}
