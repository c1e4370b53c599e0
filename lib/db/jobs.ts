import { AppError } from "../errors";
import { type Db, db } from "./client";

export const ACTIVE_JOB_STATES = ["queued", "running"] as const;
export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";
export type JobKind = "upload" | "cli" | "reindex";

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
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type JobRow = Omit<JobRecord, "status" | "kind" | "errors"> & { status: string; kind: string; errors: string };

function toRecord(row: JobRow): JobRecord {
  let errors: JobError[] = [];
  try {
    errors = JSON.parse(row.errors) as JobError[];
  } catch {
    // A damaged error list must not hide the job itself.
  }
  return { ...row, status: row.status as JobStatus, kind: row.kind as JobKind, errors };
}

/** One job per corpus at a time: refuses while another is queued or running. */
export async function createJob(
  input: { corpusId: string; kind: JobKind; inputDir?: string; force?: boolean },
  client: Db = db(),
): Promise<JobRecord> {
  return client.$transaction(async (tx) => {
    const active = await tx.ingestionJob.findFirst({
      where: { corpusId: input.corpusId, status: { in: [...ACTIVE_JOB_STATES] } },
    });
    if (active) throw new AppError("ingest:busy");
    return toRecord(await tx.ingestionJob.create({ data: input }));
  });
}

export async function getJob(id: string, client: Db = db()): Promise<JobRecord | null> {
  const row = await client.ingestionJob.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

export async function listJobs(corpusId: string, take = 10, client: Db = db()): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({ where: { corpusId }, orderBy: { createdAt: "desc" }, take });
  return rows.map(toRecord);
}

export async function activeJob(corpusId: string, client: Db = db()): Promise<JobRecord | null> {
  const row = await client.ingestionJob.findFirst({
    where: { corpusId, status: { in: [...ACTIVE_JOB_STATES] } },
    orderBy: { createdAt: "desc" },
  });
  return row ? toRecord(row) : null;
}

/** Jobs a restarted server must pick up again. */
export async function listUnfinishedJobs(client: Db = db()): Promise<JobRecord[]> {
  const rows = await client.ingestionJob.findMany({
    where: { status: { in: [...ACTIVE_JOB_STATES] } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toRecord);
}

export async function updateJob(
  id: string,
  data: Partial<JobCounts> & {
    status?: JobStatus;
    inputDir?: string;
    message?: string | null;
    errors?: JobError[];
    startedAt?: Date;
    finishedAt?: Date;
  },
  client: Db = db(),
): Promise<void> {
  const { errors, ...rest } = data;
  await client.ingestionJob.update({
    where: { id },
    data: { ...rest, ...(errors ? { errors: JSON.stringify(errors) } : {}) },
  });
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
