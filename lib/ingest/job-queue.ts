import { join } from "node:path";
import { embedTexts } from "../ai/embed";
import { isStale } from "../db/job-liveness";
import {
  CANCELLED_MESSAGE,
  closeJob,
  getJob,
  INGEST_KINDS,
  type JobKind,
  type JobRecord,
  type JobStatus,
  listQueueOpenJobs,
  listUnfinishedJobs,
  requeueJob,
  setJobQueueJobId,
  sweepStaleJobs,
} from "../db/jobs";
import { env, filesDir } from "../env";
import { type JobProcessResult, LEFT_FOR_NEXT_SERVER, runJobProcess, serverOwner } from "../jobs/child-process";
import { dispatchJob } from "../jobs/dispatch";
import { ownerProcessGone, parseOwner } from "../jobs/owner";
import { jobKind, registerJobKind } from "../jobs/registry";
import { getStore } from "../store";
import { logger } from "../util/log";
import { EmbeddingCache } from "./embedding-cache";
import type { Embedder } from "./index-decisions";
import type { JobContext } from "./run-job";

/**
 * Ingestion jobs started by the server (uploads, re-index, resumes) run one at a time (two cores: a
 * second job would only slow the first), each in a child process (lib/jobs/child-process.ts) so the
 * server's event loop stays free. Their state lives in the database: on SQLite, after a restart
 * `resumeUnfinishedJobs` picks up what the previous server was doing; on PostgreSQL the queue
 * (lib/jobs/pg-queue.ts) hands a run whose instance died to another one. Enrichment jobs share the
 * table and this runner; their kind is registered by lib/enrich/enrich-jobs.ts.
 */

let cache: EmbeddingCache | undefined;

/** The embedder for new ingestion, or undefined when no embeddings endpoint is configured. */
export function defaultEmbedder(): Embedder | undefined {
  const settings = env();
  if (!settings.EMBEDDINGS_BASE_URL || !settings.EMBEDDINGS_MODEL) return undefined;
  cache ??= new EmbeddingCache(join(settings.DATA_DIR, "embedding-cache.db"));
  const dims = settings.EMBEDDINGS_DIMENSIONS ?? "native";
  return {
    model: `${settings.EMBEDDINGS_MODEL}@${dims}`,
    cache,
    embed: (texts, signal) => embedTexts(texts, { signal }),
  };
}

/** What the CLI and the job child run a job with. */
export async function defaultJobContext(): Promise<JobContext> {
  const settings = env();
  return {
    store: await getStore(),
    embedder: defaultEmbedder(),
    chunkSize: settings.CHUNK_SIZE,
    chunkOverlap: settings.CHUNK_OVERLAP,
    dataDir: filesDir(settings),
  };
}

// On globalThis: Next.js may load this module in more than one bundle of the same process, and a
// listener registered at start-up must be heard by the bundle that runs the job.
const holder = globalThis as unknown as { __jobDoneListeners?: Map<string, (corpusId: string) => Promise<unknown>> };
holder.__jobDoneListeners ??= new Map();
const doneListeners = holder.__jobDoneListeners;

/**
 * Called after a job of the table (an import, a re-index, an enrichment) ended done on this server:
 * lib/enrich brings an enriched corpus's side indexes up to date. A second call under `name` replaces it.
 */
export function onJobDone(name: string, listener: (corpusId: string) => Promise<unknown>): void {
  doneListeners.set(name, listener);
}

/** Runs a queued job of the table in a child process (the `run` of the ingestion and enrichment kinds). */
export async function runQueuedJob(id: string): Promise<void> {
  const job = await getJob(id);
  // Cancelled while it waited, or deleted with its corpus.
  if (job?.status !== "queued") return;
  const result = await runJobProcess(job.kind === "enrich" ? "enrich" : "ingest", id, {
    watch: async () => {
      const now = await getJob(id);
      if (!now || (now.status !== "queued" && now.status !== "running")) return "gone";
      if (now.status === "running" && now.owner !== serverOwner()) return "gone";
      return now.cancelRequested ? "cancel" : "running";
    },
  });
  await afterProcess(id, result);
  if ((await getJob(id))?.status === "done") {
    for (const listener of doneListeners.values()) await listener(job.corpusId);
  }
}

