import { dbProvider } from "../db/client";
import { logError } from "../errors";
import { type JobKind, serialQueueOf } from "./registry";

/**
 * Queues a run of a job and returns at once. SQLite: this server's in-process queue (one job of a
 * kind at a time, each in a child process). PostgreSQL: pg-boss, where whichever instance's worker
 * polls first takes it (lib/jobs/pg-queue.ts); a failed send is retried by the queue upkeep.
 */
export function dispatchJob(kind: JobKind, id: string): void {
  if (dbProvider() === "sqlite") {
    serialQueueOf(kind).enqueue(id);
    return;
  }
  void import("./pg-queue").then(({ sendToQueue }) => sendToQueue(kind, id)).catch(logError);
}
