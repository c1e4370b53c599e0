import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkId } from "@/lib/ingest/chunk";
import { Bm25Index } from "@/lib/store/bm25";
import type { IndexedChunk, VectorStore } from "@/lib/store/types";
import type { Chunk, SectionName } from "@/lib/text/decision";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

/**
 * The behaviour every VectorStore backend must have. Runs against the embedded store always and
 * against Qdrant when QDRANT_URL is set (tests/store/qdrant.test.ts).
 */

interface Fixture {
  corpus: string;
  caseNo: string;
  caseType: string;
  court: string;
  date: string;
  section: SectionName;
  order: number;
  text: string;
  vector?: number[];
}

const FIXTURES: Fixture[] = [
  {
    corpus: "A",
    caseNo: "2001다1",
    caseType: "민사",
    court: "대법원",
    date: "2001-03-02",
    section: "판시사항",
    order: 0,
    text: "회원권을 해지한 경우 이용료의 반환을 청구할 수 있는지 여부",
    vector: [1, 0, 0, 0],
  },
  {
    corpus: "A",
    caseNo: "2001다1",
    caseType: "민사",
    court: "대법원",
    date: "2001-03-02",
    section: "판례내용",
    order: 1,
    text: "회원권 해지에 책임이 있는 회원은 위약금을 뺀 이용료 반환만 청구할 수 있다.",
    vector: [0.9, 0.1, 0, 0],
  },
  {
    corpus: "A",
    caseNo: "2001다1",
    caseType: "민사",
    court: "대법원",
    date: "2001-03-02",
    section: "판례내용",
    order: 0,
    text: "원고는 피고에게 1년 치 이용료를 미리 냈다.",
    vector: [0.8, 0.2, 0, 0],
  },
  {
    corpus: "A",
    caseNo: "2010므7",
    caseType: "가사",
    court: "대법원",
    date: "2010-06-10",
    section: "판결요지",
    order: 0,
    text: "사실혼 관계는 당사자 일방의 의사로 해소될 수 있다.",
    vector: [0, 1, 0, 0],
  },
  {
    corpus: "A",
    caseNo: "2015나3",
    caseType: "민사",
    court: "서울고등법원",
    date: "2015-01-20",
    section: "판결요지",
    order: 0,
    text: "임대차 보증금 반환 의무와 목적물 인도 의무는 동시이행 관계에 있다.",
    vector: [0, 0, 1, 0],
  },
  {
    corpus: "B",
    caseNo: "2001다1",
    caseType: "민사",
    court: "대법원",
    date: "2001-03-02",
    section: "판시사항",
    order: 0,
    text: "회원권 이용료 반환 청구에 관한 다른 말뭉치의 사본",
    vector: [1, 0, 0, 0],
  },
  {
    corpus: "B",
    caseNo: "2020두9",
    caseType: "세무",
    court: "대법원",
    date: "2020-09-03",
    section: "판결요지",
    order: 0,
    text: "부가가치세 부과 처분의 취소를 구하는 소송",
  },
];

export function toIndexed(f: Fixture, corpusIds: Record<string, string>): IndexedChunk {
  const corpusId = corpusIds[f.corpus] as string;
  const chunk: Chunk = {
    id: chunkId(corpusId, f.caseNo, f.section, f.order),
    corpusId,
    caseNo: f.caseNo,
    caseName: "사건",
    court: f.court,
    courtLevel: f.court === "대법원" ? "대법원" : "하급심",
    caseType: f.caseType,
    decisionDate: f.date,
    section: f.section,
    sectionOrder: f.order,
    text: f.text,
    contentHash: `h-${f.text.length}`,
  };
  return { chunk, tokens: tokenizeKo(f.text), vector: f.vector };
}

