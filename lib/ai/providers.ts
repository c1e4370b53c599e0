import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel, LanguageModel } from "ai";
import { AppError } from "../errors";
import type { ChatConfig, ChatRole, EmbeddingsConfig } from "./config";

/**
 * Models on any OpenAI-compatible endpoint (vLLM, Ollama, LiteLLM, a hosted API). Providers are
 * cheap objects holding no connection, so one is built per call from the config in hand: a settings
 * change or a test's fake server needs no cache invalidation.
 */

/** The chat model for a role (analyst, judge, answer). */
export function chatModel(config: ChatConfig | undefined, role: ChatRole): LanguageModel {
  if (!config) throw new AppError("ai:not_configured");
  const provider = createOpenAICompatible({
    name: "llm",
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    fetch: config.calls?.fetchFor(role),
    // Asks for the final usage chunk of a stream (stream_options.include_usage).
    includeUsage: true,
  });
  return provider.chatModel(config.models[role]);
}

export function embeddingModel(config: EmbeddingsConfig | undefined): EmbeddingModel {
  if (!config) {
    throw new AppError("ai:not_configured", { userMessage: "임베딩 모델이 설정되어 있지 않습니다." });
  }
  const provider = createOpenAICompatible({
    name: "embeddings",
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    fetch: config.calls?.fetchFor("embeddings"),
  });
  return provider.embeddingModel(config.model);
}
