import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedTexts } from "@/lib/ai/embed";
import { createCorpus, getCorpus, listDocuments } from "@/lib/db/corpora";
import { createJob, requestJobCancel } from "@/lib/db/jobs";
import { AppError } from "@/lib/errors";
import { reindexCorpus, removeCorpus } from "@/lib/ingest/corpus-admin";
import { loadDecisionRecord } from "@/lib/ingest/decision-archive";
import { EmbeddingCache } from "@/lib/ingest/embedding-cache";
import type { Embedder } from "@/lib/ingest/index-decisions";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { useTestDatabase } from "../support/test-db";

let server: FakeOpenAI;
let store: EmbeddedStore;
let dataDir: string;
let embedder: Embedder;
const input = mkdtempSync(join(tmpdir(), "rar-input-"));

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI({ embeddingDimensions: 16 });
  dataDir = mkdtempSync(join(tmpdir(), "rar-data-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  const config = { baseURL: server.url, model: "fake-embed", timeoutMs: 5000, batchSize: 8 };
  embedder = {
    model: "fake-embed@16",
    cache: new EmbeddingCache(join(dataDir, "cache.db")),
    embed: (texts) => embedTexts(texts, { config }),
  };
  cpSync(resolve("tests/fixtures/decisions"), input, { recursive: true });
});
afterAll(async () => {
  await server.close();
  await store.close();
});

const ctx = (over: Partial<Parameters<typeof runIngestionJob>[1]> = {}) => ({
  store,
  embedder,
  chunkSize: 200,
  chunkOverlap: 40,
  dataDir,
  batchSize: 2,
  ...over,
});
const embedCalls = () => server.requests.filter((r) => r.path.endsWith("/embeddings")).length;

describe("ingestion jobs", () => {
  let corpusId: string;

  it("indexes a folder tree, reporting unreadable records by file and number", async () => {
    corpusId = (await createCorpus("fixtures")).id;
    const job = await createJob({ corpusId, kind: "cli", inputDir: input });
    const done = await runIngestionJob(job.id, ctx());
    expect(done.status).toBe("done");
    expect(done.filesTotal).toBe(5);
    expect(done.filesDone).toBe(5);
    expect(done.indexed).toBe(6);
    expect(done.failed).toBe(2);
    expect(done.errors.map((e) => e.file)).toEqual(["decisions.jsonl #3", "decisions.jsonl #4"]);
    const corpus = await getCorpus(corpusId);
    expect(corpus).toMatchObject({ status: "ready", documentCount: 6, sparseOnly: false });
    expect(await store.count({ corpusIds: [corpusId] })).toBe(corpus?.chunkCount);
    const hits = await store.sparseSearch(tokenizeKo("드론 배송 추락 손해배상"), {
      topN: 1,
      filter: { corpusIds: [corpusId] },
    });
    expect(hits[0]?.chunk.caseNo).toBe("2098다1001");
    expect(loadDecisionRecord(dataDir, corpusId, "2098므21, 22")?.caseName).toBe("이혼·위자료");
  });

  it("skips unchanged decisions on a second run and never embeds a chunk twice", async () => {
    const before = embedCalls();
    const job = await createJob({ corpusId, kind: "cli", inputDir: input });
    const again = await runIngestionJob(job.id, ctx());
    expect(again).toMatchObject({ status: "done", indexed: 0, unchanged: 6 });
    expect(embedCalls()).toBe(before);
  });

  it("re-indexes from its archive with force, reusing cached vectors", async () => {
    const before = embedCalls();
    const job = await reindexCorpus(corpusId, dataDir);
    const done = await runIngestionJob(job.id, ctx());
    expect(done).toMatchObject({ status: "done", indexed: 6, failed: 0 });
    expect(embedCalls()).toBe(before);
    expect((await listDocuments(corpusId)).total).toBe(6);
  });

  it("refuses a second job on a busy corpus", async () => {
    const running = await createJob({ corpusId, kind: "cli", inputDir: input });
    await expect(createJob({ corpusId, kind: "cli", inputDir: input })).rejects.toMatchObject({ code: "ingest:busy" });
    await requestJobCancel(running.id);
    const cancelled = await runIngestionJob(running.id, ctx());
    expect(cancelled.status).toBe("cancelled");
    expect((await getCorpus(corpusId))?.documentCount).toBe(6);
  });

  it("fails cleanly when the embeddings endpoint breaks midway, keeping what was indexed", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rar-new-"));
    writeFileSync(
      join(folder, "new.jsonl"),
      '{"caseNo": "2095다1", "판결요지": "전혀 새로운 판결요지 문장입니다."}\n{"caseNo": "2095다2", "판결요지": "또 다른 새로운 문장입니다."}\n',
    );
    const failing: Embedder = {
      ...embedder,
      model: "broken",
      embed: async () => {
        throw new AppError("ai:unreachable");
      },
    };
    const job = await createJob({ corpusId, kind: "cli", inputDir: folder });
    const failed = await runIngestionJob(job.id, ctx({ embedder: failing }));
    expect(failed.status).toBe("failed");
    expect(failed.message).toContain("연결할 수 없습니다");
    const corpus = await getCorpus(corpusId);
    expect(corpus).toMatchObject({ status: "ready", documentCount: 6 });
    expect(await store.count({ corpusIds: [corpusId] })).toBe(corpus?.chunkCount);
  });

  it("indexes sparse-only without an embeddings endpoint and marks the corpus", async () => {
    const sparse = (await createCorpus("sparse")).id;
    const job = await createJob({ corpusId: sparse, kind: "cli", inputDir: input });
    const done = await runIngestionJob(job.id, ctx({ embedder: undefined }));
    expect(done.status).toBe("done");
    expect(await getCorpus(sparse)).toMatchObject({ sparseOnly: true, documentCount: 6 });
    expect(await store.denseSearch(new Array(16).fill(0.1), { topN: 5, filter: { corpusIds: [sparse] } })).toEqual([]);
  });

  it("deletes a corpus from the store, the archive and the database", async () => {
    await removeCorpus(corpusId, store, dataDir);
    expect(await getCorpus(corpusId)).toBeNull();
    expect(await store.count({ corpusIds: [corpusId] })).toBe(0);
    expect(loadDecisionRecord(dataDir, corpusId, "2098다1001")).toBeNull();
  });
});
