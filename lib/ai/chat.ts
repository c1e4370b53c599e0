import { generateText, type ModelMessage, streamText } from "ai";
import { AppError } from "../errors";
import { aiConfig, CHAT_RETRY, type ChatConfig, type ChatRole } from "./config";
import { Deadline } from "./deadline";
import { toAiError } from "./errors";
import { observeCall, recordCallOutcome } from "./faults";
import { chatModel } from "./providers";
import { streamWithRetries, withRetries } from "./retry";

export interface ChatRequest {
  role: ChatRole;
  system?: string;
  prompt?: string;
  messages?: ModelMessage[];
  signal?: AbortSignal;
  /** The method prescribes temperature 0 for every call. */
  temperature?: number;
  /** Defaults to the settings' chat config; tests point it at a fake server. */
  config?: ChatConfig;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ChatFinish {
  usage: Usage;
  /** "stop", "length" (cut off by the token limit), "content-filter", … as the SDK reports it. */
  finishReason: string;
}

export interface ChatStream {
  deltas: AsyncIterable<string>;
  /** Resolve once the stream ends (zeros / "unknown" if it failed or was left early). */
  usage: Promise<Usage>;
  finish: Promise<ChatFinish>;
}

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

function usageOf(u: { inputTokens?: number; outputTokens?: number } | undefined): Usage {
  return { inputTokens: u?.inputTokens ?? 0, outputTokens: u?.outputTokens ?? 0 };
}

/**
 * What generate and stream share: the role's model, the prompt, temperature 0. The SDK's own
 * retries are off (its first wait is a fixed 2 s and would count against our deadline): we retry
 * ourselves, per `config.retry`, with a fresh deadline per attempt.
 */
function callSettings(request: ChatRequest) {
  const config = request.config ?? aiConfig().chat;
  if (!config) throw new AppError("ai:not_configured");
  const prompt = request.messages ? { messages: request.messages } : { prompt: request.prompt ?? "" };
  return {
    config,
    policy: config.retry ?? CHAT_RETRY,
    what: `chat ${request.role} (${config.models[request.role]})`,
    options: {
      model: chatModel(config, request.role),
      instructions: request.system,
      ...prompt,
      temperature: request.temperature ?? 0,
      maxRetries: 0,
    },
  };
}

/** One complete reply; every failure is a typed AppError (ai:timeout, ai:upstream_error, …). */
export async function generateChat(request: ChatRequest): Promise<{ text: string; usage: Usage } & ChatFinish> {
  const { config, policy, what, options } = callSettings(request);
  return observeCall("llm", config, () =>
    withRetries(
      async () => {
        const deadline = new Deadline(config.timeoutMs, request.signal);
        try {
          const result = await generateText({ ...options, abortSignal: deadline.signal });
          return { text: result.text, usage: usageOf(result.usage), finishReason: String(result.finishReason) };
        } catch (error) {
          throw toAiError(error, { caller: request.signal, timedOut: deadline.timedOut }, what);
        } finally {
          deadline.dispose();
        }
      },
      policy,
      request.signal,
    ),
  );
}

/**
 * A streamed reply as text deltas. The SDK reports failures as stream parts, not throws; they are
 * rethrown here as AppErrors so a consumer's for-await sees them. A failure before the first delta
 * is retried like a generated call; after it, retrying would repeat text already shown.
 * Leaving the loop early (break) cancels the request.
 */
export function streamChat(request: ChatRequest): ChatStream {
  const { config, policy, what, options } = callSettings(request);
  let settle: (f: ChatFinish) => void = () => {};
  const finish = new Promise<ChatFinish>((resolve) => {
    settle = resolve;
  });

  // Every chunk is a sign of life: the status panel turns green while an answer streams.
  const live = config.calls?.mode !== "replay";
  async function* attempt(signal: AbortSignal, alive: () => void): AsyncGenerator<string> {
    const result = streamText({ ...options, abortSignal: signal, onError: () => {} });
    for await (const part of result.fullStream) {
      alive();
      if (live && part.type !== "error" && part.type !== "abort") recordCallOutcome("llm", config.baseURL);
      if (part.type === "text-delta") yield part.text;
      else if (part.type === "error") throw part.error;
      else if (part.type === "abort") throw new DOMException("aborted", "AbortError");
      else if (part.type === "finish") {
        settle({ usage: usageOf(part.totalUsage), finishReason: String(part.finishReason) });
      }
    }
  }

  async function* deltas(): AsyncGenerator<string> {
    try {
      yield* streamWithRetries(attempt, { timeoutMs: config.timeoutMs, policy, what, signal: request.signal });
    } catch (error) {
      if (live) recordCallOutcome("llm", config.baseURL, error);
      throw error;
    } finally {
      settle({ usage: NO_USAGE, finishReason: "unknown" });
    }
  }

  return { deltas: deltas(), usage: finish.then((f) => f.usage), finish };
}
