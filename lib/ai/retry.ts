import { AppError } from "../errors";
import type { RetryPolicy } from "./config";
import { Deadline } from "./deadline";
import { apiCallErrorIn, toAiError } from "./errors";

/** Retry-After (seconds or an HTTP date) or the retry-after-ms some servers send, in ms. */
function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.["retry-after-ms"] ?? "");
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const value = headers?.["retry-after"];
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * How long to wait before attempt `attempt + 1`, or undefined when the failure is final: only a
 * 408/429/5xx answer is retried — a refused key, a bad request, a timeout or a dead host is not.
 */
export function retryDelayMs(error: unknown, attempt: number, policy: RetryPolicy): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  if (!(error instanceof AppError) || !["ai:rate_limited", "ai:upstream_error"].includes(error.code)) return undefined;
  const api = apiCallErrorIn(error);
  const status = api?.statusCode;
  if (!status || !(status === 408 || status === 429 || status >= 500)) return undefined;
  const after = retryAfterMs(api.responseHeaders);
  if (after === undefined) return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);
  // A server asking for a longer pause than we are willing to make is answered with the error now.
  return after <= policy.maxDelayMs ? after : undefined;
}

/** Waits `ms`, or rejects with ai:aborted as soon as the caller gives up. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AppError("ai:aborted"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AppError("ai:aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs `attempt` (which throws AppErrors) until it succeeds or its failure is final. */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const wait = retryDelayMs(error, n, policy);
      if (wait === undefined) throw error;
      await pause(wait, signal);
    }
  }
}

/**
 * A streamed call with retries (both chat transports: chat.ts through the AI SDK, chat-logprobs.ts
 * through `openai`). `attempt` runs one try and yields its text deltas, calling `alive()` on every
 * part it receives (the deadline counts silence, not length). A failure before the first delta is
 * retried per `policy`, with a fresh deadline; after it, retrying would repeat text already shown,
 * so it is thrown. Failures reach the caller as AppErrors (toAiError, after `normalize`).
 */
export async function* streamWithRetries(
  attempt: (signal: AbortSignal, alive: () => void) => AsyncIterable<string>,
  options: {
    timeoutMs: number;
    policy: RetryPolicy;
    what: string;
    signal?: AbortSignal;
    normalize?: (error: unknown) => unknown;
  },
): AsyncGenerator<string> {
  for (let n = 0; ; n++) {
    const deadline = new Deadline(options.timeoutMs, options.signal);
    let started = false;
    try {
      for await (const text of attempt(deadline.signal, () => deadline.extend())) {
        started = true;
        yield text;
      }
      return;
    } catch (error) {
      const appError = toAiError(
        options.normalize ? options.normalize(error) : error,
        { caller: options.signal, timedOut: deadline.timedOut },
        options.what,
      );
      const wait = started ? undefined : retryDelayMs(appError, n, options.policy);
      if (wait === undefined) throw appError;
      await pause(wait, options.signal);
    } finally {
      deadline.dispose();
    }
  }
}
