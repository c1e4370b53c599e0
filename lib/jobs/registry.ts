import { createSerialQueue } from "../serial-queue";

/**
 * The kinds of background job (ingestion, evaluation; enrichment next) and how one is queued.
 * A kind is one `registerJobKind` call in its module (listed in lib/jobs/kinds.ts): the rest —
 * SQLite's in-process queue, PostgreSQL's pg-boss queue, the job child process, crash recovery —
 * is the same for every kind.
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
   * Runs one queued job to an end on this instance (in a child process, lib/job-process.ts) and
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
}

const kinds = new Map<string, JobKind>();
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
