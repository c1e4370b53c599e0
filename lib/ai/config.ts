import { type Env, env } from "../env";
import { recordCalls, replayCalls } from "./model-calls/modes";
import type { ModelCalls } from "./model-calls/types";

/** The model endpoints by role, resolved from settings (or given explicitly by tests). */
export type ChatRole = "analyst" | "judge" | "answer";

/**
 * How a model call is retried after a 429 or a 5xx (never after a timeout: a hung server would
 * only double the wait). The delay doubles from `initialDelayMs`; a Retry-After header is honoured
 * up to `maxDelayMs`, and a longer one is not waited for: the call fails with ai:rate_limited.
 */
export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

// A lawyer waits on a chat call: one quick retry. Embedding a corpus is a batch job that meets
// rate limits by design: several, with longer waits.
export const CHAT_RETRY: RetryPolicy = { maxRetries: 1, initialDelayMs: 1000, maxDelayMs: 5000 };
export const EMBEDDINGS_RETRY: RetryPolicy = { maxRetries: 4, initialDelayMs: 1000, maxDelayMs: 30_000 };

export interface ChatConfig {
  baseURL: string;
  apiKey?: string;
  models: Record<ChatRole, string>;
  /** A generated reply must complete within it; a streamed one must not pause longer than it. */
  timeoutMs: number;
  retry?: RetryPolicy;
  /** Record or replay this component's calls (lib/ai/model-calls); plain network calls when absent. */
  calls?: ModelCalls;
}

export interface EmbeddingsConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  dimensions?: number;
  /** Per request (one batch, one attempt). */
  timeoutMs: number;
  batchSize: number;
  retry?: RetryPolicy;
  calls?: ModelCalls;
}

export interface RerankConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  calls?: ModelCalls;
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
  faultCooldownSeconds: number;
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
    faultCooldownSeconds: settings.FAULT_COOLDOWN_SECONDS,
  };
}

/** The URL given to clients in replay mode when no endpoint is configured: never contacted. */
export const REPLAY_BASE_URL = "http://replay.invalid/v1";

/** MODEL_CALLS_RECORD / MODEL_CALLS_REPLAY, or nothing (plain network calls). */
export function modelCallsFromSettings(settings: Env): ModelCalls | undefined {
  if (settings.MODEL_CALLS_REPLAY) return replayCalls(settings.MODEL_CALLS_REPLAY);
  if (settings.MODEL_CALLS_RECORD) return recordCalls(settings.MODEL_CALLS_RECORD);
  return undefined;
}

/**
 * A configuration whose model calls go through `calls`. Recording keeps the configured
 * components. Replaying never touches the network, so a component counts as configured exactly
 * when the file holds calls for its role — `rar-sparse` runs from a file without LLM_BASE_URL, and
 * a configured reranker with no recorded calls is off. Model ids are the ones the file recorded
 * (a replay reproduces those calls), else the settings' (the simple format names no model).
 */
export function withModelCalls(config: AiConfig, calls: ModelCalls | undefined, settings: Env): AiConfig {
  if (!calls) return config;
  if (calls.mode === "record") {
    return {
      ...config,
      chat: config.chat && { ...config.chat, calls },
      embeddings: config.embeddings && { ...config.embeddings, calls },
      rerank: config.rerank && { ...config.rerank, calls },
    };
  }
  const roles = calls.roles();
  const model = (role: "analyst" | "judge" | "answer") =>
    calls.modelFor(role) ?? config.chat?.models[role] ?? "recorded";
  const hasChat = roles.has("analyst") || roles.has("judge") || roles.has("answer");
  return {
    ...config,
    chat: hasChat
      ? {
          baseURL: config.chat?.baseURL ?? REPLAY_BASE_URL,
          models: { analyst: model("analyst"), judge: model("judge"), answer: model("answer") },
          timeoutMs: settings.LLM_TIMEOUT_MS,
          calls,
        }
      : undefined,
    embeddings: roles.has("embeddings")
      ? {
          baseURL: config.embeddings?.baseURL ?? REPLAY_BASE_URL,
          model: calls.modelFor("embeddings") ?? config.embeddings?.model ?? "recorded",
          dimensions: config.embeddings?.dimensions ?? settings.EMBEDDINGS_DIMENSIONS,
          timeoutMs: settings.EMBEDDINGS_TIMEOUT_MS,
          batchSize: settings.EMBEDDINGS_BATCH_SIZE,
          calls,
        }
      : undefined,
    rerank: roles.has("rerank")
      ? {
          baseURL: config.rerank?.baseURL ?? REPLAY_BASE_URL,
          model: calls.modelFor("rerank") ?? config.rerank?.model ?? "recorded",
          timeoutMs: settings.RERANK_TIMEOUT_MS,
          calls,
        }
      : undefined,
  };
}

/** The configuration of this process, its calls recorded or replayed when MODEL_CALLS_* say so. */
export function aiConfig(): AiConfig {
  const settings = env();
  return withModelCalls(aiConfigFrom(settings), modelCallsFromSettings(settings), settings);
}

/** Which optional model components are configured (systems needing a missing one are skipped). */
export function configuredComponents(config: AiConfig): { llm: boolean; embeddings: boolean; reranker: boolean } {
  return { llm: Boolean(config.chat), embeddings: Boolean(config.embeddings), reranker: Boolean(config.rerank) };
}
