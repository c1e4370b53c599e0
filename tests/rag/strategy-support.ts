import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { streamChat } from "@/lib/ai/chat";
import { streamChatScored } from "@/lib/ai/chat-logprobs";
import type { ChatConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { rerank } from "@/lib/ai/rerank";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { type PipelineDeps, type PipelineOptions, runPipeline } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import type { StrategyStep } from "@/lib/rag/strategies/steps";
import type { PipelineEvent } from "@/lib/rag/types";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";

/**
 * The strategies' tests run the real pipeline against the fake model servers over HTTP (chat with
 * log-probs, embeddings, rerank) and an embedded store holding the fixture decisions in short chunks.
 */
export const QUESTION = "배달 드론이 떨어뜨린 상자 때문에 제 차가 부서졌어요. 드론 회사에 배상을 받을 수 있나요?";
export const ANSWER =
  "네, 배상을 청구할 수 있습니다. 드론 배송 사업자는 낙하물로 인한 손해를 배상할 책임이 있습니다(대법원 2098다1001).";

export interface Harness {
  openai: FakeOpenAI;
  /** The same, but an endpoint that never returns token log-probs. */
  silent: FakeOpenAI;
  reranker: FakeRerank;
  store: EmbeddedStore;
  deps(over?: Partial<PipelineDeps>, chatURL?: string): PipelineDeps;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const [openai, silent, reranker] = await Promise.all([
    startFakeOpenAI({ chunkSize: 6 }),
    startFakeOpenAI({ chunkSize: 6, logprobs: false }),
    startFakeRerank(),
  ]);
  const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-strategies-")));
  const embedConfig = { baseURL: openai.url, model: "e", timeoutMs: 5000, batchSize: 64 };
  for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
    for (const decision of parseFile(file.name, readFileSync(file.path)).decisions) {
      const chunks = chunkDecision(decision, { corpusId: "c", chunkSize: 200, chunkOverlap: 40 });
      const vectors = await embedTexts(
        chunks.map((c) => c.text),
        { config: embedConfig },
      );
      await store.upsert(chunks.map((chunk, i) => ({ chunk, tokens: tokenizeKo(chunk.text), vector: vectors[i] })));
    }
  }
  const chat = (baseURL: string): ChatConfig => ({
    baseURL,
    models: { analyst: "a", judge: "j", answer: "w" },
    timeoutMs: 5000,
    retry: { maxRetries: 0, initialDelayMs: 5, maxDelayMs: 5 },
  });
  return {
    openai,
    silent,
    reranker,
    store,
    deps: (over = {}, chatURL = openai.url) => ({
      store,
      settings: DEFAULT_SETTINGS,
      filter: { corpusIds: ["c"] },
      // As the app wires it: log-probs through the `openai` client, everything else the AI SDK.
      stream: (req) =>
        req.logprobs
          ? streamChatScored({ ...req, config: chat(chatURL) })
          : streamChat({ ...req, config: chat(chatURL) }),
      embed: async (text) => (await embedTexts([text], { config: embedConfig }))[0] ?? [],
      rerank: (q, docs, topN) =>
        rerank(q, docs, { topN, config: { baseURL: reranker.url, model: "r", timeoutMs: 5000 } }),
      ...over,
    }),
    close: async () => {
      await Promise.all([openai.close(), silent.close(), reranker.close(), store.close()]);
    },
  };
}

/** Runs one strategy and keeps every event it sent. */
export async function run(
  h: Harness,
  mode: PipelineOptions["mode"],
  over: Partial<PipelineDeps> = {},
  extra: Partial<PipelineOptions> = {},
  chatURL?: string,
) {
  const events: PipelineEvent[] = [];
  const result = await runPipeline(QUESTION, h.deps(over, chatURL), { mode, ...extra }, (e) => events.push(e));
  return { result, events, steps: result.trace.strategy?.steps ?? [] };
}

export function stepOf<K extends StrategyStep["kind"]>(steps: StrategyStep[], kind: K) {
  return steps.find((s): s is Extract<StrategyStep, { kind: K }> => s.kind === kind);
}

/** The chat requests a server received whose system prompt contains `marker`. */
export const chatRequests = (server: FakeOpenAI, marker: string) =>
  server.requests.filter((r) => r.path.endsWith("/chat/completions") && JSON.stringify(r.body).includes(marker));
