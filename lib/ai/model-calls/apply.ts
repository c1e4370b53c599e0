import type { Env } from "../../env";
import type { AiConfig } from "../config";
import { recordCalls, replayCalls } from "./modes";
import type { ModelCalls } from "./types";

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
