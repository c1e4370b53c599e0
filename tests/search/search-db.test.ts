import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { chosenFilters, facetGroups } from "@/lib/search/facet-links";
import { fillMissingMarks } from "@/lib/search/marks-backfill";
import { parseSearchParams, searchHref } from "@/lib/search/params";
import { searchDecisions } from "@/lib/search/search";
import { SIMILAR_MAX_CHARS, similarDecisions } from "@/lib/search/similar";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { decisionMarks } from "@/lib/text/decision-marks";
import { TOKENIZER_VERSION, tokenizeKo } from "@/lib/text/tokenize-ko";
import { useTestDatabase } from "../support/test-db";

// Our fixture decisions (tests/fixtures): by hand, the word 배상 is in three, all 대법원 민사 —
// 2098다1001 (테스트 판례, no 원심판결 line), 2096다5101 (인용 판례, 원심 서울고등법원) and
// 2097다7202 (인용 판례, en banc: the Chief Justice presides; 원심 부산고등법원). 로봇 and 보행자
// are in the last two, 드론 in the first and the last, 과실상계 in the first only.
let client: Db;
let store: EmbeddedStore;
let dataDir: string;
let fixtures: string;
let citations: string;

async function ingest(corpusId: string, inputDir: string) {
  const job = await createJob({ corpusId, kind: "cli", inputDir });
  const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
  expect(done.status).toBe("done");
}

beforeAll(async () => {
  client = useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-search-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  fixtures = (await createCorpus("테스트 판례")).id;
  citations = (await createCorpus("인용 판례")).id;
  await ingest(fixtures, resolve("tests/fixtures/decisions"));
  await ingest(citations, resolve("tests/fixtures/citations"));
});
afterAll(() => store.close());

const search = (query: Record<string, string>) => searchDecisions(parseSearchParams(query), { store, dataDir });
const caseNos = (r: Awaited<ReturnType<typeof search>>) => r.hits.map((h) => h.caseNo);

describe("decision marks", () => {
  it("reads 전원합의체 and 원심판결 from the text", () => {
    const body = (text: string) => ({
      meta: { caseNo: "1", caseName: "", court: "대법원", courtLevel: "", caseType: "", decisionDate: "" },
      sections: [{ name: "판례내용" as const, text }],
    });
    expect(
      decisionMarks(body("【원심판결】\n제1심 서울가정, 제2심 서울고법 1965. 2. 12. 선고 64르24 판결\n【주 문】")),
    ).toEqual({ enBanc: false, lowerCourt: "서울고등법원", lowerDate: "1965-02-12", lowerCaseNo: "64르24" });
    expect(decisionMarks(body("【원심판결】 1987.4.28. 선고 84구1010 판결")).lowerCourt).toBe("");
    // A cited en banc decision is not this one's bench.
    const cites =
      "【주 문】\n상고를 기각한다.\n【이 유】\n대법원 1982. 9. 28. 선고 81사9 전원합의체 판결 참조.\n대법관 가(재판장) 나";
    expect(decisionMarks(body(cites)).enBanc).toBe(false);
    expect(decisionMarks(body("… 대법원장 가나다(재판장) 대법관 라마바")).enBanc).toBe(true);
    expect(decisionMarks(body("대법원 2010. 4. 22. 선고 2008다38288 전원합의체 판결\n【원고】")).enBanc).toBe(true);
  });

  it("stores them at import, and reads them lazily for decisions imported before", async () => {
    const marks = async () =>
      (await client.document.findMany({ orderBy: { caseNo: "asc" } })).map((d) => [d.caseNo, d.enBanc, d.lowerCourt]);
    const atImport = await marks();
    expect(atImport).toContainEqual(["2097다7202", true, "부산고등법원"]);
    expect(atImport).toContainEqual(["2096다5101", false, "서울고등법원"]);
    await client.document.updateMany({ data: { enBanc: null, lowerCourt: "" } });
    expect(await fillMissingMarks(dataDir, 100)).toBe(atImport.length);
    expect(await marks()).toEqual(atImport);
  });
});

