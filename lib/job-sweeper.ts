import { closeStaleAnswers } from "./chat/answer-liveness";
import { sweepStaleEvalJobs } from "./db/eval-jobs";
import { sweepStaleJobs } from "./db/jobs";
import { env } from "./env";
import { logError } from "./errors";

/**
 * The server interrupts jobs whose process stopped beating (a killed CLI import, a wedged job
 * child) every JOB_HEARTBEAT_SECONDS, so a corpus is usable again within JOB_STALE_SECONDS even if
 * nobody opens a page. Checks that refuse because of an active job sweep first as well.
 */
let timer: ReturnType<typeof setInterval> | undefined;

export async function sweepAllStaleJobs(): Promise<number> {
  const [ingest, evals] = await Promise.all([sweepStaleJobs(), sweepStaleEvalJobs()]);
  return ingest.length + evals.length;
}

export function startStaleJobSweeper(): void {
  if (timer) return;
  timer = setInterval(() => {
    sweepAllStaleJobs().catch(logError);
    // Answers whose server died (another instance, on PostgreSQL) stop showing as running.
    closeStaleAnswers().catch(logError);
  }, env().JOB_HEARTBEAT_SECONDS * 1000);
  timer.unref();
}
