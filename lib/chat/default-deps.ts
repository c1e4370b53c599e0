import { streamChat } from "../ai/chat";
import { streamChatScored } from "../ai/chat-logprobs";
import { aiConfig, type RetryPolicy } from "../ai/config";
import { embedTexts } from "../ai/embed";
import { coolingDown, type FaultyComponent, recordFault, recordSuccess } from "../ai/faults";
import { installRecovery } from "../ai/recovery";
import { rerank } from "../ai/rerank";
import { contextualStore } from "../enrich/contextual-store";
import { getSideStore } from "../enrich/side-stores";
import { env } from "../env";
import type { PipelineDeps, StreamFn } from "../rag/pipeline";
import { pipelineSettingsFromEnv } from "../rag/strategies/settings-from-env";
import { getStore } from "../store";

/**
 * A lawyer waits on every chat call, so chat gets interactive budgets of its own: short timeouts
 * (CHAT_EMBEDDINGS_TIMEOUT_MS, CHAT_RERANK_TIMEOUT_MS) and at most one quick retry — bulk import
 * keeps its patient policy (EMBEDDINGS_RETRY). A component that failed a moment ago is skipped
 * outright (FAULT_COOLDOWN_SECONDS), with one notice saying so.
 */
export const INTERACTIVE_RETRY: RetryPolicy = { maxRetries: 1, initialDelayMs: 250, maxDelayMs: 1_000 };

const COOLDOWN_NOTICE: Record<FaultyComponent, { code: string; text: string }> = {
  // Same code as "no LLM configured": the pipeline then says it once, in these words.
  llm: { code: "llm_missing", text: "언어 모델이 방금 응답하지 않아 원래 질문으로 찾은 판례만 보여 드립니다" },
  embeddings: { code: "embeddings_cooldown", text: "임베딩 서버가 방금 응답하지 않아 키워드(BM25) 검색만 사용합니다" },
  reranker: { code: "rerank_cooldown", text: "리랭커가 방금 응답하지 않아 순위 결합(RRF) 순서를 사용합니다" },
};

// A component that failed is re-probed in the background; the first success ends its cooldown.
installRecovery();

/** Calls go through unchanged; their outcome feeds the fault registry. */
export async function observed<T>(component: FaultyComponent, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    recordSuccess(component);
    return result;
  } catch (error) {
    recordFault(component, error);
    throw error;
  }
}

function observedStream(stream: StreamFn): StreamFn {
  return (request) => {
    const call = stream(request);
    async function* deltas() {
      try {
        yield* call.deltas;
        recordSuccess("llm");
      } catch (error) {
        recordFault("llm", error);
        throw error;
      }
    }
    return { ...call, deltas: deltas() };
  };
}

/** The pipeline's components as configured: each one missing or cooling down is left out (degraded mode). */
export async function defaultPipelineDeps(signal?: AbortSignal): Promise<PipelineDeps> {
  const config = aiConfig();
  const settings = env();
  const cooldownMs = settings.FAULT_COOLDOWN_SECONDS * 1000;
  const notices: { code: string; message: string }[] = [];
  const usable = (component: FaultyComponent) => {
    const fault = coolingDown(component, cooldownMs);
    if (!fault) return true;
    const left = Math.max(1, Math.ceil((fault.at + cooldownMs - Date.now()) / 1000));
    const { code, text } = COOLDOWN_NOTICE[component];
    notices.push({ code, message: `${text} (${fault.message} ${left}초 뒤 다시 시도합니다).` });
    return false;
  };
  const chat = config.chat && { ...config.chat, retry: config.chat.retry ?? INTERACTIVE_RETRY };
  const embeddings = config.embeddings && {
    ...config.embeddings,
    timeoutMs: settings.CHAT_EMBEDDINGS_TIMEOUT_MS,
    retry: INTERACTIVE_RETRY,
  };
  const reranker = config.rerank && { ...config.rerank, timeoutMs: settings.CHAT_RERANK_TIMEOUT_MS };
  return {
    // Each corpus's contextual-retrieval switches apply (lib/enrich); tags for the `atomic` strategy.
    store: contextualStore(await getStore(), () => getSideStore("context")),
    atoms: getSideStore("atoms"),
    settings: pipelineSettingsFromEnv(settings),
    signal,
    notices,
    stream:
      chat && usable("llm")
        ? observedStream((request) =>
            // CC-RAG asks for token log-probs, which only the `openai` client hands on.
            request.logprobs
              ? streamChatScored({ ...request, config: chat })
              : streamChat({ ...request, config: chat }),
          )
        : undefined,
    embed:
      embeddings && usable("embeddings")
        ? (text) =>
            observed("embeddings", async () => (await embedTexts([text], { config: embeddings, signal }))[0] ?? [])
        : undefined,
    rerank:
      reranker && usable("reranker")
        ? (query, documents, topN) =>
            observed("reranker", () => rerank(query, documents, { topN, signal, config: reranker }))
        : undefined,
  };
}
