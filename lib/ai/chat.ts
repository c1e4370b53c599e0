import { generateText, type ModelMessage, streamText } from "ai";
import { aiConfig, type ChatConfig, type ChatRole } from "./config";
import { toAiError, withDeadline } from "./errors";
import { chatModel } from "./providers";

export interface ChatRequest {
  role: ChatRole;
  system?: string;
  prompt?: string;
  messages?: ModelMessage[];
  signal?: AbortSignal;
  /** The method prescribes temperature 0 for every call. */
  temperature?: number;
  config?: ChatConfig;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

// One retry covers a transient 429/5xx without doubling a lawyer's wait on a dead server.
const MAX_RETRIES = 1;

/** What generate and stream share: the role's model, the prompt, temperature 0, retries, deadline. */
function callSettings(request: ChatRequest) {
  const config = request.config ?? aiConfig().chat;
  const { signal, deadline } = withDeadline(config?.timeoutMs ?? 60_000, request.signal);
  return {
    deadline,
    options: {
      model: chatModel(config, request.role),
      system: request.system,
      ...(request.messages ? { messages: request.messages } : { prompt: request.prompt ?? "" }),
      temperature: request.temperature ?? 0,
      maxRetries: MAX_RETRIES,
      abortSignal: signal,
    },
  };
}

function usageOf(u: { inputTokens?: number; outputTokens?: number } | undefined): Usage {
  return { inputTokens: u?.inputTokens ?? 0, outputTokens: u?.outputTokens ?? 0 };
}

/** One complete reply; every failure is a typed AppError (ai:timeout, ai:upstream_error, …). */
export async function generateChat(request: ChatRequest): Promise<{ text: string; usage: Usage }> {
  const { options, deadline } = callSettings(request);
  try {
    const result = await generateText(options);
    return { text: result.text, usage: usageOf(result.usage) };
  } catch (error) {
    throw toAiError(error, { caller: request.signal, deadline }, `chat ${request.role}`);
  }
}

/**
 * A streamed reply as text deltas. The stream reports failures as parts, not throws; they are
 * rethrown here as AppErrors so a consumer's for-await sees them. `usage` resolves at the end.
 */
export function streamChat(request: ChatRequest): { deltas: AsyncIterable<string>; usage: Promise<Usage> } {
  const { options, deadline } = callSettings(request);
  let resolveUsage: (u: Usage) => void = () => {};
  const usage = new Promise<Usage>((resolve) => {
    resolveUsage = resolve;
  });
  const result = streamText({
    ...options,
    onError: () => {}, // surfaced through the error part below instead of logged by the SDK
  });
  async function* deltas(): AsyncGenerator<string> {
    try {
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") yield part.text;
        else if (part.type === "error") throw part.error;
        else if (part.type === "abort") throw new DOMException("aborted", "AbortError");
        else if (part.type === "finish") resolveUsage(usageOf(part.totalUsage));
      }
    } catch (error) {
      throw toAiError(error, { caller: request.signal, deadline }, `chat ${request.role}`);
    } finally {
      resolveUsage({ inputTokens: 0, outputTokens: 0 });
    }
  }
  return { deltas: deltas(), usage };
}
