import { dbProvider } from "../db/client";
import { type JobKind, jobKind, jobKinds } from "../jobs/registry";
import { addPeriodicSweep } from "../jobs/sweeper";

/**
 * Start-up wiring of the job system: every job kind, registered by importing its own folder's
 * module (each calls registerJobKind), and the other work the stale sweeper looks after. lib/jobs
 * imports none of them; instrumentation.ts, scripts/job-worker.ts and scripts/job-runner.ts call
 * this first. A new kind of job is its module's registration plus one line here; the queues, the
 * job runner and crash recovery then handle it like the others.
 */
export async function loadJobKinds(): Promise<JobKind[]> {
  // One after the other: the order of registration is the order kinds resume at start.
  await import("../ingest/job-queue");
  await import("../enrich/enrich-jobs");
  await import("../eval/eval-jobs");
  // Answers whose server died (another instance, on PostgreSQL) stop showing as running, too; on
  // SQLite every streaming answer is this process's (the rest were closed at start).
  addPeriodicSweep("chat-answers", async () => {
    if (dbProvider() !== "postgresql") return 0;
    const { closeStaleAnswers } = await import("../chat/answer-liveness");
    return closeStaleAnswers();
  });
  return jobKinds();
}

export async function loadJobKind(name: string): Promise<JobKind | undefined> {
  await loadJobKinds();
  return jobKind(name);
}
