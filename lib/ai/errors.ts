import { APICallError } from "ai";
import { AppError } from "../errors";
import { httpError } from "./http";

/** Walks an error's cause chain (the AI SDK wraps: RetryError → APICallError → TypeError → …). */
function* causes(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    yield current;
    const next =
      (current as { lastError?: unknown; cause?: unknown }).lastError ?? (current as { cause?: unknown }).cause;
    if (next === current) return;
    current = next;
  }
}

/**
 * Any failure of a model call as a typed AppError. The caller's signal and our own deadline are
 * checked first: an abort surfaces inside the SDK as many different error shapes.
 */
export function toAiError(
  error: unknown,
  signals: { caller?: AbortSignal; deadline?: AbortSignal },
  what: string,
): AppError {
  if (error instanceof AppError) return error;
  if (signals.caller?.aborted) return new AppError("ai:aborted", { cause: error });
  if (signals.deadline?.aborted) return new AppError("ai:timeout", { cause: error, detail: what });
  for (const e of causes(error)) {
    if (APICallError.isInstance(e) && e.statusCode) return httpError(e.statusCode, e.responseBody ?? "", e.url);
  }
  for (const e of causes(error)) {
    const code = (e as { code?: string }).code;
    if (code && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|UND_ERR_SOCKET|UND_ERR_CONNECT/.test(code)) {
      return new AppError("ai:unreachable", { cause: error, detail: what });
    }
    if (e instanceof TypeError && /fetch failed/i.test(e.message))
      return new AppError("ai:unreachable", { cause: error, detail: what });
    if (APICallError.isInstance(e) && !e.statusCode)
      return new AppError("ai:unreachable", { cause: error, detail: what });
  }
  return new AppError("ai:bad_response", { cause: error, detail: what });
}

/** The caller's signal combined with a deadline; both are kept to tell an abort from a timeout. */
export function withDeadline(timeoutMs: number, caller?: AbortSignal) {
  const deadline = AbortSignal.timeout(timeoutMs);
  return { deadline, signal: caller ? AbortSignal.any([caller, deadline]) : deadline };
}
