import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditBy, type AuditEntry, listAuditEntries, recordAudit } from "@/lib/db/audit";
import { getCorpus } from "@/lib/db/corpora";
import { AUDIT_CSV_HEADER, auditCsvChunks, csvCell } from "@/lib/export/audit-csv";
import { parseAuditQuery } from "@/lib/export/audit-log";
import { addCorpus, reindexCorpus, removeCorpus } from "@/lib/ingest/corpus-admin";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { acceptUpload } from "@/lib/ingest/upload";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { useTestDatabase } from "../support/test-db";
import { multipartRequest } from "../support/zip-writer";

/**
 * The audit log (변경 기록): the corpus life cycle an admin drives is recorded with who and from
 * where, the page's filter finds it, and the CSV export carries it in a form Excel reads.
 */

const MB = 1_048_576;
const admin: AuditBy = { actor: { id: "admin-1", email: "boss@firm.test" }, ip: "203.0.113.7" };
let dataDir: string;
let store: EmbeddedStore;

beforeAll(() => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-audit-"));
  store = new EmbeddedStore(join(dataDir, "store"));
});
afterAll(async () => {
  await store.close();
});

const latest = async (action: AuditEntry["action"]) => (await listAuditEntries({ actions: [action], take: 1 }))[0];

async function csvOf(filter: Parameters<typeof auditCsvChunks>[0], maxRows?: number): Promise<string> {
  let text = "";
  for await (const chunk of auditCsvChunks(filter, maxRows)) text += chunk;
  return text;
}

