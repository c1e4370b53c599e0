import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedTexts } from "@/lib/ai/embed";
import { createCorpus } from "@/lib/db/corpora";
import { createJob, getJob } from "@/lib/db/jobs";
import { reindexCorpus } from "@/lib/ingest/corpus-admin";
import { EmbeddingCache } from "@/lib/ingest/embedding-cache";
import type { Embedder } from "@/lib/ingest/index-decisions";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { writeSyntheticDecisions } from "../support/synthetic-decisions";
import { useTestDatabase } from "../support/test-db";

/**
 * The freeze of issue 8: a re-index whose vectors all come from the embedding cache never gave the
 * event loop a turn (1,980 decisions held every request for 23 s). Here the job runs in this
 * process, as in the CLI or a job child: its own loop must stay free for its heartbeat.
 */

const COUNT = 1000;
let server: FakeOpenAI;
let store: EmbeddedStore;
let dataDir: string;
let embedder: Embedder;
const input = mkdtempSync(join(tmpdir(), "rar-many-"));

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI({ embeddingDimensions: 16 });
  dataDir = mkdtempSync(join(tmpdir(), "rar-many-data-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  const config = { baseURL: server.url, model: "fake-embed", timeoutMs: 10_000, batchSize: 64 };
  embedder = {
    model: "fake-embed@16",
    cache: new EmbeddingCache(join(dataDir, "cache.db")),
    embed: (texts) => embedTexts(texts, { config }),
  };
  writeSyntheticDecisions(input, COUNT);
});
afterAll(async () => {
  await server.close();
  await store.close();
});

const embedCalls = () => server.requests.filter((r) => r.path.endsWith("/embeddings")).length;

describe("a cached re-index of 1,000 decisions", () => {
  it("keeps the event loop answering (max gap ≤ 1 s) and beats while it runs", async () => {
    const corpusId = (await createCorpus("many")).id;
    const ctx = { store, embedder, chunkSize: 800, chunkOverlap: 100, dataDir };
    const first = await runIngestionJob((await createJob({ corpusId, kind: "cli", inputDir: input })).id, ctx);
    expect(first).toMatchObject({ status: "done", indexed: COUNT, failed: 0 });
    const calls = embedCalls();
    expect(calls).toBeGreaterThan(0);

    const job = await reindexCorpus(corpusId, dataDir);
    let last = performance.now();
    let maxGap = 0;
    const beats = new Set<number>();
    let reading = false;
    const probe = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      if (reading) return;
      reading = true;
      void getJob(job.id)
        .then((row) => row?.heartbeatAt && beats.add(row.heartbeatAt.getTime()))
        .finally(() => {
          reading = false;
        });
    }, 20);
    const started = performance.now();
    last = started;
    const done = await runIngestionJob(job.id, { ...ctx, heartbeatMs: 200 });
    clearInterval(probe);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[measure] cached re-index of ${COUNT} decisions: ${seconds.toFixed(1)} s, max event-loop gap ${Math.round(maxGap)} ms, ${beats.size} heartbeats seen`,
    );

    expect(done).toMatchObject({ status: "done", indexed: COUNT, failed: 0 });
    // Every vector came from the cache: not one embeddings request.
    expect(embedCalls()).toBe(calls);
    expect(maxGap).toBeLessThanOrEqual(1000);
    // The heartbeat advanced during the job (the claim writes the first one).
    expect(beats.size).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
