import { dbProvider } from "../db/client";
import { env } from "../env";
import { logError } from "../errors";
import { jobKinds } from "./registry";

/**
 * The server interrupts jobs whose process stopped beating (a killed CLI import, a wedged job
 * child) every JOB_HEARTBEAT_SECONDS, so a corpus is usable again within JOB_STALE_SECONDS even if
 * nobody opens a page. Checks that refuse because of an active job sweep first as well. On
 * PostgreSQL every instance does this, and then the queue's upkeep hands interrupted runs whose
 * worker died back to pg-boss (lib/jobs/pg-queue.ts). Each job kind sweeps its own rows
 * (JobKind.sweepStale); other work that beats the same way joins through addPeriodicSweep.
 */
let timer: ReturnType<typeof setInterval> | undefined;

// Registered at start-up (lib/startup/job-kinds.ts): lib/jobs knows none of the work it sweeps.
const periodicSweeps = new Map<string, () => Promise<unknown>>();

/** Runs `sweep` on every tick of the sweeper (not in sweepAllStaleJobs); a second call under `name` replaces it. */
export function addPeriodicSweep(name: string, sweep: () => Promise<unknown>): void {
  periodicSweeps.set(name, sweep);
}

export async function sweepAllStaleJobs(): Promise<number> {
  const swept = await Promise.all(jobKinds().map((kind) => kind.sweepStale?.() ?? []));
  let count = swept.reduce((sum, rows) => sum + rows.length, 0);
  if (dbProvider() === "postgresql") {
    const { maintainQueue } = await import("./pg-queue");
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
    Promise.all([sweepAllStaleJobs(), ...[...periodicSweeps.values()].map((sweep) => sweep())])
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
