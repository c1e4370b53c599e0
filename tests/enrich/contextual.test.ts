import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import { embedTexts } from "@/lib/ai/embed";
import { getCorpus } from "@/lib/db/corpora";
import { setCorpusEnrichment } from "@/lib/db/corpus-enrichment";
import { getEnrichmentJob } from "@/lib/db/enrichment";
import { createJob, updateJob } from "@/lib/db/jobs";
import { ContextualStore } from "@/lib/enrich/contextual-store";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { contextualText } from "@/lib/enrich/index-doc";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { reindexCorpus } from "@/lib/ingest/corpus-admin";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { runPipeline } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { CONTEXT_REPLY, ENRICH_RULES, type EnrichFixture, enrichFixture } from "./support";

let f: EnrichFixture;
beforeAll(async () => {
  f = await enrichFixture(6);
  const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
  expect((await runEnrichmentJob(job.id, f.ctx("context"))).status).toBe("done");
});
afterAll(() => f.close());

const embed = async (text: string) =>
  (
    await embedTexts([text], {
      config: { baseURL: f.fake.url, model: "fake-embed", dimensions: 16, timeoutMs: 5000, batchSize: 8 },
    })
  )[0] ?? [];
const scope = () => ({ topN: 50, filter: { corpusIds: [f.corpusId] } });