describe("searchDecisions", () => {
  it("finds the decisions holding a word, with facet counts equal to the hand count", async () => {
    const r = await search({ q: "배상" });
    expect(caseNos(r).sort()).toEqual(["2096다5101", "2097다7202", "2098다1001"]);
    expect(r.facets.level).toEqual([{ value: "대법원", count: 3 }]);
    expect(r.facets.type).toEqual([{ value: "민사", count: 3 }]);
    expect(r.facets.years).toEqual([{ value: "2020-", count: 3 }]);
    expect(r.facets.corpus.map((c) => [c.name, c.count])).toEqual([
      ["인용 판례", 2],
      ["테스트 판례", 1],
    ]);
    expect(r.facets.enBanc).toBe(1);
    expect(r.facets.lower).toEqual([
      { value: "부산고등법원", count: 1 },
      { value: "서울고등법원", count: 1 },
    ]);
  });

  it("narrows by each facet to exactly its count", async () => {
    expect(caseNos(await search({ q: "배상", corpus: citations })).sort()).toEqual(["2096다5101", "2097다7202"]);
    expect(caseNos(await search({ q: "배상", corpus: fixtures }))).toEqual(["2098다1001"]);
    expect(caseNos(await search({ q: "배상", enBanc: "1" }))).toEqual(["2097다7202"]);
    expect(caseNos(await search({ q: "배상", lower: "서울고등법원" }))).toEqual(["2096다5101"]);
    expect((await search({ q: "배상", years: "2010-2019" })).total).toBe(0);
    expect((await search({ q: "배상", level: "하급심" })).total).toBe(0);
  });

  it("applies AND, OR, exclusion, phrases and scopes", async () => {
    expect(caseNos(await search({ q: "배상 드론" })).sort()).toEqual(["2097다7202", "2098다1001"]);
    expect(caseNos(await search({ q: "드론 보행자" }))).toEqual(["2097다7202"]);
    expect(caseNos(await search({ q: "과실상계 OR 보행자 -드론" }))).toEqual(["2096다5101"]);
    expect(caseNos(await search({ q: "드론 OR 로봇" })).sort()).toEqual(["2096다5101", "2097다7202", "2098다1001"]);
    expect(caseNos(await search({ q: "배상 -로봇" }))).toEqual(["2098다1001"]);
    expect(caseNos(await search({ q: '"무인 배송로봇"' })).sort()).toEqual(["2096다5101", "2097다7202"]);
    expect(caseNos(await search({ q: "사건명:이혼" }))).toEqual(["2098므21, 22"]);
    expect(caseNos(await search({ q: "법원:서울행정법원" }))).toEqual(["2096구합4"]);
    expect(caseNos(await search({ q: "판시사항:드론" }))).toEqual(["2098다1001"]);
  });

  it("finds a decision whose AND words are together only in a chunk BM25 ranks below the pool", async () => {
    // A pool of 2 chunks stands for the 400 of a national corpus: by BM25 over 드론 and 보행자, the
    // top 2 chunks hold one word each, so checking the words on them alone found nothing.
    const holdsBoth = (text: string) => text.includes("드론") && text.includes("보행자");
    const top = await store.sparseSearch(tokenizeKo("드론 보행자"), { topN: 2 });
    expect(top.some((h) => holdsBoth(h.chunk.text))).toBe(false);
    const r = await searchDecisions(parseSearchParams({ q: "드론 보행자" }), { store, dataDir }, { candidates: 2 });
    expect(caseNos(r)).toEqual(["2097다7202"]);
  });

  it("sorts by date both ways, and puts a typed case number first", async () => {
    expect(caseNos(await search({ q: "배상", sort: "newest" }))).toEqual(["2097다7202", "2098다1001", "2096다5101"]);
    expect(caseNos(await search({ q: "배상", sort: "oldest" }))).toEqual(["2096다5101", "2098다1001", "2097다7202"]);
    const cited = await search({ q: "배상", sort: "cited" });
    expect(cited.hits.map((h) => h.citedBy)).toEqual([...cited.hits.map((h) => h.citedBy)].sort((a, b) => b - a));
    expect(cited.hits.find((h) => h.caseNo === "2096다5101")?.overruled).toBe(true);
    const byNo = await search({ q: "2098다1001" });
    expect(byNo.hits[0]).toMatchObject({ caseNo: "2098다1001", byCaseNo: true });
  });

  it("marks the matched words in the snippets, and a wrong operator only adds a hint", async () => {
    const r = await search({ q: "배상을 OR" });
    expect(r.parsed.hints).toHaveLength(1);
    const marked = r.hits.flatMap((h) => h.snippets.flatMap((s) => s.marks.map(([a, b]) => s.text.slice(a, b))));
    expect(marked.length).toBeGreaterThan(0);
    for (const word of marked) expect(word).toContain("배상");
  });
});

