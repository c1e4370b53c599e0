import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { statuteRefsOf } from "@/lib/db/statutes";
import { removeDecision } from "@/lib/ingest/corpus-admin";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { backfillStatuteRefs } from "@/lib/statutes/backfill-refs";
import { importStatuteFiles, outcomeLine } from "@/lib/statutes/import";
import { articleExists, citedByDecisions, findArticle, listLaws, statuteHistory } from "@/lib/statutes/lookup";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { useTestDatabase } from "../support/test-db";

const FIXTURES = resolve("tests/fixtures/statutes");
const V2020 = join(FIXTURES, "v2020/가상법.md");
const V2022 = join(FIXTURES, "v2022/가상법.md");
const BAD = join(FIXTURES, "bad/머리말없음.md");

let client: Db;
let store: EmbeddedStore;
let dataDir: string;
let corpusId: string;

beforeAll(async () => {
  client = useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-statutes-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  corpusId = (await createCorpus("테스트 판례")).id;
  const job = await createJob({ corpusId, kind: "cli", inputDir: resolve("tests/fixtures/decisions") });
  const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
  expect(done.status).toBe("done");
});
afterAll(() => store.close());

describe("importing statutes", () => {
  it("reports a file without front matter and imports the others", async () => {
    const outcomes = await importStatuteFiles([BAD, V2020]);
    expect(outcomes.map((o) => o.status)).toEqual(["failed", "imported"]);
    expect(outcomes[0]).toMatchObject({ code: "statute:bad_file" });
    expect(outcomeLine(outcomes[1] as never)).toContain("가상법 조문 7개, 시행일자 2020-01-01");
    expect(await listLaws()).toEqual(["가상법"]);
  });

  it("refuses the same law twice in one import: the first is kept", async () => {
    const outcomes = await importStatuteFiles([V2020, V2022]);
    expect(outcomes.map((o) => o.status)).toEqual(["imported", "failed"]);
    expect(outcomes[1]).toMatchObject({ code: "statute:duplicate" });
    expect((await findArticle("가상법", "제2조의3"))?.title).toBe("특례의 한계（限界）");
  });

  it("replaces an older version with a newer one, keeping the history; refuses an older one unless forced", async () => {
    const [newer] = await importStatuteFiles([V2022]);
    expect(newer).toMatchObject({ status: "imported", effectiveDate: "2022-03-01", previous: "2020-01-01" });
    expect(await articleExists("가상법", "제2조의3")).toBe(false);
    expect((await findArticle("가상법", "제3조"))?.text).toBe("신청은 서면이나 전자문서로 한다.");
    const history = await statuteHistory("가상법");
    expect(history?.statute).toMatchObject({ effectiveDate: "2022-03-01", articleCount: 4 });
    expect(history?.versions.map((v) => v.effectiveDate)).toEqual(["2022-03-01", "2020-01-01", "2020-01-01"]);

    const [older] = await importStatuteFiles([V2020]);
    expect(older).toMatchObject({ status: "refused", current: "2022-03-01" });
    expect((await statuteHistory("가상법"))?.statute.effectiveDate).toBe("2022-03-01");
    const [forced] = await importStatuteFiles([V2020], { force: true });
    expect(forced).toMatchObject({ status: "imported", previous: "2022-03-01" });
    expect((await statuteHistory("가상법"))?.statute.effectiveDate).toBe("2020-01-01");
  });

  it("finds an article with its neighbours", async () => {
    await importStatuteFiles([V2022]);
    expect(await findArticle("가상법", "제2조의2")).toEqual({
      law: "가상법",
      kind: "법률",
      number: "제2조의2",
      title: "정의의 특례",
      text: "제2조의 정의는 이 편에서만 쓴다.",
      effectiveDate: "2022-03-01",
      prev: { number: "제2조", title: "정의" },
      next: { number: "제3조", title: "신청의 방식" },
    });
    expect((await findArticle("가상법", "제1조"))?.prev).toBeUndefined();
    expect(await findArticle("가상법", "제99조")).toBeNull();
    expect(await findArticle("없는법", "제1조")).toBeNull();
  });

  it("keeps a deleted article as deleted, and a reference to an article no longer there finds none", async () => {
    await importStatuteFiles([V2020], { force: true });
    // 제3조 was deleted (삭제 <2019.12.31>); its branch article took the heading after it.
    expect(await findArticle("가상법", "제3조")).toMatchObject({ title: "", text: "삭제 <2019.12.31>" });
    expect((await findArticle("가상법", "제3조의2"))?.title).toBe("신청의 방식");
    // The newer version drops 제2조의3: a decision or a brief citing it links to nothing and says so.
    await importStatuteFiles([V2022]);
    expect(await articleExists("가상법", "제2조의3")).toBe(false);
    expect(await findArticle("가상법", "제2조의3")).toBeNull();
  });
});

describe("the decisions' 참조조문 as links", () => {
  it("are written at import: 2098다1001 refs 민법 제750조", async () => {
    const refs = await statuteRefsOf(corpusId, "2098다1001");
    expect(refs).toContainEqual({ law: "민법", article: "제750조" });
    expect(refs).toContainEqual({ law: "민법", article: "제756조" });
    const cited = await citedByDecisions("민법", "제750조", { take: 10, skip: 0 });
    expect(cited.decisions.map((d) => d.caseNo)).toContain("2098다1001");
    expect(cited.total).toBe(cited.decisions.length);
    expect(cited.decisions.find((d) => d.caseNo === "2098다1001")).toMatchObject({ corpusId, court: "대법원" });
  });

  it("are filled by the backfill for decisions imported before", async () => {
    const before = await client.decisionStatuteRef.count({ where: { corpusId } });
    await client.decisionStatuteRef.deleteMany({});
    const result = await backfillStatuteRefs(corpusId, dataDir);
    expect(result.refs).toBe(before);
    expect(await client.decisionStatuteRef.count({ where: { corpusId } })).toBe(before);
  });

  it("are removed with the decision", async () => {
    await removeDecision(corpusId, "2098다1001", store, dataDir);
    expect(await statuteRefsOf(corpusId, "2098다1001")).toEqual([]);
    const cited = await citedByDecisions("민법", "제750조", { take: 10, skip: 0 });
    expect(cited.decisions.map((d) => d.caseNo)).not.toContain("2098다1001");
  });
});

const SHARED = resolve("../shared/data/statutes");
describe.skipIf(!existsSync(SHARED))("importing the real statutes (../shared/data/statutes)", () => {
  it("imports the three, README left out", async () => {
    const outcomes = await importStatuteFiles([SHARED]);
    expect(outcomes.map((o) => (o.status === "imported" ? [o.name, o.articles] : o))).toEqual([
      ["민법", 1192],
      ["민사소송법", 527],
      ["행정소송법", 46],
    ]);
    expect((await findArticle("민법", "제839조의2"))?.title).toBe("재산분할청구권");
    expect((await findArticle("민법", "제750조"))?.next?.number).toBe("제751조");
  });
});
