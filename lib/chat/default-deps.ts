import { streamChat } from "../ai/chat";
import { aiConfig } from "../ai/config";
import { embedTexts } from "../ai/embed";
import { rerank } from "../ai/rerank";
import type { PipelineDeps } from "../rag/pipeline";
import { DEFAULT_SETTINGS } from "../rag/settings";
import { getStore } from "../store";

/** The pipeline's components as configured: each one missing is simply left out (degraded mode). */
export async function defaultPipelineDeps(signal?: AbortSignal): Promise<PipelineDeps> {
  const config = aiConfig();
  return {
    store: await getStore(),
    settings: DEFAULT_SETTINGS,
    signal,
    stream: config.chat ? (request) => streamChat({ ...request, config: config.chat }) : undefined,
    embed: config.embeddings
      ? async (text) => (await embedTexts([text], { config: config.embeddings, signal }))[0] ?? []
      : undefined,
    rerank: config.rerank
      ? (query, documents, topN) => rerank(query, documents, { topN, signal, config: config.rerank })
      : undefined,
  };
}