describe("similarDecisions", () => {
  it("lists the decisions alike a passage, with the key words they share", async () => {
    const passage = "배송로봇이 보도에서 보행자와 충돌한 사고에서 운영자의 과실과 손해배상 책임";
    const hits = await similarDecisions(passage, { store, dense: false });
    expect(
      hits
        .slice(0, 2)
        .map((h) => h.caseNo)
        .sort(),
    ).toEqual(["2096다5101", "2097다7202"]);
    expect(hits[0]?.sharedTerms).toContain("보행자");
    const without = await similarDecisions(passage, { store, dense: false, exclude: hits[0] });
    expect(without.map((h) => h.caseNo)).not.toContain(hits[0]?.caseNo);
  });

  it("refuses a passage over the limit with a clear error", async () => {
    await expect(similarDecisions("가".repeat(SIMILAR_MAX_CHARS + 1), { store, dense: false })).rejects.toThrow(
      AppError,
    );
  });
});

describe("the 참조조문 facet and filter (DecisionStatuteRef)", () => {
  // By hand, from the fixtures' 참조조문: 2098다1001 cites 민법 제750조, 제756조, 제396조, 제763조;
  // 2096다5101 and 2097다7202 cite 민법 제750조 and 제758조.
  const citingAll = ["2096다5101", "2097다7202", "2098다1001"];

  it("counts the articles the kept decisions cite, each decision once", async () => {
    const r = await search({ q: "배상" });
    expect(r.facets.ref).toEqual([
      { value: "민법 제750조", count: 3 },
      { value: "민법 제758조", count: 2 },
      { value: "민법 제396조", count: 1 },
      { value: "민법 제756조", count: 1 },
      { value: "민법 제763조", count: 1 },
    ]);
    const groups = facetGroups(r.facets, parseSearchParams({ q: "배상" }));
    const ref = groups.find((g) => g.id === "ref");
    expect(ref?.items[0]).toMatchObject({ label: "민법 제750조", count: 3, active: false });
    expect(ref?.items[0]?.href).toBe(searchHref({ q: "배상", ref: "민법 제750조" }));
  });

  it("narrows to exactly the decisions citing the article, as many as the count said", async () => {
    const before = await search({ q: "배상" });
    for (const { value, count } of before.facets.ref) {
      const r = await search({ q: "배상", ref: value });
      expect(r.total).toBe(count);
    }
    expect(caseNos(await search({ q: "배상", ref: "민법 제758조" })).sort()).toEqual(["2096다5101", "2097다7202"]);
    expect(caseNos(await search({ q: "배상", ref: "민법 제756조" }))).toEqual(["2098다1001"]);
    // With another facet: both apply.
    expect(caseNos(await search({ q: "배상", ref: "민법 제750조", corpus: fixtures }))).toEqual(["2098다1001"]);
    const chosen = await search({ q: "배상", ref: "민법 제758조" });
    const group = facetGroups(chosen.facets, parseSearchParams({ q: "배상", ref: "민법 제758조" })).find(
      (g) => g.id === "ref",
    );
    expect(group?.items.find((i) => i.active)).toMatchObject({ label: "민법 제758조", count: 2 });
    expect(group?.clearHref).toBe(searchHref({ q: "배상" }));
  });

  it("with no words lists every decision citing the article, in the chosen order", async () => {
    const r = await search({ ref: "민법 제750조" });
    expect(caseNos(r).sort()).toEqual(citingAll);
    expect(r.facets.ref[0]).toEqual({ value: "민법 제750조", count: 3 });
    expect(caseNos(await search({ ref: "민법 제750조", sort: "newest" }))).toEqual([
      "2097다7202",
      "2098다1001",
      "2096다5101",
    ]);
    expect(caseNos(await search({ ref: "민법 제750조", sort: "oldest" }))).toEqual([
      "2096다5101",
      "2098다1001",
      "2097다7202",
    ]);
    expect(caseNos(await search({ ref: "민법 제758조", lower: "부산고등법원" }))).toEqual(["2097다7202"]);
    // The address as the article page writes it, spaces and all, reads the same.
    expect(caseNos(await search({ ref: " 민법  제 750 조" })).sort()).toEqual(citingAll);
    expect((await search({ ref: "민법 제9999조" })).total).toBe(0);
    // The chosen article keeps its line at 0, so it can be unchosen.
    expect((await search({ ref: "민법 제9999조" })).facets.ref).toEqual([{ value: "민법 제9999조", count: 0 }]);
  });

  it("reads and writes ref in the address, and drops what is not an article", () => {
    expect(parseSearchParams({ ref: "소득세법  시행령 제3조의 2" }).ref).toBe("소득세법 시행령 제3조의2");
    expect(parseSearchParams({ ref: "민법" }).ref).toBeUndefined();
    expect(searchHref({ ref: "민법 제750조", sort: "newest" })).toBe(
      `/search?${new URLSearchParams({ ref: "민법 제750조", sort: "newest" })}`,
    );
    expect(chosenFilters(parseSearchParams({ ref: "민법 제750조" }))).toBe(1);
  });
});

