import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditBy, listAuditEntries } from "@/lib/db/audit";
import { citationsFrom } from "@/lib/db/citations";
import { getCorpus, listDocuments } from "@/lib/db/corpora";
import { createJob, updateJob } from "@/lib/db/jobs";
import { addCorpus, removeDecision } from "@/lib/ingest/corpus-admin";
import { decisionFile } from "@/lib/ingest/decision-archive";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { useTestDatabase } from "../support/test-db";

// An admin deletes one decision imported by mistake: it leaves the index, the corpus's counts,
// the citation graph it wrote and the archive; the others stay searchable; the log says who.

const admin: AuditBy = { actor: { id: "admin-1", email: "boss@firm.test" }, ip: "203.0.113.9" };
const GONE = "2098다1001";
let dataDir: string;
let store: EmbeddedStore;
let corpusId: string;

beforeAll(async () => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-remove-decision-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  corpusId = (await addCorpus("판례 삭제 시험")).id;
  const job = await createJob({ corpusId, kind: "cli", inputDir: resolve("tests/fixtures/decisions") });
  const ctx = { store, chunkSize: 200, chunkOverlap: 40, dataDir, batchSize: 2 };
  expect((await runIngestionJob(job.id, ctx)).status).toBe("done");
});
afterAll(async () => {
  await store.close();
});

const search = (text: string) => store.sparseSearch(tokenizeKo(text), { topN: 30, filter: { corpusIds: [corpusId] } });

describe("deleting one decision", () => {
  it("is refused while a job is queued or runs on the corpus, and nothing is removed", async () => {
    const running = await createJob({ corpusId, kind: "cli", inputDir: resolve("tests/fixtures/decisions") });
    // Queued counts as running: no process may start writing into what is being deleted.
    await expect(removeDecision(corpusId, GONE, store, dataDir, [], admin)).rejects.toMatchObject({
      code: "ingest:busy",
    });
    expect((await store.getDocumentChunks(corpusId, GONE)).length).toBeGreaterThan(0);
    await updateJob(running.id, { status: "done" });
  });

  it("removes its chunks, row, citations and archive; keeps the others; logs who did it", async () => {
    const before = await getCorpus(corpusId);
    const chunks = await store.getDocumentChunks(corpusId, GONE);
    expect(chunks.length).toBeGreaterThan(0);
    const others = (await listDocuments(corpusId)).rows.filter((d) => d.caseNo !== GONE);
    expect(others.length).toBeGreaterThan(0);
    expect(existsSync(decisionFile(dataDir, corpusId, GONE))).toBe(true);
    const query = chunks[0]?.text ?? "";
    expect((await citationsFrom(corpusId, GONE)).length).toBeGreaterThan(0); // its 참조판례
    expect((await search(query)).some((h) => h.chunk.caseNo === GONE)).toBe(true);

    await removeDecision(corpusId, GONE, store, dataDir, [], admin);

    expect(await store.getDocumentChunks(corpusId, GONE)).toEqual([]);
    const hits = await search(query);
    expect(hits.some((h) => h.chunk.caseNo === GONE)).toBe(false);
    expect((await listDocuments(corpusId)).rows.map((d) => d.caseNo).sort()).toEqual(
      others.map((d) => d.caseNo).sort(),
    );
    const after = await getCorpus(corpusId);
    expect(after?.documentCount).toBe((before?.documentCount ?? 0) - 1);
    expect(after?.chunkCount).toBe((before?.chunkCount ?? 0) - chunks.length);
    expect(await citationsFrom(corpusId, GONE)).toEqual([]);
    expect(existsSync(decisionFile(dataDir, corpusId, GONE))).toBe(false);
    for (const other of others)
      expect((await store.getDocumentChunks(corpusId, other.caseNo)).length).toBe(other.chunkCount);
    const [entry] = await listAuditEntries({ actions: ["decision.delete"], take: 1 });
    expect(entry).toMatchObject({
      actorEmail: "boss@firm.test",
      ip: "203.0.113.9",
      target: { kind: "decision", label: GONE },
      detail: `판례 삭제 시험에서 삭제 (청크 ${chunks.length}개)`,
    });
  });

  it("says not found for a decision the corpus does not hold (twice deleted, or never there)", async () => {
    await expect(removeDecision(corpusId, GONE, store, dataDir, [], admin)).rejects.toMatchObject({
      code: "not_found:resource",
    });
    await expect(removeDecision("no-such-corpus", GONE, store, dataDir)).rejects.toMatchObject({
      code: "not_found:resource",
    });
  });
});
