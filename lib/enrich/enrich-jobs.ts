import { getCorpusEnrichment, lastIngestStart } from "../db/corpus-enrichment";
import type { JobRecord } from "../db/jobs";
import { toAppError } from "../errors";
import { jobRowAccess, onJobDone, runQueuedJob } from "../ingest/job-queue";
import { dispatchJob } from "../jobs/dispatch";
import { registerJobKind } from "../jobs/registry";
import { logger } from "../util/log";
import { startEnrichment } from "./enrich-control";

/**
 * The enrichment job kind. An enrichment job is a row of the ingestion jobs' table (kind "enrich"),
 * run by the same runner (lib/ingest/job-queue.ts) in a child process (scripts/job-runner.ts enrich
 * <id>), registered here with lib/jobs at start-up (lib/startup/job-kinds.ts) — and brought up to
 * date after every import of an enriched corpus.
 */

// Enrichment jobs wait on model servers for hours: a kind (a queue) of their own, so imports never wait on them.
export const enrichJobKind = registerJobKind({
  name: "enrich",
  run: runQueuedJob,
  async execute(id, owner) {
    const { runEnrichmentJobById } = await import("./run-by-id");
    const job = await runEnrichmentJobById(id, owner);
    return job.status === "done" || job.status === "failed" || job.status === "cancelled";
  },
  ...jobRowAccess(["enrich"]),
});

/** Starts a job in this server's background (a child process); returns at once. */
export async function queueEnrichment(input: Parameters<typeof startEnrichment>[0]) {
  const started = await startEnrichment({ ...input, owner: undefined });
  dispatchJob(enrichJobKind, started.job.id);
  return started;
}

/**
 * After an import or re-index of the corpus finished: each kind the corpus was enriched with whose
 * side index predates the import is brought up to date by a new job (only what changed costs a
 * model call; the rest is in the cache — a re-index keeps its contexts). One kind at a time (one
 * job per corpus): the next is started when that job ends.
 */
export async function syncEnrichment(corpusId: string): Promise<JobRecord | undefined> {
  const state = await getCorpusEnrichment(corpusId);
  const imported = await lastIngestStart(corpusId);
  if (!imported) return undefined;
  for (const kind of ["context", "atoms"] as const) {
    const synced = kind === "context" ? state.contextSyncedAt : state.atomsSyncedAt;
    if (!synced || synced >= imported) continue;
    try {
      const { job } = await queueEnrichment({ corpusId, kind });
      return job;
    } catch (error) {
      // Busy (another job), or no LLM any more: the admin page shows the index as out of date.
      logger("enrich").warn(
        `corpus ${corpusId}: could not bring the ${kind} index up to date: ${toAppError(error).message}`,
      );
      return undefined;
    }
  }
  return undefined;
}

// An enriched corpus whose chunks just changed: its side indexes are brought up to date.
onJobDone("enrich-sync", (corpusId) =>
  syncEnrichment(corpusId).catch((error) => logger("enrich").error({ err: error }, "sync")),
);