describe("citations pasted into 판례 검색 (the one reader)", () => {
  it("opens with the cited decision in any written form, then the decisions citing it", async () => {
    for (const q of ["대법원 2096. 5. 10. 선고 2096다5101 판결", "2096 다 5101", "(2096다5101 등 참조)"]) {
      const r = await search({ q });
      expect(r.hits[0]?.caseNo, q).toBe("2096다5101");
      expect(r.hits[0]?.byCaseNo, q).toBe(true);
      // 2097다7202 cites it: found by the number as a word.
      expect(caseNos(r), q).toContain("2097다7202");
    }
  });

  it("lists every cited decision, and lets the other words of the query search", async () => {
    const both = await search({ q: "2096다5101, 2097다7202" });
    expect(caseNos(both).slice(0, 2).sort()).toEqual(["2096다5101", "2097다7202"]);
    const mixed = await search({ q: "2098다1001 로봇" });
    expect(mixed.hits[0]?.caseNo).toBe("2098다1001");
    // 로봇 searches on: the two robot decisions follow, though neither cites 2098다1001.
    expect(caseNos(mixed).slice(1).sort()).toEqual(["2096다5101", "2097다7202"]);
  });
});

describe("a corpus indexed by another tokenizer version", () => {
  it("is refused by 판례 검색 and 비슷한 판례 with the plain message, not searched badly", async () => {
    await client.corpus.update({ where: { id: citations }, data: { tokenizerVersion: 3 } });
    try {
      const refused = await search({ q: "배상" }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("search:stale_index");
      expect((refused as AppError).userMessage).toContain("'인용 판례'");
      expect((refused as AppError).userMessage).toContain("다시 색인");
      await expect(similarDecisions("배송로봇 운영자의 손해배상 책임", { store, dense: false })).rejects.toMatchObject({
        code: "search:stale_index",
      });
      // Scoped to the current corpus, it still searches.
      expect(caseNos(await search({ q: "배상", corpus: fixtures }))).toEqual(["2098다1001"]);
    } finally {
      await client.corpus.update({ where: { id: citations }, data: { tokenizerVersion: TOKENIZER_VERSION } });
    }
  });
});

describe("비슷한 판례: what a passage cites, and legal boilerplate", () => {
  it("puts a decision the passage cites first, and never shows boilerplate as a shared word", async () => {
    const passage =
      "원고는 드론 배송 중 떨어진 물건으로 손해를 입었다고 주장하며 배상을 구한다. 원심은 이를 판시하였다. " +
      "대법원 2096. 5. 10. 선고 2096다5101 판결의 취지에 비추어 보면 운영자의 책임이 문제된다.";
    const hits = await similarDecisions(passage, { store, dense: false });
    expect(hits[0]?.caseNo).toBe("2096다5101");
    expect(hits.map((h) => h.caseNo)).toContain("2098다1001");
    for (const h of hits) for (const w of ["구한다", "판시하였다", "원심"]) expect(h.sharedTerms).not.toContain(w);
    // Without the citation, the same words rank the drone decision first.
    const plain = await similarDecisions(passage.replace(/대법원 .*판결의 취지에 비추어 보면 /, ""), {
      store,
      dense: false,
    });
    expect(plain[0]?.caseNo).toBe("2098다1001");
  });
});
