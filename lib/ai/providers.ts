import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel, LanguageModel } from "ai";
import { AppError } from "../errors";
import type { ChatConfig, ChatRole, EmbeddingsConfig } from "./config";

/** The chat model for a role (analyst, judge, answer), on any OpenAI-compatible endpoint. */
export function chatModel(config: ChatConfig | undefined, role: ChatRole): LanguageModel {
  if (!config) throw new AppError("ai:not_configured");
  const provider = createOpenAICompatible({
    name: "llm",
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    includeUsage: true,
  });
  return provider.chatModel(config.models[role]);
}

export function embeddingModel(config: EmbeddingsConfig | undefined): EmbeddingModel {
  if (!config) {
    throw new AppError("ai:not_configured", { userMessage: "임베딩 모델이 설정되어 있지 않습니다." });
  }
  const provider = createOpenAICompatible({ name: "embeddings", baseURL: config.baseURL, apiKey: config.apiKey });
  return provider.embeddingModel(config.model);
}
