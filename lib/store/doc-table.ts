import { foldForMatch } from "../text/fold";
import { statuteLinks } from "../text/statute-ref";
import { dateNumber } from "./date-number";

/**
 * The decisions of the embedded index, one row each, as columns (Lucene's "doc values"): what 판례
 * 검색 filters and counts on — corpus, court, level, case type, date, 전원합의체, 원심 — and the 사건명
 * a word may be found in. Every chunk row carries its decision's fields; the table keeps one copy per
 * decision (the last chunk placed wins: a decision's chunks are written together), and which slot
 * belongs to which decision. Categorical fields are codes into small dictionaries, so a facet is a
 * count per code over the matched decisions and a filter a comparison of integers.
 */

/** A decision's fields as a chunk row carries them. */
export interface DocFields {
  corpusId: string;
  caseNo: string;
  caseName: string;
  court: string;
  courtLevel: string;
  caseType: string;
  decisionDate: string;
  /** null: not read (a chunk written before the field; re-indexing fills it). */
  enBanc: boolean | null;
  lowerCourt: string;
}

export class Dict {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(value);
      this.codes.set(value, c);
    }
    return c;
  }

  /** The code of `value`, or −1 when no decision has it. */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }
}

const grow = <T extends Int32Array | Uint8Array>(a: T, size: number, fill = 0): T => {
  if (size <= a.length) return a;
  let n = Math.max(1024, a.length);
  while (n < size) n *= 2;
  const next = new (a.constructor as { new (n: number): T })(n);
  if (fill !== 0) next.fill(fill);
  next.set(a);
  return next;
};

export class DocTable {
  /** Per decision: "corpusId\u0001caseNo". */
  readonly keys: string[] = [];
  private readonly rawNames: (string | undefined)[] = [];
  private readonly byKey = new Map<string, number>();
  readonly corpus = new Dict();
  readonly court = new Dict();
  readonly level = new Dict();
  readonly type = new Dict();
  readonly lower = new Dict();
  /** 사건명 folded for matching (lib/text/fold.ts): many decisions share one (손해배상(기)). */
  readonly name = new Dict();
  /** "민법 제750조": the articles decisions' 참조조문 name (lib/text/statute-ref.ts statuteLinks). */
  readonly ref = new Dict();
  /** Per decision: the codes of the articles its 참조조문 names. */
  readonly refsOf: (Int32Array | undefined)[] = [];
  /** The 참조조문 passages' articles, by slot, and each decision's such slots. */
  private slotRefs = new Map<number, Int32Array>();
  private refSlots = new Map<number, number[]>();
  corpusOf = new Int32Array(1024);
  courtOf = new Int32Array(1024);
  levelOf = new Int32Array(1024);
  typeOf = new Int32Array(1024);
  lowerOf = new Int32Array(1024);
  nameOf = new Int32Array(1024);
  dateOf = new Int32Array(1024);
  /** 1: 전원합의체. */
  enBancOf = new Uint8Array(1024);
  /** Live chunks per decision: a decision with none is not listed. */
  chunksOf = new Int32Array(1024);
  /** Per slot: its decision, −1 for a hole. */
  slotDoc = new Int32Array(1024).fill(-1);
  /** 1 per decision with a live chunk, kept until a chunk is placed or dropped (liveDocs). */
  private live?: Uint8Array;

  /**
   * A new mask, 1 for each decision with a live chunk: every search starts from it (a search with
   * no filter is only this), so it is copied from the last one rather than computed per search.
   */
  liveDocs(): Uint8Array {
    if (!this.live || this.live.length !== this.size) {
      const live = new Uint8Array(this.size);
      for (let doc = 0; doc < live.length; doc++) if ((this.chunksOf[doc] as number) > 0) live[doc] = 1;
      this.live = live;
    }
    return this.live.slice();
  }

  get size(): number {
    return this.keys.length;
  }

  static key(corpusId: string, caseNo: string): string {
    return `${corpusId}\u0001${caseNo}`;
  }

  docOf(corpusId: string, caseNo: string): number {
    return this.byKey.get(DocTable.key(corpusId, caseNo)) ?? -1;
  }

