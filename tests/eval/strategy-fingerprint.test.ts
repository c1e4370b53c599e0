import { describe, expect, it } from "vitest";
import type { AiConfig } from "@/lib/ai/config";
import { hydePrompt } from "@/lib/ai/prompts/hyde";
import { type FingerprintContext, fingerprintHash, fingerprintOf } from "@/lib/eval/fingerprint";
import { PROMPTS, promptHashes } from "@/lib/eval/prompt-templates";
import { resolveSystems, SYSTEMS, skipReason } from "@/lib/eval/systems";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";

const config: AiConfig = {
  chat: { baseURL: "http://llm/v1", models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 1 },
  embeddings: { baseURL: "http://emb/v1", model: "e", timeoutMs: 1, batchSize: 1 },
  rerank: { baseURL: "http://rr", model: "r", timeoutMs: 1 },
  store: { kind: "embedded", dataDir: ".", qdrantCollection: "x" },
  statusCacheSeconds: 0,
  faultCooldownSeconds: 0,
};
const corpus = { corpusId: "c", documents: 1, chunks: 1, tokenizerVersion: 2, contentHash: "h" };
const available = { llm: true, embeddings: true, reranker: true };
const ctx: FingerprintContext = { config, settings: DEFAULT_SETTINGS, corpus, available };
const system = (id: string) => SYSTEMS.find((s) => s.id === id) as (typeof SYSTEMS)[number];
const models = (id: string, kind: "retrieval" | "yesno" = "retrieval") =>
  Object.keys(fingerprintOf(system(id), kind, ctx).models as object);

describe("the strategies as evaluation systems", () => {
  it("every strategy and CC-RAG ablation is a system, in its groups, skipped with the reason when a component is missing", () => {
    const { systems, unknown } = resolveSystems("strategies,cc-rag-ablations");
    expect(unknown).toEqual([]);
    expect(systems.map((s) => s.id)).toEqual([
      "hybrid-rerank",
      "rar",
      "synonym",
      "multi-query",
      "hyde",
      "cc-rag",
      "cc-rag-rar",
      "cc-rag-no-self",
      "cc-rag-no-dynk",
    ]);
    expect(system("cc-rag").label).toBe("CC-RAG (원래 질문)");
    expect(system("cc-rag-rar").label).toBe("CC-RAG (RAR 질의)");
    expect(skipReason(system("hyde"), { llm: true, embeddings: false, reranker: true })).toBe("임베딩 설정 없음");
  });

  it("fingerprints name the roles each strategy calls", () => {
    expect(models("synonym")).toEqual(["analyst", "embeddings", "rerank"]);
    expect(models("multi-query")).toEqual(["analyst", "embeddings", "rerank"]);
    expect(models("hyde")).toEqual(["judge", "embeddings", "rerank"]);
    // CC-RAG answers retrieval items too (its passages depend on its answers); without self-assessment it need not.
    expect(models("cc-rag")).toEqual(["answer", "embeddings", "rerank"]);
    expect(models("cc-rag-rar")).toEqual(["analyst", "judge", "answer", "embeddings", "rerank"]);
    expect(models("cc-rag-no-self")).toEqual(["embeddings", "rerank"]);
    expect(models("cc-rag-no-self", "yesno")).toEqual(["answer", "embeddings", "rerank"]);
  });

  it("a strategy's prompt or setting changes its own cache key only", () => {
    const hash = (id: string, over: Partial<FingerprintContext> = {}) =>
      fingerprintHash(fingerprintOf(system(id), "retrieval", { ...ctx, ...over }));
    const edited = promptHashes({ ...PROMPTS, hydePrompt: (q) => ({ ...hydePrompt(q), system: "바뀐 지시" }) });
    expect(hash("hyde", { prompts: edited })).not.toBe(hash("hyde"));
    expect(hash("rar", { prompts: edited })).toBe(hash("rar"));
    const tau = {
      ...DEFAULT_SETTINGS,
      strategies: { ...DEFAULT_SETTINGS.strategies, ccRag: { ...DEFAULT_SETTINGS.strategies.ccRag, tau: 0.7 } },
    };
    expect(hash("cc-rag", { settings: tau })).not.toBe(hash("cc-rag"));
    expect(hash("hybrid-rerank", { settings: tau })).toBe(hash("hybrid-rerank"));
    const hot = { ...DEFAULT_SETTINGS, strategies: { ...DEFAULT_SETTINGS.strategies, multiQueryTemperature: 0.9 } };
    expect(hash("multi-query", { settings: hot })).not.toBe(hash("multi-query"));
    expect(hash("synonym", { settings: hot })).toBe(hash("synonym"));
  });
});
