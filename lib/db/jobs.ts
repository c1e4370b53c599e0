import { filesDir } from "../env";
import { AppError } from "../errors";
import { logger } from "../util/log";
import { type Db, db } from "./client";
import { refreshCorpusCounts, setCorpusState } from "./corpora";
import { claimableBy, claimedBy, queueOpen, requeued } from "./job-claim";
import { silentSince, staleBefore } from "./job-liveness";
import { removeJobUploads } from "./job-uploads";

export const ACTIVE_JOB_STATES = ["queued", "running"] as const;
export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled" | "interrupted";
/** "enrich": an enrichment job (lib/enrich), its own state in EnrichmentJob. */
export type JobKind = "upload" | "cli" | "reindex" | "enrich";

/** The jobs that read files into the corpus (the upload panel's). */
export const INGEST_KINDS: JobKind[] = ["upload", "cli", "reindex"];

export interface JobError {
  file: string;
  code: string;
  message: string;
}

export interface JobCounts {
  seen: number;
  parsed: number;
  chunked: number;
  embedded: number;
  indexed: number;
  failed: number;
  unchanged: number;
  filesTotal: number;
  filesDone: number;
}

export interface JobRecord extends JobCounts {
  id: string;
  corpusId: string;
  status: JobStatus;
  kind: JobKind;
  inputDir: string | null;
  force: boolean;
  errors: JobError[];
  message: string | null;
  cancelRequested: boolean;
  owner: string | null;
  heartbeatAt: Date | null;
  queueJobId: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type JobRow = Omit<JobRecord, "status" | "kind" | "errors"> & { status: string; kind: string; errors: string };

function toJobRecord(row: JobRow): JobRecord {
  let errors: JobError[] = [];
  try {
    errors = JSON.parse(row.errors) as JobError[];
  } catch {
    // A damaged error list must not hide the job itself.
  }
  return { ...row, status: row.status as JobStatus, kind: row.kind as JobKind, errors };
}

export const INTERRUPTED_MESSAGE =
  "작업하던 프로세스가 응답하지 않아 중단되었습니다. 이어서 하거나 취소할 수 있습니다. 그때까지 색인된 문서는 유지됩니다.";

export const CANCELLED_MESSAGE = "사용자가 작업을 취소했습니다. 취소 전까지 색인된 문서는 유지됩니다.";

/**
 * One job per corpus at a time: refuses while another is queued or running. A job whose process
 * died is swept first, so a killed import never locks its corpus beyond JOB_STALE_SECONDS. A job
 * created with an `owner` (the CLI, which runs it at once) starts beating now.
 */
export async function createJob(
  input: { corpusId: string; kind: JobKind; inputDir?: string; force?: boolean; owner?: string },
  client: Db = db(),
): Promise<JobRecord> {
  await sweepStaleJobs({ client });
  // Insert, then look for another active job: two plain statements rather than a read-then-write
  // transaction, which can deadlock with another process's write on SQLite. Of two racing creates
  // at least one withdraws; never two run.
  const data = { ...input, ...(input.owner ? { heartbeatAt: new Date() } : {}) };
  const created = await client.ingestionJob.create({ data });
  const other = await client.ingestionJob.findFirst({
    where: { corpusId: input.corpusId, id: { not: created.id }, status: { in: [...ACTIVE_JOB_STATES] } },
  });
  if (other) {
    await client.ingestionJob.delete({ where: { id: created.id } });
    throw new AppError("ingest:busy");
  }
  return toJobRecord(created);
}

export async function getJob(id: string, client: Db = db()): Promise<JobRecord | null> {
  const row = await client.ingestionJob.findUnique({ where: { id } });
  return row ? toJobRecord(row) : null;
}

export async function listJobs(
  corpusId: string,
  take = 10,
  client: Db = db(),
  kinds?: JobKind[],
): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({
    where: { corpusId, ...(kinds ? { kind: { in: kinds } } : {}) },
    orderBy: { createdAt: "desc" },
    take,
  });
  return rows.map(toJobRecord);
}

