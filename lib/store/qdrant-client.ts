import { QdrantClient } from "@qdrant/js-client-rest";
import { AppError } from "../errors";

/**
 * How the app reaches Qdrant: one client factory (used by the store and by the status probe, so
 * the panel checks exactly what the store will use), the version gate, and the mapping of
 * failures to typed errors.
 */

/** Per-corpus IDF (`params.idf = { corpus }`) exists from Qdrant 1.19.0; older servers ignore it. */
export const MIN_QDRANT_VERSION = [1, 19, 0] as const;

export interface QdrantConnection {
  /** One node's URL, or several separated by commas (the nodes of a cluster: qdrant-nodes.ts fails over). */
  url: string;
  apiKey?: string;
  /** Per request and attempt (QDRANT_TIMEOUT_MS); the client's own default is 300 s. */
  timeoutMs?: number;
  /** Attempts after the first for a request that met an outage (QDRANT_RETRIES). */
  retries?: number;
  /** First pause before going back to a node already tried in this request; doubles each round. */
  retryDelayMs?: number;
}

/** "http://a:6333, http://b:6333" → each URL as written (validated by clientOptions). */
export function nodeUrls(url: string): string[] {
  const urls = url
    .split(",")
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length === 0) {
    throw new AppError("store:bad_config", {
      detail: "QDRANT_URL is empty",
      userMessage: "QDRANT_URL이 비어 있습니다.",
    });
  }
  return urls;
}

/**
 * The client's own `url` handling forces port 6333 when the URL has none and drops its path
 * (`https://proxy/qdrant` became `https://proxy:6333`), so host, port, scheme and path prefix are
 * taken from the URL here and passed explicitly: the URL means what a browser would make of it.
 */
export function clientOptions(connection: { url: string; apiKey?: string; timeoutMs?: number }) {
  let url: URL;
  try {
    url = new URL(connection.url);
  } catch (cause) {
    throw new AppError("store:bad_config", {
      cause,
      detail: `QDRANT_URL is not a URL: ${connection.url}`,
      userMessage: "QDRANT_URL이 올바른 주소가 아닙니다.",
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("store:bad_config", {
      detail: `QDRANT_URL scheme ${url.protocol}`,
      userMessage: "QDRANT_URL은 http:// 또는 https://로 시작해야 합니다.",
    });
  }
  const https = url.protocol === "https:";
  const prefix = url.pathname.replace(/\/+$/, "");
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : https ? 443 : 80,
    https,
    ...(prefix ? { prefix } : {}),
    ...(connection.apiKey ? { apiKey: connection.apiKey } : {}),
    ...(connection.timeoutMs ? { timeout: connection.timeoutMs } : {}),
    // The store checks the version itself (versionGate) and says so in the status panel.
    checkCompatibility: false,
  };
}

export function createQdrantClient(connection: { url: string; apiKey?: string; timeoutMs?: number }): QdrantClient {
  return new QdrantClient(clientOptions(connection));
}

/** "1.19.0", "v1.19.2-dev" → [1, 19, 0]; undefined when it is not a version. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function atLeast(version: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < minimum.length; i++) {
    const a = version[i] ?? 0;
    const b = minimum[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** Refuses a server below MIN_QDRANT_VERSION: sparse ranking would silently use collection-wide IDF. */
export function checkVersion(version: string): void {
  const parsed = parseVersion(version);
  if (parsed && atLeast(parsed, MIN_QDRANT_VERSION)) return;
  const min = MIN_QDRANT_VERSION.join(".");
  throw new AppError("store:bad_config", {
    detail: `qdrant version ${version} < ${min}`,
    userMessage: `Qdrant ${version || "(버전 알 수 없음)"}은(는) 지원하지 않습니다. 말뭉치별 BM25 통계(IDF)에 Qdrant ${min} 이상이 필요합니다. Qdrant를 업그레이드하세요.`,
  });
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "(invalid QDRANT_URL)";
  }
}

/** What Qdrant said, for the log: its `{ status: { error } }` message, or the raw body. */
function upstreamMessage(data: unknown): { qdrant?: string; raw: string } {
  if (data && typeof data === "object") {
    const error = (data as { status?: { error?: unknown } }).status?.error;
    if (typeof error === "string") return { qdrant: error, raw: error };
    return { raw: JSON.stringify(data).slice(0, 500) };
  }
  return { raw: String(data ?? "").slice(0, 500) };
}

