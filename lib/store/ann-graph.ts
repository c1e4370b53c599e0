import { availableParallelism } from "node:os";
import { Index, MetricKind, ScalarKind } from "usearch";

/**
 * One HNSW graph (usearch) over the vectors of one corpus and one embedding size, in the index
 * worker. Vectors are stored in the graph as 8-bit integers (normalized vectors: cosine = inner
 * product): a quarter of the memory of float32, four times the insertion rate; DenseIndex asks for
 * OVERSAMPLE × k candidates and scores them again exactly with the float32 vectors it keeps, so the
 * quantization costs no precision in the results, only a little recall (measured in dense-index.ts).
 *
 * Labels are the graph's own keys, handed out in order and never reused; slots (MemoryIndex's
 * numbers, renumbered by compaction) map to labels both ways. A removed slot is forgotten at once
 * (its label maps to no slot, so a search skips it) and removed from usearch later, in batches, in
 * the worker's build slices (each removal relinks: ~0.1–0.3 ms); DenseIndex rebuilds a graph worn
 * by many removals.
 */

/** Links per node, and the search breadth while inserting (measured: dense-index.ts). */
export const CONNECTIVITY = 16;
export const EXPANSION_ADD = 100;
/** Candidates asked of the graph per result wanted, all scored again exactly. */
export const OVERSAMPLE = 2;
/** The most threads an insertion uses (DenseIndex.build; the index worker decides when). */
export const BUILD_THREADS = Math.max(1, Math.min(4, availableParallelism()));

export function createIndex(dims: number, ef: number): Index {
  return new Index({
    dimensions: dims,
    metric: MetricKind.Cos,
    quantization: ScalarKind.I8,
    connectivity: CONNECTIVITY,
    expansion_add: EXPANSION_ADD,
    expansion_search: ef,
    multi: false,
  });
}

export class AnnGraph {
  /** The graph's label of each slot it holds, and the slot of each label (-1: removed). */
  private labelOfSlot = new Map<number, number>();
  private slotOfLabel: Int32Array;
  /** Labels handed out (the next label), removed ones included. */
  count = 0;
  /** Removed labels, and those of them not yet removed from usearch. */
  deleted = 0;
  private unlinked: number[] = [];

  private constructor(
    readonly dims: number,
    readonly corpus: string,
    private index: Index,
    capacity: number,
  ) {
    this.slotOfLabel = new Int32Array(Math.max(1_024, capacity)).fill(-1);
  }

  static create(dims: number, corpus: string, ef: number, capacity = 0): AnnGraph {
    return new AnnGraph(dims, corpus, createIndex(dims, ef), capacity);
  }

  /**
   * A graph read from disk (ann-file.ts) whose label l held chunk `ids[l]` (null: removed then);
   * `slotOf` gives each chunk's slot now, undefined for one gone or changed since: removed.
   */
  static attach(
    dims: number,
    corpus: string,
    index: Index,
    ids: (string | null)[],
    slotOf: (id: string) => number | undefined,
  ): AnnGraph {
    const graph = new AnnGraph(dims, corpus, index, ids.length);
    graph.count = ids.length;
    for (const [label, id] of ids.entries()) {
      const slot = id === null ? undefined : slotOf(id);
      if (slot !== undefined && !graph.labelOfSlot.has(slot)) {
        graph.labelOfSlot.set(slot, label);
        graph.slotOfLabel[label] = slot;
        continue;
      }
      graph.deleted += 1;
      if (id !== null) graph.unlinked.push(label);
    }
    return graph;
  }

  /** The underlying index, for ann-file.ts. */
  get native(): Index {
    return this.index;
  }

  /**
   * Lets the graph's memory go (~170 MB at 120k × 1,024): usearch's binding has no way to free it at
   * once, so it goes with the dropped index at the worker's next garbage collection.
   */
  release(): void {
    this.index = createIndex(1, 1);
    this.labelOfSlot.clear();
    this.unlinked = [];
    this.count = 0;
    this.deleted = 0;
  }

  get live(): number {
    return this.count - this.deleted;
  }

  has(slot: number): boolean {
    return this.labelOfSlot.has(slot);
  }