/** A minimal RFC 4180 reader (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("audit log", () => {
  let corpusId: string;

  it("records a corpus's creation, upload, re-index and deletion with the admin and the address", async () => {
    const corpus = await addCorpus("감사 기록 말뭉치", "", admin);
    corpusId = corpus.id;
    const decision = readFileSync(resolve("tests/fixtures/decisions/plain-decision.txt"));
    const request = await multipartRequest([
      ["files", { name: "decision.txt", data: decision }],
      ["files", { name: "notes.pdf", data: Buffer.from("%PDF") }],
      // Kept by the upload (a .txt), but no decision can be read from it.
      ["files", { name: "scribble.txt", data: Buffer.from("회의 메모: 다음 주 화요일까지 서면 초안") }],
    ]);
    const limits = { maxBytes: 4 * MB, maxFiles: 10, maxUnpackedBytes: 4 * MB, maxRatio: 200 };
    const upload = await acceptUpload(corpusId, request, { dataDir, limits, by: admin });
    expect(await latest("corpus.create")).toMatchObject({
      actorEmail: "boss@firm.test",
      target: { kind: "corpus", id: corpusId, label: "감사 기록 말뭉치" },
      ip: "203.0.113.7",
    });
    expect(await latest("corpus.upload")).toMatchObject({
      actorId: "admin-1",
      target: { kind: "corpus", id: corpusId, label: "감사 기록 말뭉치" },
      detail: `파일 2개, 건너뜀 1개 (작업 ${upload.id})`,
      ip: "203.0.113.7",
    });

    // Sparse-only indexing is enough to give the corpus documents to re-index.
    const ctx = { store, chunkSize: 200, chunkOverlap: 40, dataDir, batchSize: 2 };
    expect((await runIngestionJob(upload.id, ctx)).status).toBe("done");
    // How the upload ended, with the files that could not be read (known only once the job read them).
    expect(await latest("corpus.job_done")).toMatchObject({
      actorId: null,
      target: { kind: "corpus", id: corpusId, label: "감사 기록 말뭉치" },
      detail: `완료: 색인 1건, 변경 없음 0건, 읽지 못한 파일 1개, 건너뜀 1개 (작업 ${upload.id})`,
    });
    const reindex = await reindexCorpus(corpusId, dataDir, admin);
    expect(await latest("corpus.reindex")).toMatchObject({
      target: { id: corpusId },
      detail: `판례 1건 (작업 ${reindex.id})`,
    });
    await runIngestionJob(reindex.id, ctx);

    await removeCorpus(corpusId, store, dataDir, [], admin);
    expect(await getCorpus(corpusId)).toBeNull();
    // The entry outlives what it names: the label is kept on the row.
    expect(await latest("corpus.delete")).toMatchObject({
      actorEmail: "boss@firm.test",
      target: { kind: "corpus", id: corpusId, label: "감사 기록 말뭉치" },
      detail: "판례 1건",
    });
  });

  it("records nothing for an internal call (no `by`), and a refused change not at all", async () => {
    const before = (await listAuditEntries({ take: 500 })).length;
    await addCorpus("내부 호출", "");
    await expect(reindexCorpus("no-such-corpus", dataDir, admin)).rejects.toMatchObject({ code: "not_found:resource" });
    expect(await listAuditEntries({ take: 500 })).toHaveLength(before);
  });

  it("filters by action group, actor, free text and Korean days (inclusive), and pages by cursor", async () => {
    const at = (iso: string) => new Date(iso);
    const other = { actor: { id: "u-2", email: "kim@firm.test" }, ip: "198.51.100.2" };
    await recordAudit({ ...other, action: "auth.login", now: at("2031-03-01T14:59:00Z") }); // 3월 1일 23:59 KST
    await recordAudit({ ...other, action: "auth.login", now: at("2031-03-01T15:00:00Z") }); // 3월 2일 00:00 KST
    await recordAudit({ ...other, action: "auth.logout", now: at("2031-03-02T15:00:00Z") }); // 3월 3일
    await recordAudit({
      ...admin,
      action: "enrich.start",
      target: { kind: "corpus", id: "c-9", label: "노동 판례" },
      detail: "원자 질문 보강",
      now: at("2031-03-02T01:00:00Z"),
    });

    const find = async (params: Record<string, string>) =>
      (await listAuditEntries({ ...parseAuditQuery(params).filter, take: 50 })).map((e) => e.action);
    const day = { from: "2031-03-02", to: "2031-03-02" };
    expect(await find(day)).toEqual(["enrich.start", "auth.login"]);
    expect(await find({ ...day, action: "auth" })).toEqual(["auth.login"]);
    expect(await find({ from: "2031-03-01", action: "auth.logout" })).toEqual(["auth.logout"]);
    expect(await find({ from: "2031-03-01", actor: "KIM@" })).toEqual(["auth.logout", "auth.login", "auth.login"]);
    expect(await find({ from: "2031-03-01", q: "노동" })).toEqual(["enrich.start"]);
    expect(await find({ from: "2031-03-01", q: "198.51.100" })).toHaveLength(3);
    // Unreadable values are dropped, not refused: more rows, never an error page.
    expect(parseAuditQuery({ action: "drop.tables", from: "어제" }).filter).toMatchObject({
      actions: undefined,
      from: undefined,
    });

    const all = await listAuditEntries({ from: at("2031-03-01T00:00:00Z"), take: 50 });
    const first = await listAuditEntries({ from: at("2031-03-01T00:00:00Z"), take: 2 });
    const last = first.at(-1) as AuditEntry;
    const rest = await listAuditEntries({ from: at("2031-03-01T00:00:00Z"), take: 50, before: last });
    expect([...first, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it("exports CSV with a BOM, Korean labels, Korean time, quoting and no formula cells", async () => {
    await recordAudit({
      actor: { id: null, email: '=HYPERLINK("http://evil.test","클릭")' },
      action: "auth.login_failed",
      detail: '없는 계정, "따옴표"\n둘째 줄',
      ip: "192.0.2.1",
      now: new Date("2031-04-05T03:04:05Z"),
    });
    const text = await csvOf(parseAuditQuery({ from: "2031-04-05", to: "2031-04-05" }).filter);
    expect(text.startsWith("\uFEFF일시 (한국 시간),작업,")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(AUDIT_CSV_HEADER);
    expect(rows.slice(1)).toEqual([
      [
        "2031-04-05 12:04:05",
        "로그인 실패",
        "auth.login_failed",
        `'=HYPERLINK("http://evil.test","클릭")`,
        "",
        "",
        "",
        '없는 계정, "따옴표"\n둘째 줄',
        "192.0.2.1",
      ],
    ]);
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("평범한 값")).toBe("평범한 값");
  });

  it("ends a file over its row cap with a line saying so", async () => {
    const filter = parseAuditQuery({ from: "2031-03-01", to: "2031-03-03" }).filter;
    const rows = parseCsv((await csvOf(filter, 2)).slice(1));
    expect(rows).toHaveLength(1 + 2 + 1);
    expect(rows.at(-1)?.[0]).toContain("2건을 넘어");
    expect(parseCsv((await csvOf(filter, 4)).slice(1))).toHaveLength(1 + 4);
  });
});
