import { APICallError } from "ai";
import { AppError } from "../errors";
import { httpError } from "./http";

/** Walks an error's cause chain (the AI SDK wraps: RetryError → APICallError → TypeError → …). */
export function* causes(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    yield current;
    const next =
      (current as { lastError?: unknown; cause?: unknown }).lastError ?? (current as { cause?: unknown }).cause;
    if (next === current) return;
    current = next;
  }
}

/** The HTTP error answer behind an error, if the model server answered with one. */
export function apiCallErrorIn(error: unknown): APICallError | undefined {
  for (const e of causes(error)) if (APICallError.isInstance(e) && (e.statusCode ?? 0) >= 400) return e;
  return undefined;
}

const NETWORK_CODES = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_/;

// The SDK's names for a reply it could not read (bad JSON, wrong shape, empty body).
const BAD_RESPONSE_NAMES =
  /JSONParseError|TypeValidationError|InvalidResponseDataError|EmptyResponseBodyError|NoContentGeneratedError|NoOutputGeneratedError/;

/**
 * Any failure of a model call as a typed AppError. The caller's signal and our own deadline are
 * checked first: an abort surfaces inside the SDK as many different error shapes.
 */
export function toAiError(
  error: unknown,
  signals: { caller?: AbortSignal; timedOut?: boolean },
  what: string,
): AppError {
  if (error instanceof AppError) return error;
  if (signals.caller?.aborted) return new AppError("ai:aborted", { cause: error });
  if (signals.timedOut) return new AppError("ai:timeout", { cause: error, detail: what });
  const api = apiCallErrorIn(error);
  if (api?.statusCode) return httpError(api.statusCode, api.responseBody ?? "", api.url, error);
  for (const e of causes(error)) {
    // An `{ error: { message } }` frame inside a stream: the server failed after it started answering.
    if (e instanceof Error && e.name === "AI_StreamProviderError") {
      const status = (e as { statusCode?: unknown }).statusCode;
      const code = status === 429 ? "ai:rate_limited" : "ai:upstream_error";
      return new AppError(code, { cause: error, detail: `${what}: ${e.message.slice(0, 200)}` });
    }
  }
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.test(code)) {
      return new AppError("ai:unreachable", { cause: error, detail: `${what}: ${code}` });
    }
    if (e instanceof TypeError && /fetch failed|terminated/i.test(e.message)) {
      return new AppError("ai:unreachable", { cause: error, detail: what });
    }
    // Our own call was malformed: a bug to log, not the model server's fault.
    if (e instanceof Error && /InvalidPromptError|InvalidArgumentError|InvalidMessageRoleError/.test(e.name)) {
      return new AppError("internal:unexpected", { cause: error, detail: `${what}: ${e.message.slice(0, 200)}` });
    }
    if (e instanceof Error && BAD_RESPONSE_NAMES.test(e.name)) {
      return new AppError("ai:bad_response", { cause: error, detail: `${what}: ${e.message.slice(0, 200)}` });
    }
  }
  // The same frame, should the SDK pass it on unwrapped.
  if (error && typeof error === "object" && !(error instanceof Error) && "message" in error) {
    return new AppError("ai:upstream_error", { cause: error, detail: `${what}: ${String(error.message)}` });
  }
  if (error instanceof Error && error.name === "AbortError") return new AppError("ai:aborted", { cause: error });
  // An APICallError with no status never got an answer (an unreadable 2xx falls through to bad_response).
  if (APICallError.isInstance(error) && !error.statusCode) {
    return new AppError("ai:unreachable", { cause: error, detail: what });
  }
  return new AppError("ai:bad_response", { cause: error, detail: what });
}
