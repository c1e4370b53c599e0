import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), served by GET /api/metrics (lib/api/metrics.ts).
 * One registry per process, kept on globalThis: Next.js may load this module in several bundles, and
 * a dev reload would otherwise register every metric twice (prom-client throws on that).
 *
 * Labels come from bounded sets only: a route is its pattern (`/api/v1/decisions/[caseNo]`), never
 * the address asked; a page is its section (`/chat`, `/search`…).
 */

export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  pageRequests: Counter<"section">;
  answers: Counter<"outcome">;
  modelErrors: Counter<"role" | "code">;
  indexLag: Gauge<"store">;
  indexLoaded: Gauge<"store">;
  jobs: Gauge<"kind" | "status">;
}

function create(): AppMetrics {
  const registry = new Registry();
  // process_* and nodejs_* metrics, nodejs_eventloop_lag_seconds among them.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "panrye_http_requests_total",
      help: "API requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "panrye_http_request_duration_seconds",
      help: "Time until an API route returned its response (a streamed body may run on), by route pattern and method",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    pageRequests: new Counter({
      name: "panrye_page_requests_total",
      help: "Page requests seen by the proxy (not server actions or static files), by section",
      labelNames: ["section"],
      registers,
    }),
    answers: new Counter({
      name: "panrye_answers_total",
      help: "Answers finished, by outcome",
      labelNames: ["outcome"],
      registers,
    }),
    modelErrors: new Counter({
      name: "panrye_model_errors_total",
      help: "Model calls of chat that failed with a fault (timeout, unreachable, upstream error…), by role and error code",
      labelNames: ["role", "code"],
      registers,
    }),
    indexLag: new Gauge({
      name: "panrye_index_lag_changes",
      help: "Embedded store: committed changes its in-memory index has not applied yet (head - cursor)",
      labelNames: ["store"],
      registers,
    }),
    indexLoaded: new Gauge({
      name: "panrye_index_loaded",
      help: "Embedded store: 1 when this process's index worker runs with an index loaded",
      labelNames: ["store"],
      registers,
    }),
    jobs: new Gauge({
      name: "panrye_jobs",
      help: "Jobs queued or running, by kind (ingest, enrich, eval) and status",
      labelNames: ["kind", "status"],
      registers,
    }),
  };
}

const holder = globalThis as unknown as { __appMetrics?: AppMetrics };

export function metrics(): AppMetrics {
  holder.__appMetrics ??= create();
  return holder.__appMetrics;
}

/** Answer outcomes (panrye_answers_total{outcome}). */
export type AnswerOutcome = "answered" | "declined" | "cut_off" | "retrieval_only" | "no_results" | "stopped" | "error";