export function defineStoreContract(
  name: string,
  open: () => Promise<VectorStore>,
  reopen?: () => Promise<VectorStore>,
) {
  describe(`VectorStore contract: ${name}`, () => {
    let store: VectorStore;
    // Unique corpus ids per run: a shared Qdrant collection may hold earlier runs' points.
    const run = Math.random().toString(36).slice(2, 8);
    const ids = { A: `A-${run}`, B: `B-${run}` };
    const items = FIXTURES.map((f) => toIndexed(f, ids));
    const A = { corpusIds: [ids.A] };

    beforeAll(async () => {
      store = await open();
      await store.upsert(items);
    });
    afterAll(async () => {
      await store.deleteCorpus(ids.A);
      await store.deleteCorpus(ids.B);
      await store.close();
    });

    it("counts what was upserted, and re-upserting the same ids does not duplicate", async () => {
      expect(await store.count(A)).toBe(5);
      await store.upsert(items.slice(0, 3));
      expect(await store.count(A)).toBe(5);
      expect(await store.count({ corpusIds: [ids.A, ids.B] })).toBe(7);
    });

    it("ranks dense results by cosine similarity", async () => {
      const hits = await store.denseSearch([1, 0.05, 0, 0], { topN: 3, filter: A });
      expect(hits.map((h) => h.chunk.section)).toEqual(["판시사항", "판례내용", "판례내용"]);
      expect(hits[0]?.score).toBeGreaterThan(hits[2]?.score ?? 1);
    });

    it("skips chunks without vectors in dense search but finds them in sparse search", async () => {
      const dense = await store.denseSearch([0, 0, 0, 1], { topN: 10, filter: { corpusIds: [ids.B] } });
      expect(dense.map((h) => h.chunk.caseNo)).not.toContain("2020두9");
      const sparse = await store.sparseSearch(tokenizeKo("부가가치세 부과"), {
        topN: 5,
        filter: { corpusIds: [ids.B] },
      });
      expect(sparse[0]?.chunk.caseNo).toBe("2020두9");
    });

    it("ranks sparse results by BM25 over our tokens", async () => {
      const hits = await store.sparseSearch(tokenizeKo("회원권 이용료 반환"), { topN: 5, filter: A });
      expect(hits[0]?.chunk.caseNo).toBe("2001다1");
      expect(hits.every((h, i) => i === 0 || (hits[i - 1]?.score ?? 0) >= h.score)).toBe(true);
      expect(hits.map((h) => h.chunk.corpusId).every((c) => c === ids.A)).toBe(true);
    });

    it("filters by case type, court and date range", async () => {
      const q = tokenizeKo("반환 관계 의무 해소");
      const family = await store.sparseSearch(q, { topN: 10, filter: { ...A, caseTypes: ["가사"] } });
      expect(new Set(family.map((h) => h.chunk.caseNo))).toEqual(new Set(["2010므7"]));
      const seoul = await store.sparseSearch(q, { topN: 10, filter: { ...A, courts: ["서울고등법원"] } });
      expect(new Set(seoul.map((h) => h.chunk.caseNo))).toEqual(new Set(["2015나3"]));
      const recent = await store.denseSearch([1, 1, 1, 0], {
        topN: 10,
        filter: { ...A, dateFrom: "2010-01-01", dateTo: "2012-12-31" },
      });
      expect(new Set(recent.map((h) => h.chunk.caseNo))).toEqual(new Set(["2010므7"]));
      expect(await store.count({ ...A, dateFrom: "2010-06-10" })).toBe(2);
    });

    it("returns a decision's chunks in section order", async () => {
      const chunks = await store.getDocumentChunks(ids.A, "2001다1");
      expect(chunks.map((c) => `${c.section}#${c.sectionOrder}`)).toEqual(["판시사항#0", "판례내용#0", "판례내용#1"]);
      expect(chunks[0]?.text).toContain("회원권");
    });

    it("returns the named chunks of a decision, in the order asked, and nothing of another", async () => {
      const all = await store.getDocumentChunks(ids.A, "2001다1");
      const [first, , last] = all.map((c) => c.id);
      const picked = await store.getChunks(ids.A, "2001다1", [last ?? "", "no-such-chunk", first ?? ""]);
      expect(picked).toEqual([all[2], all[0]]);
      expect(await store.getChunks(ids.A, "2015나3", [first ?? ""])).toEqual([]);
      expect(await store.getChunks(ids.A, "2001다1", [])).toEqual([]);
    });

    it("deletes one decision, then a whole corpus, leaving other corpora intact", async () => {
      await store.deleteDocument(ids.A, "2001다1");
      expect(await store.count(A)).toBe(2);
      expect(await store.getDocumentChunks(ids.A, "2001다1")).toEqual([]);
      expect(await store.count({ corpusIds: [ids.B] })).toBe(2);
      await store.deleteCorpus(ids.A);
      expect(await store.count(A)).toBe(0);
      expect(
        (await store.sparseSearch(tokenizeKo("회원권 이용료"), { topN: 5, filter: { corpusIds: [ids.B] } }))[0]?.chunk
          .corpusId,
      ).toBe(ids.B);
      await store.upsert(items.filter((i) => i.chunk.corpusId === ids.A));
    });

    if (reopen) {
      it("keeps its data across a restart", async () => {
        await store.close();
        store = await reopen();
        expect(await store.count(A)).toBe(5);
        const hits = await store.sparseSearch(tokenizeKo("임대차 보증금"), { topN: 1, filter: A });
        expect(hits[0]?.chunk.caseNo).toBe("2015나3");
      });
    }
  });
}

/** Scores from a store compared with the reference BM25 over the same tokens (embedded only). */
export function referenceBm25(items: IndexedChunk[], query: string[], topN: number) {
  const index = new Bm25Index();
  for (const item of items) index.add(item.chunk.id, item.tokens);
  return index.search(query, topN);
}
