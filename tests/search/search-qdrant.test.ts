import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { parseSearchParams } from "@/lib/search/params";
import { searchDecisions } from "@/lib/search/search";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { useTestDatabase } from "../support/test-db";

// 판례 검색 on Qdrant, which cannot match a word over a decision's passages: the ranked path
// (lib/search/search-ranked.ts). Its counts are exact only when nothing was cut, and say so.

let standIn: QdrantStandIn;
let store: QdrantStore;
let dataDir: string;

beforeAll(async () => {
  useTestDatabase();
  standIn = await startQdrantStandIn();
  store = new QdrantStore({ url: standIn.url, collection: "search" });
  dataDir = mkdtempSync(join(tmpdir(), "rar-search-qdrant-"));
  const corpus = await createCorpus("테스트 판례");
  const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: resolve("tests/fixtures/decisions") });
  const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
  expect(done.status).toBe("done");
});
afterAll(async () => {
  await store.close();
  await standIn.close();
});

it("counts exactly when the store returned everything, and says 약 when its top passages were a cut", async () => {
  const all = await searchDecisions(parseSearchParams({ q: "배상" }), { store, dataDir });
  expect(all.total).toBeGreaterThan(0);
  expect(all.exact).toBe(true);
  const cut = await searchDecisions(parseSearchParams({ q: "배상" }), { store, dataDir }, { candidates: 1 });
  expect(cut.exact).toBe(false);
  expect(cut.total).toBeLessThanOrEqual(all.total);
});
