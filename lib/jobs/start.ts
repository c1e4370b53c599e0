import { dbProvider } from "../db/client";
import { logError } from "../errors";
import { logger } from "../util/log";
import { serverOwner } from "./child-process";
import { ownerProcessGone, parseOwner } from "./owner";
import { jobKinds } from "./registry";
import { startStaleJobSweeper, sweepAllStaleJobs } from "./sweeper";

/**
 * What a starting server (instrumentation.ts) or a job worker (scripts/job-worker.ts) does about
 * background jobs, once the job kinds are registered (lib/startup/job-kinds.ts). SQLite: jobs of
 * the previous server resume in this process's queue. PostgreSQL: this instance starts a pg-boss
 * worker per job kind and joins the upkeep every instance does (stale sweep, queue maintenance);
 * runs left by a dead process of this host are handed back to the queue at once instead of after
 * the stale limit.
 */
export async function startJobs(): Promise<void> {
  const kinds = jobKinds();
  if (dbProvider() === "sqlite") {
    for (const kind of kinds) await kind.resumeAtStart?.();
  } else {
    for (const kind of kinds) {
      for (const row of await kind.listOpen()) {
        const owner = parseOwner(row.owner);
        if (row.status !== "running" || owner?.kind !== "server" || row.owner === serverOwner()) continue;
        if (!ownerProcessGone(row.owner)) continue;
        await kind.interrupt(row, "이 호스트에서 작업하던 프로세스가 끝나 다시 대기열에 넣었습니다.").catch(logError);
      }
    }
    const { startQueueWorkers } = await import("./pg-queue");
    await startQueueWorkers();
    logger("jobs").info(`PostgreSQL 작업 대기열(pg-boss) 작업자: ${kinds.map((k) => k.name).join(", ")}`);
  }
  // From now on, jobs whose process stopped beating are interrupted within JOB_STALE_SECONDS
  // (on PostgreSQL, then handed to another worker by the queue).
  await sweepAllStaleJobs();
  startStaleJobSweeper();
}

/** A job worker's shutdown (PostgreSQL): its workers stop; a run in progress is resumed elsewhere. */
export async function stopJobs(): Promise<void> {
  if (dbProvider() === "sqlite") return;
  const { stopQueue } = await import("./pg-queue");
  await stopQueue();
}
