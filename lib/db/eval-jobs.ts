import { type Db, db } from "./client";

export interface EvalJobRecord {
  id: string;
  name: string;
  corpusId: string;
  systems: string[];
  benchPath: string;
  outDir: string;
  status: "queued" | "running" | "done" | "failed";
  done: number;
  total: number;
  message: string | null;
  createdBy: string;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
}

type Row = Omit<EvalJobRecord, "systems" | "status"> & { systems: string; status: string };

const toRecord = (row: Row): EvalJobRecord => ({
  ...row,
  systems: JSON.parse(row.systems) as string[],
  status: row.status as EvalJobRecord["status"],
});

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
  return (await client.evalJob.findMany({ where: { status: { in: ["queued", "running"] } } })).map(toRecord);
}

export async function updateEvalJob(
  id: string,
  data: Partial<Pick<EvalJobRecord, "status" | "done" | "total" | "message" | "startedAt" | "finishedAt">>,
  client: Db = db(),
): Promise<void> {
  await client.evalJob.update({ where: { id }, data });
}