  /** The live slots (an exact pass over this graph's vectors). */
  slots(): IterableIterator<number> {
    return this.labelOfSlot.keys();
  }

  /** The chunk id of each label (null: removed), for saving. */
  ids(idOf: (slot: number) => string): (string | null)[] {
    return Array.from(this.slotOfLabel.subarray(0, this.count), (slot) => (slot < 0 ? null : idOf(slot)));
  }

  /**
   * Inserts vectors, on `threads` threads of usearch's own (the caller waits for all of them; see
   * DenseIndex.build for when more than one is used).
   */
  add(slots: number[], vectors: Float32Array[], threads = 1): void {
    if (slots.length === 0) return;
    if (this.count + slots.length > this.slotOfLabel.length) {
      const grown = new Int32Array(Math.ceil((this.count + slots.length) * 1.5)).fill(-1);
      grown.set(this.slotOfLabel);
      this.slotOfLabel = grown;
    }
    const keys = new BigUint64Array(slots.length);
    const flat = new Float32Array(slots.length * this.dims);
    for (const [i, slot] of slots.entries()) {
      const label = this.count + i;
      keys[i] = BigInt(label);
      flat.set(vectors[i] as Float32Array, i * this.dims);
      this.labelOfSlot.set(slot, label);
      this.slotOfLabel[label] = slot;
    }
    this.count += slots.length;
    // usearch sets aside per-thread state only when an insertion makes it grow, for that call's
    // thread count; a later call on more threads than that fails ("Reserve capacity ahead of
    // insertions"). So every growing call reserves for the most threads any call will use.
    const grows = this.index.size() + slots.length >= this.index.capacity();
    this.index.add(keys, flat, grows ? BUILD_THREADS : Math.min(threads, BUILD_THREADS));
  }

  /** Forgets a slot at once; usearch removes its node in unlink(). */
  remove(slot: number): void {
    const label = this.labelOfSlot.get(slot);
    if (label === undefined) return;
    this.labelOfSlot.delete(slot);
    this.slotOfLabel[label] = -1;
    this.deleted += 1;
    this.unlinked.push(label);
  }

  get unlinkPending(): number {
    return this.unlinked.length;
  }

  /** Removes up to `max` forgotten nodes from usearch; returns how many. */
  unlink(max: number): number {
    const batch = this.unlinked.splice(0, max);
    if (batch.length > 0) this.index.remove(BigUint64Array.from(batch, (label) => BigInt(label)));
    return batch.length;
  }

  /** The same vector now lives in another slot (a chunk rewritten unchanged): no graph work. */
  move(from: number, to: number): boolean {
    const label = this.labelOfSlot.get(from);
    if (label === undefined) return false;
    this.labelOfSlot.delete(from);
    this.labelOfSlot.set(to, label);
    this.slotOfLabel[label] = to;
    return true;
  }

  /** Slots renumbered by compaction (`remap[old]` is the new slot). */
  remap(remap: Int32Array): void {
    const next = new Map<number, number>();
    for (const [slot, label] of this.labelOfSlot) {
      const to = remap[slot] as number;
      next.set(to, label);
      this.slotOfLabel[label] = to;
    }
    this.labelOfSlot = next;
  }

  /** Every `step`-th live slot (to estimate a filter's share of this graph). */
  *sample(step: number): Generator<number> {
    for (let label = 0; label < this.count; label += step) {
      const slot = this.slotOfLabel[label] as number;
      if (slot >= 0) yield slot;
    }
  }

  /** The graph's `wanted` nearest live slots to `query` (normalized), by its 8-bit distances. */
  search(query: Float32Array, wanted: number): number[] {
    if (this.live === 0) return [];
    // Nodes not yet unlinked may come back too and are skipped: ask for a few more.
    const asked = Math.min(wanted + Math.min(this.unlinked.length, wanted), this.count);
    const { keys } = this.index.search(query, asked, 1);
    const slots: number[] = [];
    for (const key of keys) {
      const slot = this.slotOfLabel[Number(key)];
      if (slot !== undefined && slot >= 0) slots.push(slot);
    }
    return slots;
  }
}
