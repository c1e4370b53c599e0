import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { SparseIndex } from "@/lib/store/sparse-index";
import { readSnapshot, writeSnapshot, writeSnapshotPieces } from "@/lib/store/sparse-snapshot";
import type { VectorStore } from "@/lib/store/types";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { toIndexed } from "./contract";

const TEXTS = [
  "불법행위로 인한 손해배상 청구권은 손해 및 가해자를 안 날부터 3년간 행사하지 않으면 소멸한다.",
  "채무불이행으로 인한 손해배상은 통상의 손해를 한도로 한다.",
  "임대차 종료 시 보증금 반환과 목적물 인도는 동시이행 관계에 있다.",
  "사용자는 피용자가 사무집행에 관하여 제3자에게 가한 손해를 배상할 책임이 있다.",
  "명의신탁 약정은 무효이고 그에 따른 등기도 무효이다.",
];

const items = TEXTS.map((text, i) =>
  toIndexed(
    {
      corpus: i % 2 ? "P" : "Q",
      caseNo: `2000다${i}`,
      caseType: "민사",
      court: "대법원",
      date: `200${i}-01-01`,
      section: "판결요지",
      order: 0,
      text,
      vector: i === 4 ? undefined : [i, 1, 0.5, 0],
    },
    { P: "p", Q: "q" },
  ),
);

/** Everything a reader can observe, to compare a store rebuilt from SQLite with one from a snapshot. */
async function observe(store: VectorStore) {
  const query = tokenizeKo("손해배상 책임 무효");
  return {
    all: await store.sparseSearch(query, { topN: 10 }),
    p: await store.sparseSearch(query, { topN: 10, filter: { corpusIds: ["p"] } }),
    dense: await store.denseSearch([1, 1, 0, 0], { topN: 10 }),
    count: await store.count(),
    recent: await store.count({ dateFrom: "2002-01-01" }),
  };
}

describe("embedded store index snapshot", () => {
  it("reopens from its snapshot with the same results as a rebuild from SQLite, deletions included", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-snap-"));
    const first = new EmbeddedStore(dir);
    await first.upsert(items);
    await first.upsert(items.slice(0, 2)); // replaced slots leave holes the snapshot compacts
    await first.deleteDocument("q", "2000다2");
    const expected = await observe(first);
    await first.close();
    expect(existsSync(join(dir, "sparse.snapshot"))).toBe(true);

    const fromSnapshot = new EmbeddedStore(dir);
    expect(await observe(fromSnapshot)).toEqual(expected);
    // Writes after a snapshot load go on working.
    await fromSnapshot.upsert([items[2] as (typeof items)[number]]);
    expect(await fromSnapshot.count()).toBe(5);
    await fromSnapshot.deleteDocument("q", "2000다2");
    await fromSnapshot.close();

    rmSync(join(dir, "sparse.snapshot"));
    const rebuilt = new EmbeddedStore(dir);
    expect(await observe(rebuilt)).toEqual(expected);
    await rebuilt.close();
  });

  it("ignores a stale or damaged snapshot", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-snap-"));
    const a = new EmbeddedStore(dir);
    await a.upsert(items.slice(0, 3));
    await a.close(); // snapshot of 3 chunks

    // Another connection writes without leaving a snapshot behind (as if it crashed).
    const b = new EmbeddedStore(dir);
    await b.upsert(items.slice(3));
    const stale = new EmbeddedStore(dir);
    expect(await stale.count()).toBe(5);
    expect((await stale.sparseSearch(tokenizeKo("명의신탁"), { topN: 1 }))[0]?.chunk.caseNo).toBe("2000다4");
    await Promise.all([b.close(), stale.close()]);

    writeFileSync(join(dir, "sparse.snapshot"), "BM25 not really");
    const damaged = new EmbeddedStore(dir);
    expect(await damaged.count()).toBe(5);
    expect((await damaged.sparseSearch(tokenizeKo("보증금"), { topN: 1 }))[0]?.chunk.caseNo).toBe("2000다2");
    await damaged.close();
  });
});

describe("snapshot written piece by piece", () => {
  it("writes the same file as the copied arrays, the postings a small buffer at a time, and reads back", () => {
    const sparse = new SparseIndex();
    for (const [slot, text] of TEXTS.entries()) sparse.add(slot, slot % 2, tokenizeKo(text));
    sparse.remove(2);
    // Slot 2 deleted: the others renumbered 0..3, as a compacting snapshot does.
    const remap = Int32Array.from([0, 1, -1, 2, 3]);
    const ids = ["a", "b", "d", "e"];
    const dir = mkdtempSync(join(tmpdir(), "rar-pieces-"));
    const stamp = { seq: 7, storeId: 3 };
    try {
      writeSnapshot(join(dir, "copied"), { ...stamp, ids, ...sparse.exportArrays(remap, 4) });
      const layout = sparse.exportLayout(remap, 4, 5);
      let pieces = 0;
      function* body() {
        yield layout.lengths;
        yield layout.counts;
        for (const piece of layout.slotPieces()) {
          pieces += 1;
          yield piece;
        }
        yield* layout.tfPieces();
      }
      writeSnapshotPieces(join(dir, "pieces"), stamp, { ids, terms: layout.terms }, body());
      expect(pieces).toBeGreaterThan(3);
      expect(readFileSync(join(dir, "pieces")).equals(readFileSync(join(dir, "copied")))).toBe(true);
      const read = readSnapshot(join(dir, "pieces"), (s) => s.seq === 7);
      expect(read?.ids).toEqual(ids);
      expect(read?.lengths[2]).toBe(tokenizeKo(TEXTS[3] as string).length);
      // The postings themselves: an index imported from the file ranks as the original does.
      const imported = new SparseIndex();
      imported.importArrays(read as NonNullable<typeof read>, Int32Array.from([0, 1, 1, 0]));
      const query = tokenizeKo("손해배상 책임 무효 보증금");
      const ranked = (index: SparseIndex, idOf: (slot: number) => string | undefined) =>
        index.search(query, 10, new Set([0, 1]), () => true).map((h) => [idOf(h.slot), h.score.toFixed(6)]);
      const original = ranked(sparse, (slot) => ["a", "b", undefined, "d", "e"][slot]);
      expect(original.length).toBeGreaterThan(1);
      expect(ranked(imported, (slot) => ids[slot])).toEqual(original);
      expect(readSnapshot(join(dir, "pieces"), (s) => s.seq === 8)).toBeUndefined();
      // A truncated file is refused, not half read.
      const whole = readFileSync(join(dir, "pieces"));
      writeFileSync(join(dir, "cut"), whole.subarray(0, whole.length - 9));
      expect(readSnapshot(join(dir, "cut"), () => true)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
