import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { QdrantStore } from "@/lib/store/qdrant-store";
import type { VectorStore } from "@/lib/store/types";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { useTestDatabase } from "../support/test-db";

// A first import into Qdrant, two decisions per store write (as the job writes 32 at a time): each
// batch's BM25 weights carry the average length of the corpus so far; the job ends with the exact
// one (QdrantStore.finishWrites), so BM25 ranks and scores as the embedded store does after the
// same import. Qdrant is the schema-checked stand-in (tests/fake-servers/qdrant-server.ts).

let standIn: QdrantStandIn;
let embedded: EmbeddedStore;
let qdrant: QdrantStore;
const input = mkdtempSync(join(tmpdir(), "rar-qimport-"));
const dataDir = mkdtempSync(join(tmpdir(), "rar-qimport-data-"));

beforeAll(async () => {
  useTestDatabase();
  standIn = await startQdrantStandIn();
  embedded = new EmbeddedStore(join(dataDir, "store"));
  qdrant = new QdrantStore({ url: standIn.url, collection: "import" });
  cpSync(resolve("tests/fixtures/decisions"), input, { recursive: true });
});
afterAll(async () => {
  expect(standIn.violations).toEqual([]);
  await Promise.all([embedded.close(), standIn.close()]);
});

async function importInto(store: VectorStore, name: string): Promise<string> {
  const corpusId = (await createCorpus(name)).id;
  const job = await createJob({ corpusId, kind: "cli", inputDir: input });
  const done = await runIngestionJob(job.id, {
    store,
    chunkSize: 200,
    chunkOverlap: 40,
    dataDir: join(dataDir, name),
    batchSize: 2,
  });
  expect(done.status).toBe("done");
  expect(done.indexed).toBe(6);
  return corpusId;
}

describe("a first import into Qdrant", () => {
  it("ends with the corpus's exact BM25 statistics: rankings and scores equal the embedded store's", async () => {
    const onDisk = await importInto(embedded, "embedded");
    const inQdrant = await importInto(qdrant, "qdrant");
    // Three store writes, each with its own running average; then the rewrite at the end.
    expect(standIn.of("upsert_points").length).toBeGreaterThanOrEqual(3);
    const rewritten = standIn.of("batch_update").flatMap((r) => {
      const ops = (r.body as { operations: { update_vectors?: { points: unknown[] } }[] }).operations;
      return ops.flatMap((op) => op.update_vectors?.points ?? []);
    });
    expect(rewritten.length).toBeGreaterThan(0);
    const averages = new Set(
      [...(standIn.collections.get("import")?.points.values() ?? [])].map((p) => p.payload.bm25_avg),
    );
    expect(averages.size).toBe(1);

    let compared = 0;
    for (const query of ["드론 배송 추락 손해배상", "이혼 위자료", "손해배상 책임", "임대차 보증금 반환"]) {
      const tokens = tokenizeKo(query);
      const want = await embedded.sparseSearch(tokens, { topN: 10, filter: { corpusIds: [onDisk] } });
      const got = await qdrant.sparseSearch(tokens, { topN: 10, filter: { corpusIds: [inQdrant] } });
      expect(
        got.map((h) => [h.chunk.caseNo, h.chunk.section, h.chunk.sectionOrder]),
        query,
      ).toEqual(want.map((h) => [h.chunk.caseNo, h.chunk.section, h.chunk.sectionOrder]));
      for (const [i, h] of want.entries()) expect(got[i]?.score, `${query} #${i}`).toBeCloseTo(h.score, 5);
      compared += want.length;
    }
    expect(compared).toBeGreaterThan(5);
  }, 60_000);
});