export async function listInterruptedJobs(
  corpusId: string,
  client: Db = db(),
  kinds?: JobKind[],
): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({
    where: { corpusId, status: "interrupted", ...(kinds ? { kind: { in: kinds } } : {}) },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(toJobRecord);
}

/** The corpus's queued or running job, after sweeping dead ones. */
export async function activeJob(corpusId: string, client: Db = db()): Promise<JobRecord | null> {
  await sweepStaleJobs({ client });
  const row = await client.ingestionJob.findFirst({
    where: { corpusId, status: { in: [...ACTIVE_JOB_STATES] } },
    orderBy: { createdAt: "desc" },
  });
  return row ? toJobRecord(row) : null;
}

/** Jobs left queued or running (what a starting server sorts into resume / leave / interrupt). */
export async function listUnfinishedJobs(client: Db = db()): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({
    where: { status: { in: [...ACTIVE_JOB_STATES] } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toJobRecord);
}

type JobUpdate = Partial<JobCounts> & {
  status?: JobStatus;
  inputDir?: string;
  message?: string | null;
  errors?: JobError[];
  startedAt?: Date;
  finishedAt?: Date;
};

function toData(data: JobUpdate) {
  const { errors, ...rest } = data;
  return { ...rest, ...(errors ? { errors: JSON.stringify(errors) } : {}) };
}

export async function updateJob(id: string, data: JobUpdate, client: Db = db()): Promise<void> {
  await client.ingestionJob.update({ where: { id }, data: toData(data) });
}

/**
 * A write by the process running the job: applied only while it still owns the running job (a
 * job interrupted or cancelled behind its back is not overwritten). False: the job is not ours.
 */
export async function updateOwnedJob(id: string, owner: string, data: JobUpdate, client: Db = db()): Promise<boolean> {
  const { count } = await client.ingestionJob.updateMany({
    where: { id, owner, status: "running" },
    data: toData(data),
  });
  return count === 1;
}

/**
 * Takes a job to run it: a queued job, an interrupted one (resume), or a running one this owner
 * already holds. Refused while another job of the corpus is active (resuming must not make two).
 */
export async function claimJob(id: string, owner: string, client: Db = db()): Promise<JobRecord> {
  await sweepStaleJobs({ client });
  const job = await client.ingestionJob.findUnique({ where: { id } });
  if (!job) throw new AppError("not_found:resource", { detail: `job ${id}` });
  // One conditional UPDATE rather than a read-then-write transaction: a deferred SQLite transaction
  // that must upgrade its lock can deadlock with another process's write.
  const { count } = await client.ingestionJob.updateMany({
    where: {
      id,
      OR: claimableBy(owner),
      corpus: { jobs: { none: { id: { not: id }, status: { in: [...ACTIVE_JOB_STATES] } } } },
    },
    data: claimedBy(owner, job.startedAt),
  });
  if (count === 1) return (await getJob(id, client)) as JobRecord;
  const current = await getJob(id, client);
  throw new AppError("ingest:busy", {
    userMessage:
      current?.status === "queued" || current?.status === "interrupted"
        ? undefined
        : `이 작업은 지금 실행할 수 없습니다 (상태: ${current?.status ?? "없음"}).`,
    detail: `job ${id} is ${current?.status}, owner ${current?.owner}`,
  });
}

/** The owner's sign of life. False: the job was taken away (interrupted, cancelled): stop. */
export async function beatJob(id: string, owner: string, client: Db = db()): Promise<boolean> {
  const { count } = await client.ingestionJob.updateMany({
    where: { id, owner, status: "running" },
    data: { heartbeatAt: new Date() },
  });
  return count === 1;
}

export async function requestJobCancel(id: string, client: Db = db()): Promise<void> {
  await client.ingestionJob.updateMany({
    where: { id, status: { in: [...ACTIVE_JOB_STATES] } },
    data: { cancelRequested: true },
  });
}

export async function isCancelRequested(id: string, client: Db = db()): Promise<boolean> {
  const row = await client.ingestionJob.findUnique({ where: { id }, select: { cancelRequested: true } });
  return row?.cancelRequested ?? true;
}

/** Back to the queue of this server (resume from the UI, or a previous server's job at start). */
export async function requeueJob(id: string, fromStatuses: JobStatus[], client: Db = db()): Promise<boolean> {
  const { count } = await client.ingestionJob.updateMany({
    where: { id, status: { in: fromStatuses } },
    data: requeued(),
  });
  return count === 1;
}

/**
 * A failed job made resumable again: interrupted, as a job whose process died is, so the one who
 * resumes it claims it the same way (claimJob). False when it is not failed (any more).
 */
export async function reopenFailedJob(id: string, message: string, client: Db = db()): Promise<boolean> {
  const { count } = await client.ingestionJob.updateMany({
    where: { id, status: "failed" },
    data: { status: "interrupted", message, finishedAt: null, cancelRequested: false },
  });
  return count === 1;
}

/**
 * Ends a job that its own process did not end (interrupted, or cancelled while queued, interrupted
 * or dead), if it is still in `fromStatuses` with the same heartbeat, then puts the corpus back in
 * a usable state. A job that ends for good drops its upload folder; an interrupted one keeps it to
 * be resumed. False when something else changed the job first.
 */
export async function closeJob(
  job: Pick<JobRecord, "id" | "corpusId" | "heartbeatAt" | "inputDir">,
  fromStatuses: JobStatus[],
  to: { status: "interrupted" | "cancelled" | "failed"; message: string },
  client: Db = db(),
): Promise<boolean> {
  const { count } = await client.ingestionJob.updateMany({
    where: { id: job.id, status: { in: fromStatuses }, heartbeatAt: job.heartbeatAt },
    data: {
      status: to.status,
      message: to.message,
      cancelRequested: false,
      ...(to.status === "interrupted" ? {} : { finishedAt: new Date() }),
    },
  });
  if (count !== 1) return false;
  if (to.status !== "interrupted") removeJobUploads(job.inputDir, filesDir());
  await settleCorpus(job.corpusId, to.status === "failed", client);
  return true;
}

/** A corpus no job is writing to any more: counts from its documents, status from what it holds. */
export async function settleCorpus(corpusId: string, failed: boolean, client: Db = db()): Promise<void> {
  const corpus = await client.corpus.findUnique({ where: { id: corpusId }, select: { id: true } });
  if (!corpus) return;
  await refreshCorpusCounts(corpusId, client);
  const documents = await client.document.count({ where: { corpusId } });
  await setCorpusState(corpusId, { status: documents > 0 ? "ready" : failed ? "failed" : "empty" }, client);
}

/** PostgreSQL: the queue job (pg-boss) that carries the job's next run. */
export async function setJobQueueJobId(id: string, queueJobId: string, client: Db = db()): Promise<void> {
  await client.ingestionJob.updateMany({ where: { id }, data: { queueJobId } });
}

/** PostgreSQL: jobs not ended (queued, running, interrupted) and touched within a day. */
export async function listQueueOpenJobs(kinds?: JobKind[], client: Db = db()): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({
    where: { ...queueOpen(), ...(kinds ? { kind: { in: kinds } } : {}) },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toJobRecord);
}

/**
 * Interrupts jobs whose process stopped beating: running ones, and queued ones that a process
 * already holds (the CLI). Jobs queued in the server's memory have no owner and are left alone.
 * Called on a timer by the server and before every check that refuses because of an active job.
 */
export async function sweepStaleJobs(options: { client?: Db; now?: number } = {}): Promise<JobRecord[]> {
  const client = options.client ?? db();
  const cutoff = staleBefore(options.now);
  const silent = silentSince(cutoff);
  const rows = await client.ingestionJob.findMany({
    where: {
      OR: [
        { status: "running", OR: silent },
        { status: "queued", owner: { not: null }, OR: silent },
      ],
    },
  });
  const swept: JobRecord[] = [];
  for (const job of rows.map(toJobRecord)) {
    // A cancel asked of a process that then died is honoured now.
    const to = job.cancelRequested
      ? { status: "cancelled" as const, message: CANCELLED_MESSAGE }
      : { status: "interrupted" as const, message: INTERRUPTED_MESSAGE };
    if (await closeJob(job, [job.status], to, client)) {
      logger("ingest").warn(`job ${job.id} (${job.owner ?? "no owner"}) stopped beating: ${to.status}`);
      swept.push(job);
    }
  }
  return swept;
}