describe("contextual retrieval", () => {
  it("puts context + text into the contextual index's BM25 tokens and vectors, and keeps the chunk text original", async () => {
    const chunks = (await getCorpus(f.corpusId))?.chunkCount ?? 0;
    // "청룡열차" is only in the context the model wrote.
    const sparse = await f.sides.context.sparseSearch(tokenizeKo("청룡열차"), scope());
    expect(sparse).toHaveLength(chunks);
    expect(sparse.every((h) => !h.chunk.text.includes("청룡열차"))).toBe(true);
    expect(await f.store.sparseSearch(tokenizeKo("청룡열차"), scope())).toEqual([]);

    const [chunk] = await f.store.getDocumentChunks(f.corpusId, "2097다10001");
    if (!chunk) throw new Error("no chunk");
    const vector = await embed(contextualText(CONTEXT_REPLY, chunk.text));
    const [side] = await f.sides.context.denseSearch(vector, { ...scope(), topN: 1 });
    expect(side?.chunk.id).toBe(chunk.id);
    expect(side?.score).toBeGreaterThan(0.9999);
    expect(side?.chunk.text).toBe(chunk.text);
    const [main] = await f.store.denseSearch(vector, { ...scope(), topN: 1 });
    expect(main?.score ?? 0).toBeLessThan(0.99);
  });

  it("searches the contextual index per corpus and per side as switched, and hands each chunk its context apart from its text", async () => {
    const routed = new ContextualStore(f.store, () => f.sides.context);
    expect(await routed.sparseSearch(tokenizeKo("청룡열차"), scope())).toEqual([]);
    await setCorpusEnrichment(f.corpusId, { contextBm25: true, contextDense: false });
    const on = new ContextualStore(f.store, () => f.sides.context);
    const hits = await on.sparseSearch(tokenizeKo("청룡열차"), scope());
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.chunk.context === CONTEXT_REPLY && !h.chunk.text.includes("청룡열차"))).toBe(true);
    // Dense stays on the main index until its own switch is on.
    const [chunk] = await f.store.getDocumentChunks(f.corpusId, "2097다10002");
    const vector = await embed(contextualText(CONTEXT_REPLY, chunk?.text ?? ""));
    expect((await on.denseSearch(vector, { ...scope(), topN: 1 }))[0]?.score).toBeLessThan(0.99);
    const both = on.withSwitches({ bm25: true, dense: true });
    expect((await both.denseSearch(vector, { ...scope(), topN: 1 }))[0]?.score).toBeGreaterThan(0.9999);
    // Switched off for an evaluation system: the main index, contexts still shown.
    const off = on.withSwitches({ bm25: false, dense: false });
    expect(await off.sparseSearch(tokenizeKo("청룡열차"), scope())).toEqual([]);
    const plain = await off.sparseSearch(tokenizeKo("운영자 손해 배상"), scope());
    expect(plain[0]?.chunk.context).toBe(CONTEXT_REPLY);
  });

  it("the answer model quotes the original passage: the context never reaches its prompt", async () => {
    f.fake.setRules([
      { system: "리서치 어시스턴트", reply: "운영자가 배상합니다(대법원 2097다10001)." },
      ...ENRICH_RULES,
    ]);
    const store = new ContextualStore(f.store, () => f.sides.context);
    const chat = { ...f.chat, retry: { maxRetries: 0, initialDelayMs: 1, maxDelayMs: 1 } };
    const result = await runPipeline(
      "청룡열차 사건에서 운영자는 배상 책임이 있나요?",
      {
        store,
        settings: DEFAULT_SETTINGS,
        filter: { corpusIds: [f.corpusId] },
        stream: (req) => streamChat({ ...req, config: chat }),
        embed,
      },
      { mode: "hybrid" },
    );
    expect(result.context.length).toBeGreaterThan(0);
    expect(result.context.every((c) => c.chunk.context === CONTEXT_REPLY)).toBe(true);
    expect(result.trace.notices.map((n) => n.code)).not.toContain("context_fallback");
    const answerCall = f.fake.requests.filter((r) => JSON.stringify(r.body).includes("리서치 어시스턴트")).at(-1);
    const prompt = JSON.stringify(answerCall?.body);
    expect(prompt).toContain(result.context[0]?.chunk.text.slice(0, 20));
    // The question mentions it; the passages do not (only the question line has it).
    expect(prompt.split("청룡열차").length - 1).toBe(1);
  });

  it("an import after the last context job makes the index stale (main index searched) until a job brings it in line; a re-index keeps every context", async () => {
    const job = await createJob({ corpusId: f.corpusId, kind: "cli", inputDir: "/nowhere" });
    await updateJob(job.id, { status: "done", startedAt: new Date(Date.now() + 1000), finishedAt: new Date() });
    const stale = new ContextualStore(f.store, () => f.sides.context);
    expect((await stale.routing()).stale.has(f.corpusId)).toBe(true);
    let fellBack: string[] = [];
    const found = await stale.sparseSearch(tokenizeKo("청룡열차"), {
      ...scope(),
      onContextFallback: (corpusIds) => {
        fellBack = corpusIds;
      },
    });
    expect(found).toEqual([]);
    expect(fellBack).toEqual([f.corpusId]);
    // The chat says so beside the answer: the corpus was searched without its contexts.
    f.fake.setRules([{ system: "리서치 어시스턴트", reply: "운영자가 배상합니다." }, ...ENRICH_RULES]);
    const run = await runPipeline(
      "놀이기구 사고에서 운영자의 책임은 어떻게 되나요?",
      {
        store: stale,
        settings: DEFAULT_SETTINGS,
        filter: { corpusIds: [f.corpusId] },
        stream: (req) =>
          streamChat({ ...req, config: { ...f.chat, retry: { maxRetries: 0, initialDelayMs: 1, maxDelayMs: 1 } } }),
        embed,
      },
      { mode: "hybrid" },
    );
    expect(run.trace.notices.map((n) => n.code)).toContain("context_fallback");

    // Re-index the corpus (its archive), then the context job: every context comes from the cache.
    const reindex = await reindexCorpus(f.corpusId, f.dataDir);
    await updateJob(job.id, { startedAt: new Date(Date.now() - 60_000) });
    expect(
      (
        await runIngestionJob(reindex.id, {
          store: f.store,
          embedder: f.embedder,
          chunkSize: 800,
          chunkOverlap: 100,
          dataDir: f.dataDir,
        })
      ).status,
    ).toBe("done");
    const asked = f.chatRequests("맥락 작성자").length;
    const { job: sync } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
    expect((await runEnrichmentJob(sync.id, f.ctx("context"))).status).toBe("done");
    expect(f.chatRequests("맥락 작성자").length).toBe(asked);
    const row = await getEnrichmentJob(sync.id);
    expect(row).toMatchObject({ generated: 0, failed: 0 });
    expect(row?.done).toBe(row?.total);
    const fresh = new ContextualStore(f.store, () => f.sides.context);
    expect((await fresh.routing()).sparse.has(f.corpusId)).toBe(true);
    expect((await fresh.sparseSearch(tokenizeKo("청룡열차"), scope())).length).toBeGreaterThan(0);
  });
});
