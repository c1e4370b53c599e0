import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { loadDecisionRecord } from "@/lib/ingest/decision-archive";
import { jsonArrayElements, jsonLines, type RawRecord } from "@/lib/ingest/json-records";
import { type FileItem, readFileDecisions } from "@/lib/ingest/read-decisions";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { listInputFiles } from "@/lib/ingest/sources";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { syntheticMarkdown } from "../support/synthetic-decisions";
import { useTestDatabase } from "../support/test-db";

const MB = 1_048_576;
let dataDir: string;
let store: EmbeddedStore;
const dir = () => mkdtempSync(join(tmpdir(), "rar-size-"));

beforeAll(() => {
  useTestDatabase();
  dataDir = dir();
  process.env.DATA_DIR = dataDir;
  process.env.DECISION_MAX_MB = "1";
  resetEnvCache();
  store = new EmbeddedStore(join(dataDir, "store"));
});
afterAll(async () => {
  delete process.env.DECISION_MAX_MB;
  resetEnvCache();
  await store.close();
});

const record = (caseNo: string, text: string) => JSON.stringify({ caseNo, 판결요지: text });
const filler = (bytes: number) => "가".repeat(Math.ceil(bytes / 3));
const decoded = (items: RawRecord[]) =>
  items.map((r) => ("bytes" in r ? `${r.number}:${Buffer.from(r.bytes).toString("utf8").trim()}` : r));

async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

describe("splitting big JSON files into records", () => {
  it("splits JSONL by line across read boundaries and skips an oversized line unread", async () => {
    const path = join(dir(), "a.jsonl");
    writeFileSync(path, `\uFEFF{"a":1}\r\n\n{"b":"${"x".repeat(100)}"}\n{"c":"줄 끝 없음"}`);
    const items = await collect(jsonLines(path, 60, 7));
    expect(decoded(items)).toEqual(['1:{"a":1}', { number: 3, oversized: 108 }, '4:{"c":"줄 끝 없음"}']);
  });

  it("splits a JSON array on top-level commas only, with strings holding brackets, quotes and commas", async () => {
    const path = join(dir(), "a.json");
    const tricky = { caseNo: '1다1 "인용", [괄호] {중괄호} \\ 끝', n: [1, 2, { x: "]" }] };
    writeFileSync(path, ` [ ${JSON.stringify(tricky)} ,{"big":"${"y".repeat(200)}"}, "문자열" ]  `);
    const items = await collect(jsonArrayElements(path, 150, 5));
    expect(items.length).toBe(3);
    expect(JSON.parse(Buffer.from((items[0] as { bytes: Uint8Array }).bytes).toString("utf8"))).toEqual(tricky);
    expect(items[1]).toEqual({ number: 2, oversized: expect.any(Number) });
    expect(decoded([items[2] as RawRecord])).toEqual(['3:"문자열"']);
  });

  it("reports a cut-off array", async () => {
    const path = join(dir(), "cut.json");
    writeFileSync(path, '[{"caseNo":"1다1"},{"caseNo":"1다');
    const items = await collect(jsonArrayElements(path, 1000, 4));
    expect(items.at(-1)).toEqual({ number: 2, broken: true });
  });
});

