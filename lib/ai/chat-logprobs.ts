import { APICallError } from "ai";
import OpenAI from "openai";
import { AppError } from "../errors";
import type { ChatStream, Usage } from "./chat";
import { aiConfig, CHAT_RETRY, type ChatConfig, type ChatRole } from "./config";
import { causes } from "./errors";
import { recordCallOutcome } from "./faults";
import { streamWithRetries } from "./retry";

/**
 * A streamed chat reply with its token log-probs (CC-RAG's self-assessment). The AI SDK's
 * OpenAI-compatible provider does not hand log-probs on, so this one call goes through the `openai`
 * client with `logprobs: true` — through the same record/replay fetch as every other model call,
 * with the same deadline, retries and typed errors as `streamChat`. An endpoint that sends none
 * resolves `logprobs` to undefined (the caller drops that term and says so).
 */
export interface ScoredChatStream extends ChatStream {
  logprobs: Promise<number[] | undefined>;
}

export interface ScoredChatRequest {
  role: ChatRole;
  system: string;
  prompt: string;
  temperature?: number;
  signal?: AbortSignal;
  config?: ChatConfig;
}

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

/** An `openai` client failure as the AI SDK's error shapes, so toAiError and the retry policy read it. */
export function normalized(error: unknown, url: string): unknown {
  for (const e of causes(error)) if (e instanceof AppError) return e; // a replay with no recorded reply
  // Our deadline or the caller: toAiError tells which from the signals.
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIError && !(error instanceof OpenAI.APIConnectionError)) {
    if (error.status) {
      return new APICallError({
        message: error.message,
        url,
        requestBodyValues: {},
        statusCode: error.status,
        responseHeaders: error.headers ? Object.fromEntries(error.headers.entries()) : undefined,
        responseBody: JSON.stringify(error.error ?? {}),
        cause: error,
      });
    }
    // An `{ error }` frame inside the stream: the server failed after it started answering.
    return new AppError("ai:upstream_error", { cause: error, detail: `${url}: ${error.message.slice(0, 200)}` });
  }
  return error;
}

export function streamChatScored(request: ScoredChatRequest): ScoredChatStream {
  const configured = request.config ?? aiConfig().chat;
  if (!configured) throw new AppError("ai:not_configured");
  const config: ChatConfig = configured;
  const policy = config.retry ?? CHAT_RETRY;
  const model = config.models[request.role];
  const what = `chat ${request.role} (${model}, logprobs)`;
  const url = `${config.baseURL}/chat/completions`;
  const client = new OpenAI({
    baseURL: config.baseURL,
    // The client insists on a key; a local endpoint without one ignores the header.
    apiKey: config.apiKey ?? "not-needed",
    fetch: config.calls?.fetchFor(request.role),
    maxRetries: 0,
    timeout: Math.max(config.timeoutMs * 10, 600_000),
  });
  let settle: (value: { usage: Usage; finishReason: string; logprobs?: number[] }) => void = () => {};
  const finished = new Promise<{ usage: Usage; finishReason: string; logprobs?: number[] }>((resolve) => {
    settle = resolve;
  });

  const live = config.calls?.mode !== "replay";
  async function* attempt(signal: AbortSignal, alive: () => void): AsyncGenerator<string> {
    const logprobs: number[] = [];
    let usage = NO_USAGE;
    let finishReason = "unknown";
    const stream = await client.chat.completions.create(
      {
        model,
        messages: [
          { role: "system", content: request.system },
          { role: "user", content: request.prompt },
        ],
        temperature: request.temperature ?? 0,
        stream: true,
        stream_options: { include_usage: true },
        logprobs: true,
      },
      { signal },
    );
    for await (const chunk of stream) {
      alive();
      if (live) recordCallOutcome("llm", config.baseURL);
      if (chunk.usage) {
        usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      }
      for (const choice of chunk.choices ?? []) {
        for (const t of choice.logprobs?.content ?? []) if (Number.isFinite(t.logprob)) logprobs.push(t.logprob);
        if (choice.finish_reason) finishReason = choice.finish_reason;
        const text = choice.delta?.content;
        if (text) yield text;
      }
    }
    settle({ usage, finishReason, logprobs: logprobs.length ? logprobs : undefined });
  }

  async function* deltas(): AsyncGenerator<string> {
    try {
      yield* streamWithRetries(attempt, {
        timeoutMs: config.timeoutMs,
        policy,
        what,
        signal: request.signal,
        normalize: (error) => normalized(error, url),
      });
    } catch (error) {
      if (live) recordCallOutcome("llm", config.baseURL, error);
      throw error;
    } finally {
      settle({ usage: NO_USAGE, finishReason: "unknown" });
    }
  }

  return {
    deltas: deltas(),
    usage: finished.then((f) => f.usage),
    finish: finished.then(({ usage, finishReason }) => ({ usage, finishReason })),
    logprobs: finished.then((f) => f.logprobs),
  };
}
