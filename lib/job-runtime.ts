import { logError } from "./errors";
import { yieldIfBusy } from "./time-slice";

/**
 * What a process running a job (a server's job child, the CLI) does besides the work: it beats
 * (writes a heartbeat on the job row every few seconds, so a killed process is noticed), and at
 * every checkpoint it gives the event loop its turn and stops if the job was cancelled, taken away
 * from it, or its process is asked to stop.
 */

export type StopReason = "cancelled" | "lost" | "shutdown";

export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`job stopped: ${reason}`);
    this.name = "JobStopped";
  }
}

let shutdownRequested = false;

/**
 * Asks every job of this process to stop at its next checkpoint, leaving it as it is (a job child
 * whose server went away: the next server resumes the job; the CLI on Ctrl+C marks it interrupted).
 */
export function requestProcessStop(): void {
  shutdownRequested = true;
}

export function processStopRequested(): boolean {
  return shutdownRequested;
}

/** How often a running job looks at its cancel flag (a cheap read; ~1 s reaction asked). */
const CANCEL_CHECK_MS = 250;

export interface JobRuntime {
  /** Yields when the slice is used up; throws JobStopped when the job must stop. */
  checkpoint(): Promise<void>;
  /** Marks the job as taken away (a write found it no longer ours). */
  lose(): void;
  stop(): void;
}

export function startJobRuntime(options: {
  /** Writes the heartbeat; false when the job is no longer this process's. */
  beat: () => Promise<boolean>;
  cancelRequested: () => Promise<boolean>;
  heartbeatMs: number;
}): JobRuntime {
  let lost = false;
  let lastCancelCheck = 0;
  let beating = false;
  const timer = setInterval(async () => {
    if (beating || lost) return;
    beating = true;
    try {
      if (!(await options.beat())) lost = true;
    } catch (error) {
      // A busy database now and then must not stop the job; a missed beat is only a late one.
      logError(error);
    } finally {
      beating = false;
    }
  }, options.heartbeatMs);
  // Never keeps a process alive on its own.
  timer.unref();
  return {
    async checkpoint() {
      await yieldIfBusy();
      if (lost) throw new JobStopped("lost");
      if (shutdownRequested) throw new JobStopped("shutdown");
      const now = performance.now();
      if (now - lastCancelCheck >= CANCEL_CHECK_MS) {
        lastCancelCheck = now;
        if (await options.cancelRequested()) throw new JobStopped("cancelled");
      }
    },
    lose() {
      lost = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
