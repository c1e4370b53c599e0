import { ANN_DEFAULTS, type AnnOptions } from "./ann-options";
import { DenseIndex } from "./dense-index";
import { type DocFields, DocTable } from "./doc-table";
import type { SparseArrays } from "./sparse-index";
import { SparseIndex } from "./sparse-index";
import type { SparseTerms, StoreFilter } from "./types";

/**
 * The embedded store's in-memory index (lives in the index worker, see index-worker.ts): an exact
 * BM25 inverted index, the dense vectors with their HNSW graphs (dense-index.ts) and per-slot filter
 * fields. Slots are dense integers; replaced or deleted chunks leave holes that compact() removes.
 */

export interface SlotMeta {
  id: string;
  corpusId: string;
  caseNo: string;
  caseType: string;
  court: string;
  decisionDate: string;
  /** The chunk's section (판시사항 …): a word scoped to one is matched there only. */
  section: string;
}

export interface Hit {
  id: string;
  score: number;
}

export class MemoryIndex {
  sparse = new SparseIndex();
  metas: (SlotMeta | undefined)[] = [];
  readonly dense: DenseIndex;
  slotOf = new Map<string, number>();
  /** The decisions, as columns (판례 검색's exact matching, doc-match.ts). */
  docs = new DocTable();
  groupOf = new Map<string, number>();
  /** The change-log seq this index reflects (every change up to it is applied). */
  cursor = 0;

  constructor(ann: AnnOptions = ANN_DEFAULTS) {
    this.dense = new DenseIndex(ann);
  }

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

  place(
    meta: SlotMeta,
    tokens: string[],
    vector: Float32Array | undefined,
    doc?: DocFields,
    refList?: string | null,
  ): void {
    const previous = this.slotOf.get(meta.id);
    const slot = this.metas.length;
    if (previous !== undefined) {
      this.drop(previous);
      this.dense.replace(previous, slot, vector, meta.corpusId);
    } else this.dense.put(slot, vector, meta.corpusId);
    this.metas.push(meta);
    this.slotOf.set(meta.id, slot);
    this.sparse.add(slot, this.group(meta.corpusId), tokens);
    this.docs.place(slot, doc ?? docFieldsOf(meta), refList);
  }

  private drop(slot: number): void {
    this.sparse.remove(slot);
    this.docs.drop(slot);
    this.slotOf.delete((this.metas[slot] as SlotMeta).id);
    this.metas[slot] = undefined;
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.drop(slot);
    this.dense.remove(slot);
  }

  /** One pass over the slots: a corpus deletion is a single change in the log. */
  removeCorpus(corpusId: string): number {
    // The corpus's graphs go at once; the loop below finds no vector left to remove.
    this.dense.removeCorpus(corpusId);
    let removed = 0;
    for (const meta of this.metas) {
      if (meta?.corpusId !== corpusId) continue;
      this.remove(meta.id);
      removed += 1;
    }
    return removed;
  }

  /** Groups (corpora) to search, and a predicate for the other filters. */
  private scope(filter: StoreFilter = {}): {
    groups: Set<number>;
    allowed: (slot: number) => boolean;
    corpora?: Set<string>;
    corpusOnly: boolean;
  } {
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
    // Dense search picks the corpora's graphs itself; other fields need the predicate (dense-index.ts).
    const corpusOnly = !caseTypes && !courts && !filter.dateFrom && !filter.dateTo;
    return { groups, allowed, corpora: filter.corpusIds ? corpusSet : undefined, corpusOnly };
  }

  private hits(slots: { slot: number; score: number }[]): Hit[] {
    return slots.map(({ slot, score }) => ({ id: this.metas[slot]?.id as string, score }));
  }

  sparseSearch(tokens: string[], topN: number, filter?: StoreFilter, terms?: SparseTerms): Hit[] {
    const { groups, allowed } = this.scope(filter);
    return this.hits(this.sparse.search(tokens, topN, groups, allowed, terms));
  }

  /** Cosine over normalized vectors (`query` normalized by the caller): the graph, or exact. */
  denseSearch(query: Float32Array, topN: number, filter?: StoreFilter, exact = false): Hit[] {
    return this.hits(this.dense.search(query, topN, this.scope(filter), exact));
  }

  count(filter?: StoreFilter): number {
    const { allowed } = this.scope(filter);
    let n = 0;
    for (let slot = 0; slot < this.metas.length; slot++) if (allowed(slot)) n += 1;
    return n;
  }

  /** The live index with slots renumbered densely (for the snapshot and for compaction). */
  exportLive(): { ids: string[]; remap: Int32Array; arrays: SparseArrays } {
    const { ids, remap } = this.liveIds();
    return { ids, remap, arrays: this.sparse.exportArrays(remap, ids.length) };
  }

  /** The live chunks' ids in slot order, and each slot's number among them (−1: a hole). */
  private liveIds(): { ids: string[]; remap: Int32Array } {
    const remap = new Int32Array(this.metas.length).fill(-1);
    const ids: string[] = [];
    for (const [slot, meta] of this.metas.entries()) {
      if (!meta) continue;
      remap[slot] = ids.length;
      ids.push(meta.id);
    }
    return { ids, remap };
  }

  /**
   * For a snapshot of an index without holes (slots = live): the ids and the postings' layout,
   * the postings handed over a piece at a time rather than copied (SparseIndex.exportLayout).
   */
  exportLayout() {
    const { ids, remap } = this.liveIds();
    return { ids, layout: this.sparse.exportLayout(remap, ids.length) };
  }

  /** Drops the holes left by replaced and deleted chunks, from an export of this very index. */
  compact(exported: { ids: string[]; remap: Int32Array; arrays: SparseArrays }): void {
    const metas: SlotMeta[] = new Array(exported.ids.length);
    const groups = new Int32Array(exported.ids.length);
    for (let old = 0; old < exported.remap.length; old++) {
      const next = exported.remap[old] as number;
      if (next < 0) continue;
      const meta = this.metas[old] as SlotMeta;
      metas[next] = meta;
      groups[next] = this.group(meta.corpusId);
    }
    this.metas = metas;
    this.docs.remap(exported.remap, exported.ids.length);
    this.dense.compact(exported.remap, exported.ids.length);
    this.slotOf = new Map(exported.ids.map((id, slot) => [id, slot]));
    this.sparse = new SparseIndex();
    this.sparse.importArrays(exported.arrays, groups);
  }
}

/** A decision's fields when only the slot's are known (tests that place chunks by hand). */
export function docFieldsOf(meta: SlotMeta): DocFields {
  return { ...meta, caseName: "", courtLevel: "", enBanc: null, lowerCourt: "" };
}