describe("oversized input", () => {
  it("refuses a decision file over DECISION_MAX_MB by name, without reading it", async () => {
    const folder = dir();
    writeFileSync(join(folder, "큰판례.md"), `${syntheticMarkdown(1)}\n${filler(1.2 * MB)}`);
    writeFileSync(join(folder, "작은판례.md"), syntheticMarkdown(2));
    const items: FileItem[] = [];
    for (const file of listInputFiles(folder)) items.push(...(await collect(readFileDecisions(file, {}, MB))));
    const problems = items.flatMap((i) => ("problem" in i ? [i.problem] : []));
    expect(problems).toEqual([
      { file: "큰판례.md", code: "ingest:too_large", message: expect.stringContaining("1.0MB") },
    ]);
    expect(items.filter((i) => "decision" in i)).toHaveLength(1);
  });

  it("imports the other records of a big JSONL file with one oversized record, and CP949 records", async () => {
    const folder = dir();
    // The fixture's last line, as EUC-KR bytes ("완성형 인코딩으로 저장된 판례도 …").
    const eucKr = readFileSync(resolve("tests/fixtures/decisions/euc-kr-decision.txt"));
    const lineStart = eucKr.lastIndexOf(0x0a, eucKr.length - 2) + 1;
    const eucKrLine = eucKr.subarray(lineStart, eucKr.at(-1) === 0x0a ? -1 : undefined);
    const lines: (string | Buffer)[] = [];
    for (let i = 1; i <= 3000; i++) lines.push(record(`2096다${i}`, `레코드 ${i} ${filler(400)}`));
    lines[1500] = record("2096다1501", filler(1.5 * MB));
    // A whole record in EUC-KR (ASCII keys, Korean text), as exported by older systems.
    lines.push(Buffer.concat([Buffer.from('{"caseNo":"2096-9999","summary":"'), eucKrLine, Buffer.from('"}')]));
    writeFileSync(
      join(folder, "많은판례.jsonl"),
      Buffer.concat(lines.map((l) => Buffer.concat([Buffer.from(l), Buffer.from("\n")]))),
    );
    const [file] = listInputFiles(folder);
    expect(file?.size).toBeGreaterThan(2 * MB);
    const items = await collect(readFileDecisions(file as never, {}, MB));
    const problems = items.flatMap((i) => ("problem" in i ? [i.problem] : []));
    const decisions = items.flatMap((i) => ("decision" in i ? [i.decision] : []));
    expect(problems).toEqual([
      {
        file: "많은판례.jsonl #1501",
        code: "ingest:too_large",
        message: expect.stringContaining("판례 하나의 크기 한도"),
      },
    ]);
    expect(decisions).toHaveLength(3000);
    expect(decisions.at(-1)?.sections[0]?.text).toContain("완성형 인코딩");
  });

  it("does the same for a big JSON array, through a whole job", async () => {
    const folder = dir();
    const records = Array.from({ length: 2500 }, (_, i) => ({
      caseNo: `2095다${i + 1}`,
      판결요지: `배열 ${i} ${filler(400)}`,
    }));
    records[7] = { caseNo: "2095다8", 판결요지: filler(1.5 * MB) };
    writeFileSync(join(folder, "배열.json"), JSON.stringify(records));
    const corpus = await createCorpus("oversized-array");
    const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: folder });
    const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
    expect(done).toMatchObject({ status: "done", indexed: 2499, failed: 1 });
    expect(done.errors).toEqual([
      { file: "배열.json #8", code: "ingest:too_large", message: expect.stringContaining("1.5MB") },
    ]);
  }, 120_000);
});

describe("one 사건번호 twice in one job", () => {
  it("keeps the first, reports a different second by both file names, and quietly skips an identical copy", async () => {
    const folder = dir();
    mkdirSync(join(folder, "b"));
    writeFileSync(join(folder, "a.jsonl"), `${record("2094다77", "처음 읽은 판결요지입니다.")}\n`);
    writeFileSync(join(folder, "b", "b.jsonl"), `${record("2094다 77", "나중에 읽은 다른 판결요지입니다.")}\n`);
    writeFileSync(join(folder, "c.jsonl"), `${record("2094다77", "처음 읽은 판결요지입니다.")}\n`);
    const corpus = await createCorpus("duplicates");
    const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: folder });
    const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
    expect(done).toMatchObject({ status: "done", indexed: 1, failed: 0 });
    expect(done.errors).toEqual([
      {
        file: "b/b.jsonl",
        code: "ingest:duplicate_case_no",
        message: expect.stringMatching(/2094다 77.*a\.jsonl/),
      },
      { file: "c.jsonl", code: "ingest:duplicate", message: expect.stringContaining("2094다77") },
    ]);
    expect(loadDecisionRecord(dataDir, corpus.id, "2094다77")?.판결요지).toBe("처음 읽은 판결요지입니다.");
  });
});
