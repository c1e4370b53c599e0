import { createRequire } from "node:module";
import type { HierarchicalNSW as Hnsw } from "hnswlib-node";

/**
 * One HNSW graph (hnswlib-node) over the embedded store's vectors of one dimension, in the index
 * worker. Labels are the graph's own numbers, handed out in order and never reused: a replaced or
 * deleted vector is only marked deleted (hnswlib's in-place update of a deleted element measured
 * 3–30× slower than a fresh insertion), and DenseIndex rebuilds a graph that holds too many deleted
 * elements. Slots (MemoryIndex's numbers, renumbered by compaction) map to labels both ways.
 * Why hnswlib-node (and not usearch), with the measurements: dense-index.ts.
 */

// A CommonJS addon whose module.exports is the binding: no named exports under ESM.
const { HierarchicalNSW } = createRequire(import.meta.url)("hnswlib-node") as typeof import("hnswlib-node");

/** An empty graph object for inner-product search over `dims` dimensions (to read a file into). */
export const openHnsw = (dims: number): Hnsw => new HierarchicalNSW("ip", dims);

/** Links per element and the breadth of the search while inserting (see dense-index.ts). */
export const GRAPH_M = 16;
export const EF_CONSTRUCTION = 100;

export class AnnGraph {
  /** The graph's label of each slot it holds, and the slot of each label (-1: deleted). */
  private labelOfSlot = new Map<number, number>();
  private slotOfLabel: Int32Array;
  /** Elements in the graph, deleted ones included (the next label). */
  count = 0;
  deleted = 0;

  private constructor(
    readonly dims: number,
    private hnsw: Hnsw,
    private capacity: number,
  ) {
    this.slotOfLabel = new Int32Array(capacity).fill(-1);
  }

  static create(dims: number, capacity: number): AnnGraph {
    const hnsw = openHnsw(dims);
    const size = Math.max(1_024, capacity);
    hnsw.initIndex({ maxElements: size, m: GRAPH_M, efConstruction: EF_CONSTRUCTION, randomSeed: 100 });
    return new AnnGraph(dims, hnsw, size);
  }

  /**
   * A graph read from disk (ann-file.ts) whose label l held chunk `ids[l]` (null: deleted then);
   * `slotOf` gives each live chunk's slot now. A chunk gone since is marked deleted.
   */
  static attach(
    dims: number,
    hnsw: Hnsw,
    ids: (string | null)[],
    slotOf: (id: string) => number | undefined,
  ): AnnGraph {
    const graph = new AnnGraph(dims, hnsw, hnsw.getMaxElements());
    graph.count = ids.length;
    for (const [label, id] of ids.entries()) {
      const slot = id === null ? undefined : slotOf(id);
      if (slot !== undefined && !graph.labelOfSlot.has(slot)) {
        graph.labelOfSlot.set(slot, label);
        graph.slotOfLabel[label] = slot;
        continue;
      }
      graph.deleted += 1;
      if (id !== null) hnsw.markDelete(label);
    }
    return graph;
  }

  /** The underlying graph, for ann-file.ts (not to be changed while it is written). */
  get native(): Hnsw {
    return this.hnsw;
  }

  /**
   * Frees the graph's memory now: V8 does not know the addon's native memory (~0.5 GB at 120k ×
   * 1,024), so a dropped graph could wait long for garbage collection. Re-initializing frees it.
   */
  release(): void {
    this.hnsw.initIndex({ maxElements: 1 });
    this.labelOfSlot.clear();
    this.count = 0;
    this.deleted = 0;
  }

  get live(): number {
    return this.count - this.deleted;
  }

  has(slot: number): boolean {
    return this.labelOfSlot.has(slot);
  }

  /** The chunk id of each label (null: deleted), for saving. */
  ids(idOf: (slot: number) => string): (string | null)[] {
    return Array.from(this.slotOfLabel.subarray(0, this.count), (slot) => (slot < 0 ? null : idOf(slot)));
  }

  add(slot: number, vector: Float32Array): void {
    if (this.count >= this.capacity) {
      // Amortized: hnswlib reallocates its element arrays on resize.
      this.capacity = Math.ceil(this.capacity * 1.5);
      this.hnsw.resizeIndex(this.capacity);
      const grown = new Int32Array(this.capacity).fill(-1);
      grown.set(this.slotOfLabel);
      this.slotOfLabel = grown;
    }
    const label = this.count;
    this.hnsw.addPoint(Array.from(vector), label);
    this.count += 1;
    this.labelOfSlot.set(slot, label);
    this.slotOfLabel[label] = slot;
  }

  remove(slot: number): void {
    const label = this.labelOfSlot.get(slot);
    if (label === undefined) return;
    this.hnsw.markDelete(label);
    this.labelOfSlot.delete(slot);
    this.slotOfLabel[label] = -1;
    this.deleted += 1;
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

  /** Every live slot, every `step`-th of them (to estimate a filter's selectivity). */
  *sample(step: number): Generator<number> {
    for (let label = 0; label < this.count; label += step) {
      const slot = this.slotOfLabel[label] as number;
      if (slot >= 0) yield slot;
    }
  }

  /**
   * The `k` nearest slots by inner product. `allowed` is checked inside hnswlib's search (its filter
   * callback), so the search goes on until it has `k` allowed elements: nothing lost to a post-filter.
   */
  search(query: Float32Array, k: number, ef: number, allowed?: (slot: number) => boolean): number[] {
    if (this.live === 0) return [];
    this.hnsw.setEf(Math.max(ef, k));
    const slotOfLabel = this.slotOfLabel;
    const filter = allowed
      ? (label: number) => {
          const slot = slotOfLabel[label] as number;
          return slot >= 0 && allowed(slot);
        }
      : undefined;
    const { neighbors } = this.hnsw.searchKnn(Array.from(query), Math.min(k, this.capacity), filter);
    return neighbors.map((label) => slotOfLabel[label] as number).filter((slot) => slot >= 0);
  }
}
