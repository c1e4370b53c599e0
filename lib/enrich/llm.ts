import OpenAI from "openai";
import { normalized } from "../ai/chat-logprobs";
import { type ChatConfig, EMBEDDINGS_RETRY, type RetryPolicy } from "../ai/config";
import { Deadline } from "../ai/deadline";
import { toAiError } from "../ai/errors";
import type { EnrichMessages } from "../ai/prompts/enrich";
import { withRetries } from "../ai/retry";
import { AppError } from "../errors";
import { estimateTokens } from "../text/estimate-tokens";
import type { TokenUsage } from "./cost";

/**
 * The model calls of enrichment, through the `openai` client (it also speaks the Batch API, see
 * batch.ts) and the same record/replay fetch as every other model call (the analyst's role).
 * Bulk work meets rate limits by design: EMBEDDINGS_RETRY's patient policy (4 retries, doubling
 * from 1 s, Retry-After honoured up to 30 s), and each call reports a 429 to the pool so every
 * worker backs off, not only the one that met it.
 */

export interface EnrichCall {
  text: string;
  usage: TokenUsage;
  /** The endpoint reported no usage: the counts are estimates (lib/text/estimate-tokens.ts). */
  estimated: boolean;
}

export interface EnrichLlm {
  model: string;
  complete(messages: EnrichMessages, signal?: AbortSignal): Promise<EnrichCall>;
}

/** The request body both modes send (live: as is; batch: one JSONL line each). */
export function requestBody(model: string, m: EnrichMessages) {
  return {
    model,
    // One user message, decision first: chat templates that insist on alternating roles accept it,
    // and its first part is the same token prefix for every chunk of the decision.
    messages: [
      { role: "system" as const, content: m.system },
      { role: "user" as const, content: `${m.prefix}\n\n${m.chunk}` },
    ],
    temperature: 0,
  };
}

interface UsageLike {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/** Usage as reported, or estimated from the texts when the endpoint sends none. */
export function usageOf(usage: UsageLike | null | undefined, m: EnrichMessages, text: string) {
  if (usage && typeof usage.prompt_tokens === "number") {
    return {
      usage: {
        inputTokens: usage.prompt_tokens,
        cachedInputTokens: usage.prompt_tokens_details?.cached_tokens ?? 0,
        outputTokens: usage.completion_tokens ?? 0,
      },
      estimated: false,
    };
  }
  return {
    usage: {
      inputTokens: estimateTokens(`${m.system}\n${m.prefix}\n${m.chunk}`),
      cachedInputTokens: 0,
      outputTokens: estimateTokens(text),
    },
    estimated: true,
  };
}

export function openAIClient(config: ChatConfig): OpenAI {
  return new OpenAI({
    baseURL: config.baseURL,
    // The client insists on a key; a local endpoint without one ignores the header.
    apiKey: config.apiKey ?? "not-needed",
    fetch: config.calls?.fetchFor("analyst"),
    maxRetries: 0,
    timeout: Math.max(config.timeoutMs * 10, 600_000),
  });
}

export function enrichLlm(
  config: ChatConfig,
  model: string,
  options: { retry?: RetryPolicy; onRateLimited?: () => void } = {},
): EnrichLlm {
  const client = openAIClient(config);
  const url = `${config.baseURL}/chat/completions`;
  const what = `enrichment (${model})`;
  return {
    model,
    complete: (messages, signal) =>
      withRetries(
        async () => {
          const deadline = new Deadline(config.timeoutMs, signal);
          try {
            const reply = await client.chat.completions.create(requestBody(model, messages), {
              signal: deadline.signal,
            });
            const text = reply.choices?.[0]?.message?.content ?? "";
            if (typeof text !== "string") throw new AppError("ai:bad_response", { detail: `${what}: no text` });
            return { text, ...usageOf(reply.usage, messages, text) };
          } catch (error) {
            const appError = toAiError(normalized(error, url), { caller: signal, timedOut: deadline.timedOut }, what);
            if (appError.code === "ai:rate_limited") options.onRateLimited?.();
            throw appError;
          } finally {
            deadline.dispose();
          }
        },
        options.retry ?? EMBEDDINGS_RETRY,
        signal,
      ),
  };
}
