import { createSerialQueue } from "./serial-queue";

/**
 * The kinds of background job (ingestion, enrichment, evaluation) and how one is queued. A kind is
 * one `registerJobKind` call in its own folder's module (lib/ingest/job-queue.ts,
 * lib/enrich/enrich-jobs.ts, lib/eval/eval-jobs.ts; loaded at start-up by lib/startup/job-kinds.ts):
 * the rest — SQLite's in-process queue, PostgreSQL's pg-boss queue, the job child process, crash
 * recovery — is the same for every kind, and nothing in lib/jobs imports a kind.
 */

/** What the queue needs to read of a job row. */
export interface QueuedRow {
  id: string;
  status: string;
  owner: string | null;
  heartbeatAt: Date | null;
  updatedAt: Date;
  queueJobId: string | null;
}

export interface JobKind {
  /** The pg-boss queue name, the job runner's first argument. */
  name: string;
  /**
   * Runs one queued job to an end on this instance (in a child process, lib/jobs/child-process.ts) and
   * resolves when that process has exited. Does nothing when the job is no longer queued.
   */
  run(id: string): Promise<void>;
  /** The job child's side (scripts/job-runner.ts): runs it here; true when it reached an end of its own. */
  execute(id: string, owner: string): Promise<boolean>;
  read(id: string): Promise<QueuedRow | null>;
  /** Back to queued from one of `from` (an interrupted job resumed); false when it was not in them. */
  requeue(id: string, from: string[]): Promise<boolean>;
  /** Ends a run nobody is finishing as interrupted, if the row is unchanged since it was read. */
  interrupt(row: QueuedRow, message: string): Promise<boolean>;
  setQueueJobId(id: string, queueJobId: string): Promise<void>;
  /** Rows the PostgreSQL queue looks after: not ended (queued, running, interrupted), touched within a day. */
  listOpen(): Promise<QueuedRow[]>;
  /**
   * SQLite, at server start: resumes the runs the previous server left (its log line included).
   * Kinds that share a table leave it to the one that resumes the table.
   */
  resumeAtStart?(): Promise<void>;
  /** Interrupts runs whose process stopped beating (the sweeper's timer); once per table, like resumeAtStart. */
  sweepStale?(): Promise<unknown[]>;
}

// On globalThis: Next.js may load this module in more than one bundle of the same process, and a
// kind registered at start-up (instrumentation.ts) must be found by the bundle that queues a run of
// it (the admin page resuming an interrupted enrichment job).
const holder = globalThis as unknown as { __jobKinds?: Map<string, JobKind> };
holder.__jobKinds ??= new Map();
const kinds = holder.__jobKinds;
const serialQueues = new Map<string, { enqueue: (id: string) => void }>();

export function registerJobKind(kind: JobKind): JobKind {
  kinds.set(kind.name, kind);
  return kind;
}

export function jobKinds(): JobKind[] {
  return [...kinds.values()];
}

export function jobKind(name: string): JobKind | undefined {
  return kinds.get(name);
}

/** SQLite: this process's queue of the kind (one job at a time; state in the database). */
export function serialQueueOf(kind: JobKind): { enqueue: (id: string) => void } {
  let queue = serialQueues.get(kind.name);
  if (!queue) {
    queue = createSerialQueue((id) => kind.run(id));
    serialQueues.set(kind.name, queue);
  }
  return queue;
}
