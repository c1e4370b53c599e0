import { env } from "../env";

/**
 * Whether a job's process is still alive, read from the heartbeat on its row (lib/jobs/runtime.ts
 * writes it): the same test for the ingestion and enrichment jobs (jobs.ts, whose sweep interrupts
 * the ones whose process is gone) and the evaluation jobs (eval-jobs.ts).
 */

/** Older than this, a heartbeat means its process is gone. */
export function staleBefore(now = Date.now()): Date {
  return new Date(now - env().JOB_STALE_SECONDS * 1000);
}

/**
 * The where-clause of a job row whose process stopped beating before `cutoff` (or, for a row that
 * never beat, was last written before it): the job sweep (imports, enrichment) and the evaluation one.
 */
export function silentSince(cutoff: Date) {
  return [{ heartbeatAt: { lt: cutoff } }, { heartbeatAt: null, updatedAt: { lt: cutoff } }];
}

export function isStale(job: { heartbeatAt: Date | null; updatedAt: Date }, now = Date.now()): boolean {
  return (job.heartbeatAt ?? job.updatedAt).getTime() < staleBefore(now).getTime();
}
