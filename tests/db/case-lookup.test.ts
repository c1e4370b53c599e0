import { beforeAll, describe, expect, it } from "vitest";
import { findDocumentsForCaseNo } from "@/lib/db/case-lookup";
import { createCorpus, listDocuments, upsertDocument } from "@/lib/db/corpora";
import { lookupDecisions } from "@/lib/db/decision-lookup";
import { useTestDatabase } from "../support/test-db";

let corpusId: string;

beforeAll(async () => {
  useTestDatabase();
  const corpus = await createCorpus("조회 시험");
  corpusId = corpus.id;
  for (const caseNo of ["94므826, 833", "94므8260", "76므41", "2098다1001"]) {
    await upsertDocument({
      corpusId: corpus.id,
      caseNo,
      caseName: caseNo === "76므41" ? "LG전자 회원권 이용료 반환" : "",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "가사",
      decisionDate: "",
      contentHash: caseNo,
      chunkCount: 1,
    });
  }
});

describe("finding a decision by a case number as written", () => {
  it("finds a joined decision from each of its numbers, and from the joined form however spaced", async () => {
    const caseNos = async (q: string) => (await findDocumentsForCaseNo(q)).map((d) => d.caseNo);
    expect(await caseNos("94므826, 833")).toEqual(["94므826, 833"]);
    expect(await caseNos("94므833")).toEqual(["94므826, 833"]);
    expect(await caseNos("94므826")).toEqual(["94므826, 833"]);
    expect(await caseNos("94므826,833")).toEqual(["94므826, 833"]);
    expect(await caseNos("76므41")).toEqual(["76므41"]);
  });

  it("never matches a number that only starts the same", async () => {
    expect(await findDocumentsForCaseNo("94므82")).toEqual([]);
    expect(await findDocumentsForCaseNo("76므42")).toEqual([]);
    expect(await findDocumentsForCaseNo("없는 번호")).toEqual([]);
  });
});

describe("searching names (SQLite and PostgreSQL alike)", () => {
  it("ignores ASCII case, as SQLite's LIKE does", async () => {
    expect((await lookupDecisions("lg전자")).map((d) => d.caseNo)).toEqual(["76므41"]);
    expect((await listDocuments(corpusId, { query: "Lg전자" })).rows.map((d) => d.caseNo)).toEqual(["76므41"]);
    expect((await listDocuments(corpusId, { query: "LG전자 회원권" })).total).toBe(1);
  });
});
