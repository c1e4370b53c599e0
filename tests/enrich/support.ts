import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChatConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { pricesFromEnv } from "@/lib/enrich/cost";
import type { EnrichJobContext } from "@/lib/enrich/job-context";
import { enrichLlm } from "@/lib/enrich/llm";
import { type SideIndex, sideStoreSettings } from "@/lib/enrich/side-stores";
import { env, resetEnvCache } from "@/lib/env";
import { EmbeddingCache } from "@/lib/ingest/embedding-cache";
import type { Embedder } from "@/lib/ingest/index-decisions";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { createStore } from "@/lib/store";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import type { VectorStore } from "@/lib/store/types";
import { type FakeOpenAIOptions, type Rule, startFakeOpenAI } from "../fake-servers/openai-server";
import { writeSyntheticDecisions } from "../support/synthetic-decisions";
import { useTestDatabase as freshTestDatabase } from "../support/test-db";

/** What the fake model answers enrichment prompts with (matched by their system prompts). */
export const CONTEXT_REPLY = "청룡열차 사건의 판결요지 부분으로, 운영자의 손해배상 책임을 다룬다.";
export const ENRICH_RULES: Rule[] = [
  { system: "맥락 작성자", reply: CONTEXT_REPLY },
  {
    system: "원자 질문 작성자",
    reply: '["운영자는 사고로 생긴 손해를 배상해야 하는가?", "운영자가 위험을 예견할 수 있었는가?"]',
  },
];

export const FAST_RETRY = { maxRetries: 0, initialDelayMs: 1, maxDelayMs: 1 };

/**
 * A fresh database, DATA_DIR and fake model server, and a corpus of `decisions` synthetic decisions
 * (two chunks each) imported with embeddings: what an enrichment job starts from.
 */
export async function enrichFixture(decisions: number, server: FakeOpenAIOptions = {}) {
  freshTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "rar-enrich-"));
  const fake = await startFakeOpenAI({ embeddingDimensions: 16, rules: ENRICH_RULES, ...server });
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LLM_BASE_URL: fake.url,
    LLM_MODEL: "fake-chat",
    LLM_TIMEOUT_MS: "20000",
    EMBEDDINGS_BASE_URL: fake.url,
    EMBEDDINGS_MODEL: "fake-embed",
    EMBEDDINGS_DIMENSIONS: "16",
    ENRICH_CONCURRENCY: "4",
    ENRICH_PRICE_INPUT_PER_1M: "2",
    ENRICH_PRICE_OUTPUT_PER_1M: "8",
    ENRICH_PRICE_CACHED_INPUT_PER_1M: "0.5",
  });
  delete process.env.MODEL_CALLS_RECORD;
  delete process.env.MODEL_CALLS_REPLAY;
  resetEnvCache();
  const store = new EmbeddedStore(join(dataDir, "store"));
  const sides: Record<SideIndex, VectorStore> = {
    context: createStore(sideStoreSettings("context")),
    atoms: createStore(sideStoreSettings("atoms")),
  };
  const embedder: Embedder = {
    model: "fake-embed@16",
    cache: new EmbeddingCache(join(dataDir, "embedding-cache.db")),
    embed: (texts) =>
      embedTexts(texts, {
        config: { baseURL: fake.url, model: "fake-embed", dimensions: 16, timeoutMs: 5000, batchSize: 32 },
      }),
  };
  /** Another corpus of synthetic decisions `from`…`from + count - 1`. */
  const addCorpus = async (name: string, count: number, from = 0) => {
    const input = mkdtempSync(join(tmpdir(), "rar-enrich-in-"));
    writeSyntheticDecisions(input, count, from);
    const id = (await createCorpus(name)).id;
    const job = await createJob({ corpusId: id, kind: "cli", inputDir: input });
    await runIngestionJob(job.id, { store, embedder, chunkSize: 800, chunkOverlap: 100, dataDir });
    return id;
  };
  const corpusId = await addCorpus(`enrich-${decisions}`, decisions);

  const chat: ChatConfig = {
    baseURL: fake.url,
    models: { analyst: "fake-chat", judge: "fake-chat", answer: "fake-chat" },
    timeoutMs: 20_000,
  };
  const ctx = (kind: SideIndex, over: Partial<EnrichJobContext> = {}): EnrichJobContext => ({
    store,
    side: sides[kind],
    llm: enrichLlm(chat, "fake-chat", { retry: FAST_RETRY }),
    embedder,
    dataDir,
    concurrency: 4,
    maxAttempts: 2,
    prices: pricesFromEnv(env()),
    docMaxChars: 40_000,
    retryDelayMs: 10,
    heartbeatMs: 1000,
    ...over,
  });
  const chatRequests = (system: string) =>
    fake.requests.filter(
      (r) =>
        r.path.endsWith("/chat/completions") &&
        JSON.stringify((r.body.messages as unknown[] | undefined)?.[0] ?? "").includes(system),
    );
  const close = async () => {
    await fake.close();
    await store.close();
    await sides.context.close();
    await sides.atoms.close();
  };
  return { fake, store, sides, embedder, dataDir, corpusId, chat, ctx, chatRequests, addCorpus, close };
}

export type EnrichFixture = Awaited<ReturnType<typeof enrichFixture>>;

/** The user message of a chat request (its chunk is in it). */
export const userText = (body: Record<string, unknown>) => {
  const messages = (body.messages as { role: string; content: string }[] | undefined) ?? [];
  return messages.find((m) => m.role === "user")?.content ?? "";
};
