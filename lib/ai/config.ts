import { type Env, env } from "../env";

/** The model endpoints by role, resolved from settings (or given explicitly by tests). */
export type ChatRole = "analyst" | "judge" | "answer";

export interface ChatConfig {
  baseURL: string;
  apiKey?: string;
  models: Record<ChatRole, string>;
  timeoutMs: number;
}

export interface EmbeddingsConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  dimensions?: number;
  timeoutMs: number;
  batchSize: number;
}

export interface RerankConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface StoreConfig {
  kind: "embedded" | "qdrant";
  dataDir: string;
  qdrantUrl?: string;
  qdrantApiKey?: string;
  qdrantCollection: string;
}

export interface AiConfig {
  chat?: ChatConfig;
  embeddings?: EmbeddingsConfig;
  rerank?: RerankConfig;
  store: StoreConfig;
  statusCacheSeconds: number;
}

export function aiConfigFrom(settings: Env): AiConfig {
  const fallback = settings.LLM_MODEL;
  const analyst = settings.LLM_MODEL_ANALYST ?? fallback;
  const judge = settings.LLM_MODEL_JUDGE ?? fallback;
  const answer = settings.LLM_MODEL_ANSWER ?? fallback;
  return {
    chat:
      settings.LLM_BASE_URL && analyst && judge && answer
        ? {
            baseURL: settings.LLM_BASE_URL,
            apiKey: settings.LLM_API_KEY,
            models: { analyst, judge, answer },
            timeoutMs: settings.LLM_TIMEOUT_MS,
          }
        : undefined,
    embeddings:
      settings.EMBEDDINGS_BASE_URL && settings.EMBEDDINGS_MODEL
        ? {
            baseURL: settings.EMBEDDINGS_BASE_URL,
            apiKey: settings.EMBEDDINGS_API_KEY,
            model: settings.EMBEDDINGS_MODEL,
            dimensions: settings.EMBEDDINGS_DIMENSIONS,
            timeoutMs: settings.EMBEDDINGS_TIMEOUT_MS,
            batchSize: settings.EMBEDDINGS_BATCH_SIZE,
          }
        : undefined,
    rerank:
      settings.RERANK_BASE_URL && settings.RERANK_MODEL
        ? {
            baseURL: settings.RERANK_BASE_URL,
            apiKey: settings.RERANK_API_KEY,
            model: settings.RERANK_MODEL,
            timeoutMs: settings.RERANK_TIMEOUT_MS,
          }
        : undefined,
    store: {
      kind: settings.VECTOR_STORE,
      dataDir: settings.DATA_DIR,
      qdrantUrl: settings.QDRANT_URL,
      qdrantApiKey: settings.QDRANT_API_KEY,
      qdrantCollection: settings.QDRANT_COLLECTION,
    },
    statusCacheSeconds: settings.STATUS_CACHE_SECONDS,
  };
}

/** The configuration of this process. */
export function aiConfig(): AiConfig {
  return aiConfigFrom(env());
}
