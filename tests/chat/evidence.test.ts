import { describe, expect, it } from "vitest";
import { groupEvidence } from "@/lib/chat/evidence";
import { CASE_TYPES, describeFilters, normalizeFilters, toStoreFilter } from "@/lib/chat/filters";
import { parseStoredFilters } from "@/lib/chat/filters-schema";
import { splitCitations } from "@/lib/rag/citations";
import { retrievalOnlyAnswer } from "@/lib/rag/retrieval-only-answer";
import type { VectorStore } from "@/lib/store/types";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";

let n = 0;
function passage(caseNo: string, score: number, over: Partial<Chunk> = {}): ScoredChunk {
  n += 1;
  return {
    chunk: {
      id: `x${n}`,
      corpusId: "a",
      caseNo,
      caseName: `${caseNo} 사건`,
      court: "대법원",
      courtLevel: "대법원",
      caseType: "민사",
      decisionDate: "2000-01-01",
      section: "판결요지",
      sectionOrder: n,
      text: `${caseNo}의 ${n}번째 부분`,
      contentHash: `h${n}`,
      ...over,
    },
    score,
  };
}

describe("evidence by decision", () => {
  // A realistic ranking: one decision holds most of the top passages.
  const big = [0.9, 0.85, 0.8, 0.7, 0.6].map((s) => passage("2009다228", s));
  const other = passage("94므826, 833", 0.5, { caseType: "가사" });
  const third = passage("76므41", 0.4, { caseType: "가사" });
  const context = [big[0], big[1], other, big[2], third, big[3], big[4]] as ScoredChunk[];

  it("groups passages per decision with its best score, passages folded inside in ranking order", () => {
    const groups = groupEvidence(context);
    expect(groups.map((g) => g.caseNo)).toEqual(["2009다228", "94므826, 833", "76므41"]);
    const first = groups[0];
    expect(first?.passages.map((p) => p.score)).toEqual([0.9, 0.85, 0.8, 0.7, 0.6]);
    expect(first?.bestScore).toBe(0.9);
    expect(groups[1]).toMatchObject({
      court: "대법원",
      caseType: "가사",
      caseName: "94므826, 833 사건",
      cited: false,
      rank: 2,
    });
  });

  it("puts the cited decisions first, in the order the answer cites them, and marks them", () => {
    const answer = "예물은 반환되지 않습니다(76므41). 이혼 사건으로는 94므833 판결이 있습니다.";
    const groups = groupEvidence(context, splitCitations(answer, context));
    expect(groups.map((g) => [g.caseNo, g.cited])).toEqual([
      ["76므41", true],
      ["94므826, 833", true],
      ["2009다228", false],
    ]);
    expect(groups[0]?.passages[0]?.cited).toBe(true);
  });

  it("shows a decision held by two corpora once, naming both, and a shared passage once", () => {
    const inA = passage("2009다228", 0.9, { corpusId: "a", contentHash: "same", sectionOrder: 0 });
    const inB = passage("2009 다 228", 0.8, { corpusId: "b", contentHash: "same", sectionOrder: 0 });
    const onlyB = passage("2009다228", 0.3, { corpusId: "b" });
    const groups = groupEvidence([inA, inB, onlyB]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.corpusIds).toEqual(["a", "b"]);
    expect(groups[0]?.passages.map((p) => [p.chunk.id, p.corpusIds])).toEqual([
      [inA.chunk.id, ["a", "b"]],
      [onlyB.chunk.id, ["b"]],
    ]);
  });

  it("keeps apart decisions of different courts that share a number", () => {
    const seoul = passage("2020가합1", 0.5, { court: "서울중앙지방법원", courtLevel: "하급심" });
    const busan = passage("2020가합1", 0.4, { court: "부산지방법원", courtLevel: "하급심" });
    expect(groupEvidence([seoul, busan]).map((g) => g.court)).toEqual(["서울중앙지방법원", "부산지방법원"]);
  });

  it("the retrieval-only answer lists each decision once, however many passages and corpora hold it", async () => {
    const store = {
      getDocumentChunks: async (_corpusId: string, caseNo: string) => [
        { section: "판시사항", text: `${caseNo} 판시사항 *강조* <b>x</b>` },
      ],
    } as unknown as VectorStore;
    const twice = passage("2009다228", 0.3, { corpusId: "b" });
    const answer = await retrievalOnlyAnswer([...context, twice], store);
    expect(answer.match(/^\d+\. /gm)).toHaveLength(3);
    expect(answer.match(/2009다228\*\*/g)).toHaveLength(1);
    // Decision text cannot turn into Markdown or HTML.
    expect(answer).toContain("\\*강조\\*");
    expect(answer).toContain("\\<b\\>");
  });
});

describe("chat filters", () => {
  const courts: Record<string, string[]> = { 대법원: ["대법원"], 하급심: ["서울고등법원", "서울행정법원"] };
  const ofLevel = async (level: string) => courts[level] ?? [];

  it("become the store's filter: case types as the data names them, a court level as its courts", async () => {
    expect(
      await toStoreFilter(
        { caseTypes: ["행정", "민사"], courtLevel: "하급심", dateFrom: "1990-01-01", corpusIds: ["k"] },
        ofLevel,
      ),
    ).toEqual({
      corpusIds: ["k"],
      caseTypes: ["민사", ...CASE_TYPES.행정],
      courts: ["서울고등법원", "서울행정법원"],
      dateFrom: "1990-01-01",
    });
    expect(await toStoreFilter({ courtLevel: "하급심", courts: ["서울행정법원"] }, ofLevel)).toEqual({
      courts: ["서울행정법원"],
    });
    expect(await toStoreFilter({}, ofLevel)).toBeUndefined();
  });

  it("a level or court with no decisions finds nothing rather than everything", async () => {
    const none = await toStoreFilter({ courtLevel: "없는 등급" }, ofLevel);
    expect(none?.courts).toHaveLength(1);
    expect(courts.하급심).not.toContain(none?.courts?.[0]);
    const outside = await toStoreFilter({ courtLevel: "대법원", courts: ["서울고등법원"] }, ofLevel);
    expect(outside?.courts).toEqual(none?.courts);
  });

  it("are normalised, read back safely from storage, and described in Korean", () => {
    expect(normalizeFilters({ courts: [], caseTypes: [], dateTo: "" })).toBeUndefined();
    expect(parseStoredFilters('{"caseTypes":["가사","민사"]}')).toEqual({ caseTypes: ["민사", "가사"] });
    expect(parseStoredFilters("{broken")).toBeUndefined();
    expect(parseStoredFilters('{"caseTypes":["없음"]}')).toBeUndefined();
    expect(
      describeFilters(
        { corpusIds: ["k"], courtLevel: "대법원", caseTypes: ["민사", "가사"], dateFrom: "2000-01-01" },
        { k: "공유 판례" },
      ),
    ).toEqual(["말뭉치: 공유 판례", "법원: 대법원", "사건종류: 민사·가사", "선고일: 2000-01-01 ~ 현재"]);
  });
});
