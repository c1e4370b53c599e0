import { AppError } from "../errors";

/**
 * fetch with a deadline and typed failures, for the small clients (rerank, probes) that don't go
 * through the AI SDK. Network errors, timeouts, aborts and HTTP errors each get their own code.
 */
export async function fetchJson(
  url: string,
  init: {
    method?: string;
    body?: unknown;
    apiKey?: string;
    headers?: Record<string, string>;
    timeoutMs: number;
    signal?: AbortSignal;
    /** A recording or replaying fetch (lib/ai/model-calls); the global fetch when absent. */
    fetch?: (input: string, init: RequestInit) => Promise<Response>;
  },
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const deadline = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  let response: Response;
  let text: string;
  try {
    response = await (init.fetch ?? fetch)(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.apiKey ? { authorization: `Bearer ${init.apiKey}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
    });
    // Read inside the try: the deadline covers a body that never finishes too.
    text = await response.text();
  } catch (cause) {
    if (cause instanceof AppError) throw cause; // a replay with no recorded reply says so itself
    throw classifyFetchFailure(cause, init.signal, deadline, url);
  }
  if (!response.ok) throw httpError(response.status, text, url);
  try {
    return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
  } catch (cause) {
    throw new AppError("ai:bad_response", { cause, detail: `${url}: not JSON` });
  }
}

/** An HTTP error answer as its code: 429 rate limit, 401/403 a refused key, anything else upstream. */
export function httpError(status: number, body: string, url: string, cause?: unknown): AppError {
  const detail = `${url} → HTTP ${status} ${body.slice(0, 200)}`;
  if (status === 429) return new AppError("ai:rate_limited", { detail, cause });
  if (status === 401 || status === 403) return new AppError("ai:unauthorized", { detail, cause });
  return new AppError("ai:upstream_error", { detail, cause });
}

export function classifyFetchFailure(
  cause: unknown,
  callerSignal: AbortSignal | undefined,
  deadline: AbortSignal,
  url: string,
): AppError {
  if (callerSignal?.aborted) return new AppError("ai:aborted", { cause });
  if (deadline.aborted) return new AppError("ai:timeout", { cause, detail: url });
  return new AppError("ai:unreachable", { cause, detail: url });
}
