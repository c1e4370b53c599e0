import { describe, expect, it } from "vitest";
import { aiConfigFrom } from "@/lib/ai/config";
import { parseEnv } from "@/lib/env";

describe("AI config from settings", () => {
  it("resolves each role's model, falling back to LLM_MODEL", () => {
    const config = aiConfigFrom(
      parseEnv({
        LLM_BASE_URL: "http://llm:8000/v1/",
        LLM_MODEL: "base",
        LLM_MODEL_JUDGE: "big",
        LLM_TIMEOUT_MS: "900",
      }),
    );
    expect(config.chat).toEqual({
      baseURL: "http://llm:8000/v1",
      apiKey: undefined,
      models: { analyst: "base", judge: "big", answer: "base" },
      timeoutMs: 900,
    });
  });

  it("leaves out what is not configured, and carries embeddings, rerank and store settings", () => {
    const config = aiConfigFrom(
      parseEnv({
        EMBEDDINGS_BASE_URL: "http://emb/v1",
        EMBEDDINGS_MODEL: "bge-m3",
        EMBEDDINGS_DIMENSIONS: "1024",
        EMBEDDINGS_BATCH_SIZE: "32",
        RERANK_BASE_URL: "http://rr",
        RERANK_MODEL: "bge-reranker",
        VECTOR_STORE: "qdrant",
        QDRANT_URL: "http://qdrant:6333",
        STATUS_CACHE_SECONDS: "5",
      }),
    );
    expect(config.chat).toBeUndefined();
    expect(config.embeddings).toMatchObject({ model: "bge-m3", dimensions: 1024, batchSize: 32, timeoutMs: 30_000 });
    expect(config.rerank).toMatchObject({ baseURL: "http://rr", model: "bge-reranker" });
    expect(config.store).toMatchObject({ kind: "qdrant", qdrantUrl: "http://qdrant:6333" });
    expect(config.statusCacheSeconds).toBe(5);
    expect(aiConfigFrom(parseEnv({})).embeddings).toBeUndefined();
  });
});
