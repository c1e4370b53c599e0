import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCorpus } from "@/lib/db/corpora";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { chunkIdOfTag } from "@/lib/enrich/tag-id";
import { QdrantStore } from "@/lib/store/qdrant-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { CONTEXT_REPLY, type EnrichFixture, enrichFixture } from "./support";

// With VECTOR_STORE=qdrant the enrichment side indexes (contextual index, tag index) live in Qdrant
// collections of their own beside the main one: enriched over HTTP, requests checked against
// Qdrant's API schema by the stand-in.

let standIn: QdrantStandIn;
let f: EnrichFixture;
beforeAll(async () => {
  standIn = await startQdrantStandIn();
  Object.assign(process.env, { VECTOR_STORE: "qdrant", QDRANT_URL: standIn.url, QDRANT_COLLECTION: "firm" });
  f = await enrichFixture(4);
});
afterAll(async () => {
  await f.close();
  await standIn.close();
  delete process.env.VECTOR_STORE;
  delete process.env.QDRANT_URL;
  delete process.env.QDRANT_COLLECTION;
});

describe("enrichment side indexes on Qdrant", () => {
  it("writes contexts and atomic questions to their own collections, searchable by corpus", async () => {
    expect(f.sides.context).toBeInstanceOf(QdrantStore);
    expect(f.sides.atoms).toBeInstanceOf(QdrantStore);
    const chunks = (await getCorpus(f.corpusId))?.chunkCount ?? 0;
    expect(chunks).toBeGreaterThan(0);
    for (const kind of ["context", "atoms"] as const) {
      const { job } = await startEnrichment({ corpusId: f.corpusId, kind });
      expect((await runEnrichmentJob(job.id, f.ctx(kind))).status).toBe("done");
    }
    const scope = { topN: 50, filter: { corpusIds: [f.corpusId] } };
    // The contextual index: "청룡열차" is only in the context the model wrote; the text stays original.
    const contextual = await f.sides.context.sparseSearch(tokenizeKo("청룡열차"), scope);
    expect(contextual).toHaveLength(chunks);
    expect(contextual.every((h) => !h.chunk.text.includes("청룡열차"))).toBe(true);
    expect(CONTEXT_REPLY).toContain("청룡열차");
    // The tag index: two questions per chunk, each pointing to a chunk of the main index.
    expect(await f.sides.atoms.count({ corpusIds: [f.corpusId] })).toBe(chunks * 2);
    const tags = await f.sides.atoms.sparseSearch(tokenizeKo("운영자 위험 예견"), { ...scope, topN: 3 });
    expect(tags[0]?.chunk.text).toBe("운영자가 위험을 예견할 수 있었는가?");
    const top = tags[0]?.chunk;
    const own = await f.store.getDocumentChunks(f.corpusId, top?.caseNo ?? "");
    expect(own.map((c) => c.id)).toContain(chunkIdOfTag(top?.id ?? ""));
    // Their own collections, beside the main one; every request valid for Qdrant.
    const created = standIn.requests.filter((r) => r.operation === "create_collection").map((r) => r.path);
    expect(created.some((p) => p.includes("firm_context"))).toBe(true);
    expect(created.some((p) => p.includes("firm_atoms"))).toBe(true);
    expect(standIn.violations).toEqual([]);
  }, 60_000);
});