/** Qdrant's own message, made safe to show an admin: one line, bounded. Never a proxy's raw body. */
export function safeMessage(message: string): string {
  const line = message
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

// 400s that mean "the collection does not match what the app expects", not "bad input".
const CONFIG_MESSAGES = /Not existing vector name|Vector dimension error|`idf`/;

/**
 * Qdrant answers a body over `service.max_request_size_mb` with 400, not 413: its JSON extractor's
 * error handler (src/actix/mod.rs `validation_error_handler`) turns actix's JsonPayloadError into
 * `{"status":{"error":"Payload error: JSON payload (N bytes) is larger than allowed (limit: M bytes)."}}`
 * ("… has exceeded limit (M bytes)." without a Content-Length), and 422 for validation errors.
 * A reverse proxy in front answers 413 itself.
 */
const TOO_LARGE_MESSAGES = /larger than allowed|exceeded limit|payload too large|too large/i;

/** A request Qdrant (or a proxy in front of it) refused for its size: a smaller request would pass. */
export function isTooLarge(error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  if (status === 413) return true;
  if (status !== 400 && status !== 422) return false;
  const { qdrant } = upstreamMessage((error as { data?: unknown }).data);
  return qdrant !== undefined && TOO_LARGE_MESSAGES.test(qdrant);
}

/**
 * A failure another attempt may not meet (an outage): no answer (refused, reset, DNS, the
 * client's timeout), 408, 429, 5xx. Not a configuration error, not Qdrant refusing the request.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const status = (error as { status?: unknown })?.status;
  if (typeof status === "number") return status >= 500 || status === 429 || status === 408;
  const name = (error as { name?: string })?.name;
  return name !== "QdrantClientConfigError" && name !== "QdrantClientUnexpectedResponseError";
}

/**
 * Failures by kind: network, timeouts, 429 and 5xx → store:unavailable (an outage: try later);
 * 401/403, 404 and 400s about the collection's vectors → store:bad_config (an admin must fix the
 * settings or the collection); other 4xx → store:bad_request (Qdrant refused the request). The
 * 4xx kinds carry Qdrant's message: in full in the log line, made safe in the user message.
 */
export function storeError(error: unknown, context: { url: string; op: string; attempts?: number }): AppError {
  if (error instanceof AppError) return error;
  const tries = context.attempts && context.attempts > 1 ? ` (last of ${context.attempts} attempts)` : "";
  const where = `qdrant ${context.op} @ ${withoutCredentials(context.url)}${tries}`;
  const status = (error as { status?: unknown })?.status;
  if (typeof status !== "number") {
    const name = (error as { name?: string })?.name;
    if (name === "QdrantClientConfigError") {
      return new AppError("store:bad_config", {
        cause: error,
        detail: where,
        userMessage: "QDRANT_URL 설정이 올바르지 않습니다.",
      });
    }
    // fetch failed (refused, DNS, TLS), QdrantClientTimeoutError, 429 with Retry-After, odd 2xx/3xx.
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new AppError("store:unavailable", { cause: error, detail: `${where}: ${message}` });
  }
  const { qdrant, raw } = upstreamMessage((error as { data?: unknown }).data);
  const detail = `${where}: HTTP ${status} ${raw}`;
  const said = qdrant ? ` (Qdrant: ${safeMessage(qdrant)})` : "";
  if (status >= 500 || status === 429 || status === 408) {
    return new AppError("store:unavailable", { cause: error, detail });
  }
  if (status === 401 || status === 403) {
    return new AppError("store:bad_config", {
      cause: error,
      detail,
      userMessage: `Qdrant가 API 키를 거부했습니다 (HTTP ${status}). QDRANT_API_KEY를 확인하세요.`,
    });
  }
  if (status === 404 || (status === 400 && qdrant && CONFIG_MESSAGES.test(qdrant))) {
    return new AppError("store:bad_config", {
      cause: error,
      detail,
      userMessage: `Qdrant 컬렉션이 앱 설정과 맞지 않습니다 (HTTP ${status})${said}. 관리자 문서(docs/qdrant.md)를 확인하세요.`,
    });
  }
  if (isTooLarge(error)) {
    return new AppError("store:bad_request", {
      cause: error,
      detail,
      userMessage: "요청이 Qdrant의 크기 한도(service.max_request_size_mb)를 넘었습니다.",
    });
  }
  return new AppError("store:bad_request", {
    cause: error,
    detail,
    userMessage: `Qdrant가 요청을 거부했습니다 (HTTP ${status})${said}.`,
  });
}
