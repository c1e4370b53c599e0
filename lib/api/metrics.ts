import { createHash, timingSafeEqual } from "node:crypto";
import { activeJobDepth, type JobDepth } from "../db/job-depth";
import { env } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { openedStore } from "../store";
import { EmbeddedStore } from "../store/embedded-store";
import type { IndexStats } from "../store/index-protocol";
import { metrics } from "../util/metrics";
import { withinTime } from "../util/time-limit";

/**
 * GET /api/metrics: the process's Prometheus metrics (lib/util/metrics.ts) for the firm's
 * monitoring. Off (404) until METRICS_TOKEN is set; then only a request bearing that token (compared
 * in constant time) is answered. The gauges read at scrape time are cheap: the job queue's depth is
 * two grouped counts, and the index lag is asked of the embedded store's index worker only when it
 * already runs — a scrape never opens the store or starts the worker.
 */

/** How long a scrape waits for the index worker's stats (busy applying a large import) before leaving them out. */
const STATS_WAIT_MS = 2000;

function sameSecret(sent: string, expected: string): boolean {
  // Hashed first: equal lengths for timingSafeEqual, and the comparison says nothing of the length.
  const a = createHash("sha256").update(sent).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Throws metrics:off without METRICS_TOKEN, metrics:unauthenticated unless the request bears it. */
export function authorizeMetrics(headers: Headers): void {
  const expected = env().METRICS_TOKEN;
  if (!expected) throw new AppError("metrics:off");
  const sent = headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!sent || !sameSecret(sent, expected)) throw new AppError("metrics:unauthenticated");
}

async function indexStats(): Promise<IndexStats | undefined> {
  const store = openedStore();
  if (!(store instanceof EmbeddedStore)) return undefined;
  const stats = await withinTime(store.indexStatsIfRunning(), STATS_WAIT_MS);
  return stats.late ? undefined : stats.value;
}

/** Sets the gauges read at scrape time; one that cannot be read is left out (and logged), never the scrape. */
async function refreshGauges(): Promise<void> {
  const { jobs, indexLag, indexLoaded } = metrics();
  const [depth, stats] = await Promise.all([
    activeJobDepth().catch((error): JobDepth[] | undefined => {
      logError(error);
      return undefined;
    }),
    indexStats().catch((error): undefined => {
      logError(error);
      return undefined;
    }),
  ]);
  jobs.reset();
  for (const { kind, status, count } of depth ?? []) jobs.set({ kind, status }, count);
  indexLag.reset();
  indexLoaded.reset();
  if (stats) {
    indexLoaded.set({ store: "main" }, stats.loaded ? 1 : 0);
    if (stats.loaded) indexLag.set({ store: "main" }, Math.max(0, stats.head - stats.cursor));
  }
}

/** The metrics in Prometheus's text format, and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  await refreshGauges();
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** A refusal as plain text (Prometheus shows the body of a failed scrape), with the header a 401 owes. */
export function metricsErrorResponse(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) logError(appError);
  const headers = new Headers({ "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  if (appError.status === 401) headers.set("WWW-Authenticate", 'Bearer realm="metrics"');
  return new Response(`${appError.userMessage}\n`, { status: appError.status, headers });
}
