import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import type { AiConfig, ChatConfig } from "@/lib/ai/config";
import { analystPrompt } from "@/lib/ai/prompts/analyst";
import { fingerprintOf } from "@/lib/eval/fingerprint";
import { PROMPTS, promptHashes } from "@/lib/eval/prompt-templates";
import { runEvaluation } from "@/lib/eval/run-eval";
import { resolveSystems } from "@/lib/eval/systems";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { TOKENIZER_VERSION } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { FIXTURE_CORPUS, FIXTURE_ITEMS } from "../support/eval-fixture";
import { seedFixtureDecisions } from "../support/seed-fixtures";

let openai: FakeOpenAI;
let store: EmbeddedStore;
const items = FIXTURE_ITEMS;
const { systems } = resolveSystems("sparse,rar-sparse");
const available = { llm: true, embeddings: false, reranker: false };
const corpus = FIXTURE_CORPUS;

beforeAll(async () => {
  openai = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
      { reply: "검토\n[판결 이유]\n배상 책임이 있다." },
    ],
  });
  store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-fp-")));
  await seedFixtureDecisions(store);
});
afterAll(() => Promise.all([openai.close(), store.close()]));

const chatConfig = (models = { analyst: "a", judge: "j", answer: "w" }): ChatConfig => ({
  baseURL: openai.url,
  models,
  timeoutMs: 5000,
});
const config = (chat: ChatConfig): AiConfig => ({
  chat,
  store: { kind: "embedded", dataDir: ".", qdrantCollection: "x" },
  statusCacheSeconds: 0,
  faultCooldownSeconds: 0,
});

/** Runs both systems; returns which came from the cache. */
async function run(
  cacheDir: string,
  over: {
    chat?: ChatConfig;
    settings?: typeof DEFAULT_SETTINGS;
    prompts?: ReturnType<typeof promptHashes>;
    corpus?: typeof corpus;
    tokenizerVersion?: number;
  } = {},
): Promise<Record<string, boolean>> {
  const chat = over.chat ?? chatConfig();
  const result = await runEvaluation({
    items,
    systems,
    deps: {
      store,
      settings: over.settings ?? DEFAULT_SETTINGS,
      filter: { corpusIds: ["c"] },
      stream: (r) => streamChat({ ...r, config: chat }),
    },
    available,
    cacheDir,
    fingerprint: {
      config: config(chat),
      corpus: over.corpus ?? corpus,
      prompts: over.prompts,
      tokenizerVersion: over.tokenizerVersion,
    },
  });
  expect(result.results.filter((r) => r.error)).toEqual([]);
  return Object.fromEntries(result.results.map((r) => [r.system, Boolean(r.fromCache)]));
}

describe("the evaluation cache is keyed by everything that changes a result", () => {
  it("hits when nothing changed, and misses on a model id, a setting, a prompt text or a tokenizer version", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-fp-cache-"));
    expect(await run(cacheDir)).toEqual({ sparse: false, "rar-sparse": false });
    const calls = openai.requests.length;
    expect(await run(cacheDir)).toEqual({ sparse: true, "rar-sparse": true });
    expect(openai.requests.length).toBe(calls); // nothing asked again

    // Another analyst model: the LLM system runs again; BM25 does not use it and stays cached.
    expect(await run(cacheDir, { chat: chatConfig({ analyst: "a-2", judge: "j", answer: "w" }) })).toEqual({
      sparse: true,
      "rar-sparse": false,
    });
    expect(openai.requests.length).toBeGreaterThan(calls);

    // A pipeline setting: both.
    expect(await run(cacheDir, { settings: { ...DEFAULT_SETTINGS, rrfK: 61 } })).toEqual({
      sparse: false,
      "rar-sparse": false,
    });

    // A prompt's text: a changed analyst prompt misses for the system that sends it.
    const edited = promptHashes({
      ...PROMPTS,
      analystPrompt: (q) => ({ ...analystPrompt(q), system: `${analystPrompt(q).system}\n판례 번호를 쓰지 마십시오.` }),
    });
    expect(edited.analyst).not.toBe(promptHashes().analyst);
    expect(edited.judge).toBe(promptHashes().judge);
    expect(await run(cacheDir, { prompts: edited })).toEqual({ sparse: true, "rar-sparse": false });

    // The tokenizer version stored with the index, and the one tokenizing the queries.
    expect(await run(cacheDir, { corpus: { ...corpus, tokenizerVersion: TOKENIZER_VERSION + 1 } })).toEqual({
      sparse: false,
      "rar-sparse": false,
    });
    expect(await run(cacheDir, { tokenizerVersion: TOKENIZER_VERSION + 1 })).toEqual({
      sparse: false,
      "rar-sparse": false,
    });
    // A re-import that changed a text (same counts, another content hash).
    expect(await run(cacheDir, { corpus: { ...corpus, contentHash: "def" } })).toEqual({
      sparse: false,
      "rar-sparse": false,
    });
    // And back to the first conditions: served from the cache again.
    expect(await run(cacheDir)).toEqual({ sparse: true, "rar-sparse": true });
  });

  it("refuses to cache without a fingerprint", async () => {
    await expect(
      runEvaluation({ items, systems, deps: { store, settings: DEFAULT_SETTINGS }, available, cacheDir: tmpdir() }),
    ).rejects.toThrow(/fingerprint/);
  });

  it("names the models, endpoint and prompts only of what the system uses", () => {
    const ctx = { config: config(chatConfig()), settings: DEFAULT_SETTINGS, corpus, available };
    const [sparse, rar] = systems;
    const yesno = fingerprintOf(sparse as (typeof systems)[number], "yesno", ctx);
    expect(Object.keys(yesno.models as object)).toEqual(["answer"]);
    const rarFp = fingerprintOf(rar as (typeof systems)[number], "retrieval", ctx) as {
      models: Record<string, { model: string; endpoint: string }>;
    };
    expect(Object.keys(rarFp.models)).toEqual(["analyst", "judge"]);
    expect(rarFp.models.analyst).toEqual({ model: "a", endpoint: openai.url });
  });
});