/** A child that exited without ending its job leaves it interrupted (or cancelled, if asked): never running. */
async function afterProcess(id: string, result: JobProcessResult): Promise<void> {
  const job = await getJob(id);
  if (!job) return;
  const ours = job.status === "queued" || (job.status === "running" && job.owner === serverOwner());
  if (!ours) return;
  if (result.code === LEFT_FOR_NEXT_SERVER && job.status === "running" && !job.cancelRequested) {
    // The server is stopping (the child got its Ctrl+C or SIGTERM): the next start resumes the job.
    return;
  }
  if (job.cancelRequested) {
    await closeJob(job, [job.status], { status: "cancelled", message: CANCELLED_MESSAGE });
    return;
  }
  const how = result.error
    ? "시작되지 못했습니다"
    : `예기치 않게 끝났습니다 (${result.signal ?? `종료 코드 ${result.code}`})`;
  logger("ingest").error({ err: result.error }, `job ${id}: its process ${how}`);
  await closeJob(job, [job.status], {
    status: "interrupted",
    message: `색인 프로세스가 ${how}. 이어서 하거나 취소할 수 있습니다. 그때까지 색인된 문서는 유지됩니다.`,
  });
}

/** The job row functions both kinds share (ingestion and enrichment jobs live in one table). */
export function jobRowAccess(kinds: JobKind[]) {
  return {
    read: getJob,
    requeue: (id: string, from: string[]) => requeueJob(id, from as JobStatus[]),
    interrupt: (row: { status: string }, message: string) =>
      closeJob(row as JobRecord, [row.status as JobStatus], { status: "interrupted", message }),
    setQueueJobId: setJobQueueJobId,
    listOpen: () => listQueueOpenJobs(kinds),
  };
}

export const ingestJobKind = registerJobKind({
  name: "ingest",
  run: runQueuedJob,
  async execute(id, owner) {
    const { runIngestionJob } = await import("./run-job");
    const ctx = await defaultJobContext();
    try {
      const job = await runIngestionJob(id, { ...ctx, owner });
      return job.status === "done" || job.status === "failed" || job.status === "cancelled";
    } finally {
      await ctx.store.close();
    }
  },
  ...jobRowAccess(INGEST_KINDS),
  // The table's jobs, enrichment's included: one resume and one sweep for both kinds.
  async resumeAtStart() {
    const count = await resumeUnfinishedJobs();
    if (count > 0) logger("ingest").info(`${count}개의 색인 작업을 이어서 진행합니다.`);
  },
  sweepStale: () => sweepStaleJobs(),
});

/**
 * Queues a job to run in the background (this server's queue, or PostgreSQL's); returns at once.
 * An enrichment job (resumed from the table) goes to the enrichment kind's queue, registered at
 * start-up by lib/enrich.
 */
export function enqueueJob(jobId: string, kind?: JobKind): void {
  const spec = kind === "enrich" ? jobKind("enrich") : ingestJobKind;
  if (!spec) throw new Error("the enrich job kind is not registered (lib/startup/job-kinds.ts loads it)");
  dispatchJob(spec, jobId);
}

let resumed = false;

const INTERRUPTED_BY_CLI =
  "명령줄 가져오기가 응답하지 않아 중단되었습니다. 이어서 하거나 취소할 수 있습니다. 그때까지 색인된 문서는 유지됩니다.";

/**
 * Called once at server start (instrumentation.ts). Jobs of a previous server (and jobs queued for
 * the server) resume; a CLI job whose process still beats is left alone; one that stopped beating
 * is interrupted, for an admin to resume or cancel. A killed server's job child may still beat for
 * a moment: a `server:` owner whose process is gone from this host counts as stale.
 */
export async function resumeUnfinishedJobs(): Promise<number> {
  if (resumed) return 0;
  resumed = true;
  let count = 0;
  for (const job of await listUnfinishedJobs()) {
    const owner = parseOwner(job.owner);
    if (owner?.kind === "cli") {
      if (isStale(job)) await closeJob(job, [job.status], { status: "interrupted", message: INTERRUPTED_BY_CLI });
      continue;
    }
    const liveElsewhere =
      owner?.kind === "server" && job.owner !== serverOwner() && !isStale(job) && !ownerProcessGone(job.owner);
    if (liveElsewhere) continue;
    if (await requeueJob(job.id, [job.status])) {
      enqueueJob(job.id, job.kind);
      count += 1;
    }
  }
  return count;
}
