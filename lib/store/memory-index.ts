import type { SparseArrays } from "./sparse-index";
import { SparseIndex } from "./sparse-index";
import { topK } from "./top-k";
import type { StoreFilter } from "./types";

/**
 * The embedded store's in-memory index (lives in the index worker, see index-worker.ts): an exact
 * BM25 inverted index, the dense vectors and per-slot filter fields. Slots are dense integers;
 * replaced or deleted chunks leave holes that compact() removes.
 */

export interface SlotMeta {
  id: string;
  corpusId: string;
  caseNo: string;
  caseType: string;
  court: string;
  decisionDate: string;
}

export interface Hit {
  id: string;
  score: number;
}

/**
 * Four running sums instead of one: independent additions pipeline, twice as fast at 1,024
 * dimensions (each float32 product is exact in float64; only the order of the sums differs).
 */
function dot(v: Float32Array, q: Float32Array): number {
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

export class MemoryIndex {
  sparse = new SparseIndex();
  metas: (SlotMeta | undefined)[] = [];
  vectors: (Float32Array | undefined)[] = [];
  slotOf = new Map<string, number>();
  groupOf = new Map<string, number>();
  /** The change-log seq this index reflects (every change up to it is applied). */
  cursor = 0;

  get live(): number {
    return this.slotOf.size;
  }

  get slots(): number {
    return this.metas.length;
  }

  group(corpusId: string): number {
    let g = this.groupOf.get(corpusId);
    if (g === undefined) {
      g = this.groupOf.size;
      this.groupOf.set(corpusId, g);
    }
    return g;
  }

  place(meta: SlotMeta, tokens: string[], vector: Float32Array | undefined): void {
    this.remove(meta.id);
    const slot = this.metas.length;
    this.metas.push(meta);
    this.vectors.push(vector);
    this.slotOf.set(meta.id, slot);
    this.sparse.add(slot, this.group(meta.corpusId), tokens);
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.sparse.remove(slot);
    this.metas[slot] = undefined;
    this.vectors[slot] = undefined;
    this.slotOf.delete(id);
  }

  /** One pass over the slots: a corpus deletion is a single change in the log. */
  removeCorpus(corpusId: string): number {
    let removed = 0;
    for (const meta of this.metas) {
      if (meta?.corpusId !== corpusId) continue;
      this.remove(meta.id);
      removed += 1;
    }
    return removed;
  }

  /** Groups (corpora) to search, and a predicate for the other filters. */
  private scope(filter: StoreFilter = {}): { groups: Set<number>; allowed: (slot: number) => boolean } {
    const corpora = filter.corpusIds ?? [...this.groupOf.keys()];
    const groups = new Set(corpora.flatMap((c) => (this.groupOf.has(c) ? [this.groupOf.get(c) as number] : [])));
    const caseTypes = filter.caseTypes?.length ? new Set(filter.caseTypes) : undefined;
    const courts = filter.courts?.length ? new Set(filter.courts) : undefined;
    const corpusSet = new Set(corpora);
    const allowed = (slot: number) => {
      const m = this.metas[slot];
      if (!m || !corpusSet.has(m.corpusId)) return false;
      if (caseTypes && !caseTypes.has(m.caseType)) return false;
      if (courts && !courts.has(m.court)) return false;
      if (filter.dateFrom && m.decisionDate < filter.dateFrom) return false;
      if (filter.dateTo && m.decisionDate > filter.dateTo) return false;
      return true;
    };
    return { groups, allowed };
  }

  private hits(slots: { slot: number; score: number }[]): Hit[] {
    return slots.map(({ slot, score }) => ({ id: this.metas[slot]?.id as string, score }));
  }

  sparseSearch(tokens: string[], topN: number, filter?: StoreFilter): Hit[] {
    const { groups, allowed } = this.scope(filter);
    return this.hits(this.sparse.search(tokens, topN, groups, allowed));
  }

  /** Brute-force cosine over normalized vectors (`query` normalized by the caller). */
  denseSearch(query: Float32Array, topN: number, filter?: StoreFilter): Hit[] {
    const { allowed } = this.scope(filter);
    const scores = new Float64Array(this.vectors.length);
    const candidates: number[] = [];
    for (let slot = 0; slot < this.vectors.length; slot++) {
      const v = this.vectors[slot];
      // Vectors of another size come from another embedding model: not comparable, skipped.
      if (!v || v.length !== query.length || !allowed(slot)) continue;
      scores[slot] = dot(v, query);
      candidates.push(slot);
    }
    // Same order as a full sort (score descending, then slot), without sorting every candidate.
    const best = topK(
      candidates,
      (slot) => scores[slot] as number,
      topN,
      () => true,
    );
    return this.hits(best.map((slot) => ({ slot, score: scores[slot] as number })));
  }

  count(filter?: StoreFilter): number {
    const { allowed } = this.scope(filter);
    let n = 0;
    for (let slot = 0; slot < this.metas.length; slot++) if (allowed(slot)) n += 1;
    return n;
  }

  /** The live index with slots renumbered densely (for the snapshot and for compaction). */
  exportLive(): { ids: string[]; remap: Int32Array; arrays: SparseArrays } {
    const remap = new Int32Array(this.metas.length).fill(-1);
    const ids: string[] = [];
    for (const [slot, meta] of this.metas.entries()) {
      if (!meta) continue;
      remap[slot] = ids.length;
      ids.push(meta.id);
    }
    return { ids, remap, arrays: this.sparse.exportArrays(remap, ids.length) };
  }

  /** Drops the holes left by replaced and deleted chunks, from an export of this very index. */
  compact(exported: { ids: string[]; remap: Int32Array; arrays: SparseArrays }): void {
    const metas: SlotMeta[] = new Array(exported.ids.length);
    const vectors: (Float32Array | undefined)[] = new Array(exported.ids.length);
    const groups = new Int32Array(exported.ids.length);
    for (let old = 0; old < exported.remap.length; old++) {
      const next = exported.remap[old] as number;
      if (next < 0) continue;
      const meta = this.metas[old] as SlotMeta;
      metas[next] = meta;
      vectors[next] = this.vectors[old];
      groups[next] = this.group(meta.corpusId);
    }
    this.metas = metas;
    this.vectors = vectors;
    this.slotOf = new Map(exported.ids.map((id, slot) => [id, slot]));
    this.sparse = new SparseIndex();
    this.sparse.importArrays(exported.arrays, groups);
  }
}
