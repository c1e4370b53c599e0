import { type Db, db } from "./client";
import { claimableBy, claimedBy, queueOpen, requeued } from "./job-claim";
import { silentSince, staleBefore } from "./job-liveness";

export type EvalJobStatus = "queued" | "running" | "done" | "failed" | "cancelled" | "interrupted";

export interface EvalJobRecord {
  id: string;
  name: string;
  corpusId: string;
  systems: string[];
  benchPath: string;
  outDir: string;
  status: EvalJobStatus;
  done: number;
  total: number;
  message: string | null;
  owner: string | null;
  heartbeatAt: Date | null;
  queueJobId: string | null;
  cancelRequested: boolean;
  createdBy: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type Row = Omit<EvalJobRecord, "systems" | "status"> & { systems: string; status: string };

const toRecord = (row: Row): EvalJobRecord => ({
  ...row,
  systems: JSON.parse(row.systems) as string[],
  status: row.status as EvalJobRecord["status"],
});

const ACTIVE = ["queued", "running"];

export const EVAL_INTERRUPTED_MESSAGE =
  "평가를 실행하던 프로세스가 응답하지 않아 중단되었습니다. 이어서 하거나 취소할 수 있습니다 (끝난 항목은 다시 하지 않습니다).";

export async function createEvalJob(
  input: Pick<EvalJobRecord, "id" | "name" | "corpusId" | "systems" | "benchPath" | "outDir" | "createdBy">,
  client: Db = db(),
): Promise<EvalJobRecord> {
  return toRecord(await client.evalJob.create({ data: { ...input, systems: JSON.stringify(input.systems) } }));
}

export async function getEvalJob(id: string, client: Db = db()): Promise<EvalJobRecord | null> {
  const row = await client.evalJob.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

export async function listEvalJobs(take = 20, client: Db = db()): Promise<EvalJobRecord[]> {
  return (await client.evalJob.findMany({ orderBy: { createdAt: "desc" }, take })).map(toRecord);
}

export async function listUnfinishedEvalJobs(client: Db = db()): Promise<EvalJobRecord[]> {
  return (await client.evalJob.findMany({ where: { status: { in: ACTIVE } }, orderBy: { createdAt: "asc" } })).map(
    toRecord,
  );
}

type EvalUpdate = Partial<Pick<EvalJobRecord, "status" | "done" | "total" | "message" | "startedAt" | "finishedAt">>;

export async function updateEvalJob(id: string, data: EvalUpdate, client: Db = db()): Promise<void> {
  await client.evalJob.update({ where: { id }, data });
}

/** A write by the process running the evaluation, applied only while it still owns it. */
export async function updateOwnedEvalJob(id: string, owner: string, data: EvalUpdate, client: Db = db()) {
  const { count } = await client.evalJob.updateMany({ where: { id, owner, status: "running" }, data });
  return count === 1;
}

/** Takes an evaluation to run it (queued, interrupted, or already this owner's); null when not claimable. */
export async function claimEvalJob(id: string, owner: string, client: Db = db()): Promise<EvalJobRecord | null> {
  const job = await getEvalJob(id, client);
  if (!job) return null;
  const { count } = await client.evalJob.updateMany({
    where: { id, OR: claimableBy(owner) },
    data: claimedBy(owner, job.startedAt),
  });
  return count === 1 ? getEvalJob(id, client) : null;
}

export async function beatEvalJob(id: string, owner: string, client: Db = db()): Promise<boolean> {
  const { count } = await client.evalJob.updateMany({
    where: { id, owner, status: "running" },
    data: { heartbeatAt: new Date() },
  });
  return count === 1;
}

export async function requestEvalCancel(id: string, client: Db = db()): Promise<void> {
  await client.evalJob.updateMany({ where: { id, status: { in: ACTIVE } }, data: { cancelRequested: true } });
}

export async function isEvalCancelRequested(id: string, client: Db = db()): Promise<boolean> {
  const row = await client.evalJob.findUnique({ where: { id }, select: { cancelRequested: true } });
  return row?.cancelRequested ?? true;
}

export async function requeueEvalJob(id: string, from: EvalJobStatus[], client: Db = db()): Promise<boolean> {
  const { count } = await client.evalJob.updateMany({
    where: { id, status: { in: from } },
    data: requeued(),
  });
  return count === 1;
}

/** PostgreSQL: the queue job (pg-boss) that carries the evaluation's next run. */
export async function setEvalQueueJobId(id: string, queueJobId: string, client: Db = db()): Promise<void> {
  await client.evalJob.updateMany({ where: { id }, data: { queueJobId } });
}

/** PostgreSQL: evaluations not ended (queued, running, interrupted) and touched within a day. */
export async function listQueueOpenEvalJobs(client: Db = db()): Promise<EvalJobRecord[]> {
  const rows = await client.evalJob.findMany({ where: queueOpen(), orderBy: { createdAt: "asc" } });
  return rows.map(toRecord);
}

/** Ends an evaluation its own process did not end, if nothing changed it since it was read. */
export async function closeEvalJob(
  job: Pick<EvalJobRecord, "id" | "heartbeatAt">,
  from: EvalJobStatus[],
  to: { status: "interrupted" | "cancelled"; message: string },
  client: Db = db(),
): Promise<boolean> {
  const { count } = await client.evalJob.updateMany({
    where: { id: job.id, status: { in: from }, heartbeatAt: job.heartbeatAt },
    data: {
      status: to.status,
      message: to.message,
      cancelRequested: false,
      ...(to.status === "cancelled" ? { finishedAt: new Date() } : {}),
    },
  });
  return count === 1;
}

/** Interrupts running evaluations whose process stopped beating. */
export async function sweepStaleEvalJobs(options: { client?: Db; now?: number } = {}): Promise<EvalJobRecord[]> {
  const client = options.client ?? db();
  const cutoff = staleBefore(options.now);
  const rows = await client.evalJob.findMany({
    where: {
      status: "running",
      OR: silentSince(cutoff),
    },
  });
  const swept: EvalJobRecord[] = [];
  for (const job of rows.map(toRecord)) {
    const to = job.cancelRequested
      ? { status: "cancelled" as const, message: "평가를 취소했습니다." }
      : { status: "interrupted" as const, message: EVAL_INTERRUPTED_MESSAGE };
    if (await closeEvalJob(job, ["running"], to, client)) {
      swept.push(job);
    }
  }
  return swept;
}