  /**
   * Slot `slot` now holds a chunk of the decision `f`; `refList`: the chunk's text when it is part of
   * the decision's 참조조문 (its articles become the decision's).
   */
  place(slot: number, f: DocFields, refList?: string | null): void {
    const key = DocTable.key(f.corpusId, f.caseNo);
    let doc = this.byKey.get(key);
    if (doc === undefined) {
      doc = this.keys.length;
      this.byKey.set(key, doc);
      this.keys.push(key);
      this.refsOf.push(undefined);
      this.ensureDocs(doc + 1);
    }
    // The last chunk placed wins: a re-import brings the decision's new fields with its chunks.
    this.setFields(doc, f);
    this.chunksOf[doc] = (this.chunksOf[doc] as number) + 1;
    this.live = undefined;
    this.slotDoc = grow(this.slotDoc, slot + 1, -1);
    this.slotDoc[slot] = doc;
    if (refList) {
      const codes = statuteLinks(refList).map((l) => this.ref.code(`${l.law} ${l.article}`));
      this.slotRefs.set(slot, Int32Array.from(codes));
      this.refSlots.set(doc, [...(this.refSlots.get(doc) ?? []), slot]);
      this.unionRefs(doc);
    }
  }

  /** A decision's articles: those of its live 참조조문 passages (a list may span two). */
  private unionRefs(doc: number): void {
    const codes = new Set<number>();
    for (const slot of this.refSlots.get(doc) ?? []) for (const c of this.slotRefs.get(slot) ?? []) codes.add(c);
    this.refsOf[doc] = codes.size ? Int32Array.from(codes) : undefined;
  }

  private setFields(doc: number, f: DocFields): void {
    // Folded once per decision, not once per chunk (a load places every chunk).
    if (this.rawNames[doc] !== f.caseName) {
      this.rawNames[doc] = f.caseName;
      this.nameOf[doc] = this.name.code(foldForMatch(f.caseName));
    }
    this.corpusOf[doc] = this.corpus.code(f.corpusId);
    this.courtOf[doc] = this.court.code(f.court);
    this.levelOf[doc] = this.level.code(f.courtLevel || "기타");
    this.typeOf[doc] = this.type.code(f.caseType);
    this.lowerOf[doc] = this.lower.code(f.lowerCourt);
    this.dateOf[doc] = dateNumber(f.decisionDate);
    this.enBancOf[doc] = f.enBanc ? 1 : 0;
  }

  /** The slot's chunk was removed or replaced. */
  drop(slot: number): void {
    const doc = slot < this.slotDoc.length ? (this.slotDoc[slot] as number) : -1;
    if (doc < 0) return;
    this.slotDoc[slot] = -1;
    this.chunksOf[doc] = Math.max(0, (this.chunksOf[doc] as number) - 1);
    this.live = undefined;
    if (this.slotRefs.delete(slot)) {
      this.refSlots.set(
        doc,
        (this.refSlots.get(doc) ?? []).filter((x) => x !== slot),
      );
      this.unionRefs(doc);
    }
  }

  /** Slots renumbered (compaction): `remap[old]` is the new slot, −1 dropped. */
  remap(remap: Int32Array, live: number): void {
    const next = new Int32Array(Math.max(1024, live)).fill(-1);
    for (let old = 0; old < remap.length; old++) {
      const to = remap[old] as number;
      if (to >= 0 && old < this.slotDoc.length) next[to] = this.slotDoc[old] as number;
    }
    this.slotDoc = next;
    const moved = (slot: number) => (slot < remap.length ? (remap[slot] as number) : -1);
    const slotRefs = new Map<number, Int32Array>();
    for (const [slot, codes] of this.slotRefs) if (moved(slot) >= 0) slotRefs.set(moved(slot), codes);
    const refSlots = new Map<number, number[]>();
    for (const [doc, slots] of this.refSlots)
      refSlots.set(
        doc,
        slots.map(moved).filter((x) => x >= 0),
      );
    this.slotRefs = slotRefs;
    this.refSlots = refSlots;
  }

  private ensureDocs(n: number): void {
    this.corpusOf = grow(this.corpusOf, n);
    this.courtOf = grow(this.courtOf, n);
    this.levelOf = grow(this.levelOf, n);
    this.typeOf = grow(this.typeOf, n);
    this.lowerOf = grow(this.lowerOf, n);
    this.nameOf = grow(this.nameOf, n);
    this.dateOf = grow(this.dateOf, n);
    this.enBancOf = grow(this.enBancOf, n);
    this.chunksOf = grow(this.chunksOf, n);
  }
}
