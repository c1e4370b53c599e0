import { closeStaleAnswers } from "./chat/answer-liveness";
import { dbProvider } from "./db/client";
import { sweepStaleEvalJobs } from "./db/eval-jobs";
import { sweepStaleJobs } from "./db/jobs";
import { env } from "./env";
import { logError } from "./errors";

/**
 * The server interrupts jobs whose process stopped beating (a killed CLI import, a wedged job
 * child) every JOB_HEARTBEAT_SECONDS, so a corpus is usable again within JOB_STALE_SECONDS even if
 * nobody opens a page. Checks that refuse because of an active job sweep first as well. On
 * PostgreSQL every instance does this, and then the queue's upkeep hands interrupted runs whose
 * worker died back to pg-boss (lib/jobs/pg-queue.ts).
 */
let timer: ReturnType<typeof setInterval> | undefined;

export async function sweepAllStaleJobs(): Promise<number> {
  const [ingest, evals] = await Promise.all([sweepStaleJobs(), sweepStaleEvalJobs()]);
  let count = ingest.length + evals.length;
  if (dbProvider() === "postgresql") {
    const { maintainQueue } = await import("./jobs/pg-queue");
    count += await maintainQueue();
  }
  return count;
}

export function startStaleJobSweeper(): void {
  if (timer) return;
  let sweeping = false;
  timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    // Answers whose server died (another instance, on PostgreSQL) stop showing as running, too; on
    // SQLite every streaming answer is this process's (the rest were closed at start).
    Promise.all([sweepAllStaleJobs(), dbProvider() === "postgresql" ? closeStaleAnswers() : 0])
      .catch(logError)
      .finally(() => {
        sweeping = false;
      });
  }, env().JOB_HEARTBEAT_SECONDS * 1000);
  timer.unref();
}

export function stopStaleJobSweeper(): void {
  clearInterval(timer);
  timer = undefined;
}
