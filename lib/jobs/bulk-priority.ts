import { getPriority, setPriority } from "node:os";

/**
 * Bulk work started from the shell (an import, an enrichment) takes only the CPU that lawyers'
 * requests leave, as the server's own job children do (lib/jobs/child-process.ts sets them to nice 10).
 * Called first thing: on Linux the niceness is the calling thread's, and the threads the process
 * starts later (libuv's pool, workers) inherit it. Nothing to undo: on an idle machine nice 10
 * runs as fast as nice 0. Where it is not permitted, the work runs at normal priority.
 */
export function lowerOwnPriority(): void {
  try {
    // Only ever lower the priority (a process started at nice 15 stays there).
    if (getPriority() < 10) setPriority(10);
  } catch {
    // Not permitted here: normal priority.
  }
}
