import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkBrief } from "@/lib/brief/check";
import { draftSections } from "@/lib/brief/suggest";
import type { BriefCitation } from "@/lib/brief/types";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { useTestDatabase } from "../support/test-db";

// No statute imported: the statutes are only listed, as before a statute corpus exists
// (tests/brief/statute-check.test.ts checks them against imported ones).
vi.mock("@/lib/statutes/lookup", async () => ({
  ...(await import("../support/statute-sample")),
  listLaws: async () => [],
}));

// A draft written for this test over our fixture decisions (tests/fixtures): 2097다7202 (전원합의체)
// overrules 2096다5101; 2098다1001 was decided 2099. 1. 15. by 대법원; 2098므21, 22 is a joined
// decision; 2096누3 sits in decisions.jsonl; 2096구합4 (무인 점포 영업정지) is cited nowhere.
let store: EmbeddedStore;
let dataDir: string;

async function ingest(name: string, inputDir: string) {
  const corpusId = (await createCorpus(name)).id;
  const job = await createJob({ corpusId, kind: "cli", inputDir });
  expect((await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir })).status).toBe("done");
}

beforeAll(async () => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-brief-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  await ingest("테스트 판례", resolve("tests/fixtures/decisions"));
  await ingest("인용 판례", resolve("tests/fixtures/citations"));
});
afterAll(() => store.close());

const DRAFT = [
  "준 비 서 면",
  "",
  "1. 운영자의 책임",
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있습니다(대법원 2099. 6. 20. 선고 2097다7202 전원합의체 판결). " +
    "보행자는 사고 뒤 사흘 안에 관할 구청에 서면으로 신고하여야 합니다(대법원 2096. 5. 10. 선고 2096다5101 판결).",
  "",
  "2. 드론 낙하물",
  "드론 배송 사업자는 낙하물로 인한 손해를 배상할 책임이 있습니다(대법원 2099. 1. 16. 선고 2098다1001 판결, 서울고등법원 2099. 1. 15. 선고 2098다1001 판결). " +
    "민법 제750조, 제758조 및 같은 법 제396조가 근거입니다.",
  "",
  "3. 기타",
  "사실혼 해소에 관하여는 대법원 2098. 11. 2. 선고 2098므21, 22 판결을, 과세에 관하여는 2096 누 3 판결을 봅니다. " +
    "다만 대법원 2031다\n99999 판결은 확인이 필요합니다.",
  "",
  "4. 영업정지 처분의 재량권",
  "무인 점포를 운영하는 원고에 대한 영업정지 처분은 위반의 정도에 비하여 지나치게 무거워 재량권을 일탈하였습니다. " +
    "무인 점포의 영업정지 처분이 재량권을 일탈하였는지는 처분으로 달성하려는 공익과 원고가 입는 불이익을 비교하여 판단하여야 합니다. " +
    "이 사건 처분은 무인 점포 운영자에게 지나치게 가혹하여 재량권을 일탈·남용한 위법이 있습니다. ".repeat(2),
].join("\n");

const byNo = (list: BriefCitation[], caseNo: string) => list.filter((c) => c.caseNo === caseNo);

describe("서면 검증 over a draft", () => {
  it("finds every citation in document order with its status, marks and sentence", async () => {
    const report = await checkBrief(DRAFT, { store });
    expect(report.citations.map((c) => [c.caseNo, c.status])).toEqual([
      ["2097다7202", "found"],
      ["2096다5101", "found"],
      ["2098다1001", "date_mismatch"],
      ["2098다1001", "court_mismatch"],
      ["2098므21", "found"],
      ["2098므22", "found"],
      ["2096누3", "found"],
      ["2031다99999", "not_found"],
    ]);
    const [enBanc] = byNo(report.citations, "2097다7202");
    expect(enBanc?.enBanc).toBe(true);
    expect(enBanc?.url).toContain("/precedents/2097");
    const [overruled] = byNo(report.citations, "2096다5101");
    expect(overruled?.overruled).toContain("2097다7202");
    const [late, elsewhere] = byNo(report.citations, "2098다1001");
    expect([late?.date, late?.foundDate]).toEqual(["2099-01-16", "2099-01-15"]);
    expect([elsewhere?.court, elsewhere?.foundCourt]).toEqual(["서울고등법원", "대법원"]);
    expect(report.citations.find((c) => c.caseNo === "2031다99999")?.url).toBeUndefined();
    expect(report.citations[0]?.sentence).toContain("무인 배송로봇의 운영자는");
    // The draft's text, offsets kept: each number where the draft writes it.
    for (const c of report.citations) expect(DRAFT.slice(c.start, c.end).replace(/\s/g, "")).toMatch(/\d+$/);
  });

  it("checks support against the decision's own text, and lists statutes as such", async () => {
    const report = await checkBrief(DRAFT, { store });
    expect(byNo(report.citations, "2097다7202")[0]?.support?.verdict).toBe("supported");
    // 2096다5101 does not say what the sentence claims of it.
    expect(byNo(report.citations, "2096다5101")[0]?.support?.verdict).not.toBe("supported");
    expect(byNo(report.citations, "2031다99999")[0]?.support).toBeUndefined();
    expect(report.statutes.map((s) => `${s.law} ${s.article}`)).toEqual([
      "민법 제750조",
      "민법 제758조",
      "민법 제396조",
    ]);
    expect(report.notes.join(" ")).toContain("조문 말뭉치가 아직 없어");
  });

  it("suggests leading decisions for a section that cites none, never a cited one", async () => {
    const report = await checkBrief(DRAFT, { store });
    expect(report.suggestions.map((s) => s.caseNo)).toContain("2096구합4");
    const cited = new Set(report.citations.map((c) => c.caseNo));
    for (const s of report.suggestions) expect(cited.has(s.caseNo)).toBe(false);
    const sections = draftSections(DRAFT);
    const section = report.suggestions.find((s) => s.caseNo === "2096구합4")?.section ?? -1;
    expect(sections[section]?.text).toContain("영업정지");
  });

  it("refuses an empty or overlong draft with a plain error", async () => {
    await expect(checkBrief("  \n ", { store })).rejects.toMatchObject({ code: "brief:empty" });
    const long = await checkBrief("가".repeat(300_001), { store }).catch((e: unknown) => e);
    expect(long).toBeInstanceOf(AppError);
    expect((long as AppError).code).toBe("brief:too_long");
  });
});
