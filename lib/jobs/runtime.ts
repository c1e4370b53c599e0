import { logError } from "../errors";
import { yieldIfBusy } from "./time-slice";

/**
 * What a process running a job (a server's job child, the CLI) does besides the work: it beats
 * (writes a heartbeat on the job row every few seconds, so a killed process is noticed), and at
 * every checkpoint it gives the event loop its turn and stops if the job was cancelled, taken away
 * from it, or its process is asked to stop. A request in flight (embeddings) is aborted through
 * `signal` as soon as that is known, so a slow model server does not delay a cancel.
 */

export type StopReason = "cancelled" | "lost" | "shutdown";

export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`job stopped: ${reason}`);
    this.name = "JobStopped";
  }
}

const stopListeners = new Set<() => void>();
let shutdownRequested = false;

/**
 * Asks every job of this process to stop at its next checkpoint, leaving it as it is (a job child
 * whose server went away: the next server resumes the job; the CLI on Ctrl+C marks it interrupted).
 */
export function requestProcessStop(): void {
  shutdownRequested = true;
  for (const listener of stopListeners) listener();
}

export function processStopRequested(): boolean {
  return shutdownRequested;
}

/** How often a running job looks at its cancel flag (a cheap read; ~1 s reaction asked). */
const CANCEL_CHECK_MS = 250;
/** The same look from a timer, for when the job waits on a request rather than reaching a checkpoint. */
const CANCEL_POLL_MS = 1000;

export interface JobRuntime {
  /** Yields when the slice is used up; throws JobStopped when the job must stop. */
  checkpoint(): Promise<void>;
  /** Aborted when the job must stop (hand it to requests that may take long). */
  readonly signal: AbortSignal;
  /** Why the job must stop, once known (an aborted request then means JobStopped). */
  stopReason(): StopReason | undefined;
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
  const controller = new AbortController();
  let reason: StopReason | undefined;
  const halt = (why: StopReason) => {
    reason ??= why;
    controller.abort(new JobStopped(reason));
  };
  const onShutdown = () => halt("shutdown");
  stopListeners.add(onShutdown);
  if (shutdownRequested) halt("shutdown");

  let beating = false;
  const heartbeat = setInterval(async () => {
    if (beating || reason) return;
    beating = true;
    try {
      if (!(await options.beat())) halt("lost");
    } catch (error) {
      // A busy database now and then must not stop the job; a missed beat is only a late one.
      logError(error);
    } finally {
      beating = false;
    }
  }, options.heartbeatMs);
  let polling = false;
  const cancelPoll = setInterval(async () => {
    if (polling || reason) return;
    polling = true;
    try {
      if (await options.cancelRequested()) halt("cancelled");
    } catch (error) {
      logError(error);
    } finally {
      polling = false;
    }
  }, CANCEL_POLL_MS);
  // Never keep a process alive on their own.
  heartbeat.unref();
  cancelPoll.unref();

  let lastCancelCheck = 0;
  return {
    signal: controller.signal,
    stopReason: () => reason,
    async checkpoint() {
      await yieldIfBusy();
      if (reason) throw new JobStopped(reason);
      const now = performance.now();
      if (now - lastCancelCheck >= CANCEL_CHECK_MS) {
        lastCancelCheck = now;
        if (await options.cancelRequested()) {
          halt("cancelled");
          throw new JobStopped("cancelled");
        }
      }
    },
    lose() {
      halt("lost");
    },
    stop() {
      clearInterval(heartbeat);
      clearInterval(cancelPoll);
      stopListeners.delete(onShutdown);
    },
  };
}
