import type { DecisionMeta } from "../ingest/types";
import { type Db, db } from "./client";

export interface CorpusRecord {
  id: string;
  name: string;
  description: string;
  status: string;
  sparseOnly: boolean;
  documentCount: number;
  chunkCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export async function createCorpus(name: string, description = "", client: Db = db()): Promise<CorpusRecord> {
  return client.corpus.create({ data: { name, description } });
}

export async function findCorpusByName(name: string, client: Db = db()): Promise<CorpusRecord | null> {
  return client.corpus.findUnique({ where: { name } });
}

export async function getCorpus(id: string, client: Db = db()): Promise<CorpusRecord | null> {
  return client.corpus.findUnique({ where: { id } });
}

export async function listCorpora(client: Db = db()): Promise<CorpusRecord[]> {
  return client.corpus.findMany({ orderBy: { createdAt: "asc" } });
}

export async function deleteCorpusRow(id: string, client: Db = db()): Promise<void> {
  await client.corpus.deleteMany({ where: { id } });
}

export async function setCorpusState(
  id: string,
  data: Partial<Pick<CorpusRecord, "status" | "sparseOnly">>,
  client: Db = db(),
): Promise<void> {
  await client.corpus.update({ where: { id }, data });
}

/** Recomputes the corpus's counts from its documents (cheap, and never drifts from the truth). */
export async function refreshCorpusCounts(id: string, client: Db = db()): Promise<void> {
  const agg = await client.document.aggregate({ where: { corpusId: id }, _count: true, _sum: { chunkCount: true } });
  await client.corpus.update({
    where: { id },
    data: { documentCount: agg._count, chunkCount: agg._sum.chunkCount ?? 0 },
  });
}

export interface DocumentInput extends DecisionMeta {
  corpusId: string;
  sourcePath?: string;
  contentHash: string;
  chunkCount: number;
}

export async function findDocumentHash(corpusId: string, caseNo: string, client: Db = db()): Promise<string | null> {
  const row = await client.document.findUnique({
    where: { corpusId_caseNo: { corpusId, caseNo } },
    select: { contentHash: true },
  });
  return row?.contentHash ?? null;
}

export async function upsertDocument(input: DocumentInput, client: Db = db()): Promise<void> {
  const { corpusId, caseNo, ...rest } = input;
  await client.document.upsert({
    where: { corpusId_caseNo: { corpusId, caseNo } },
    create: input,
    update: rest,
  });
}

/** A batch of documents in one transaction: one commit (one sync to disk) instead of one per document. */
export async function upsertDocuments(inputs: DocumentInput[], client: Db = db()): Promise<void> {
  if (inputs.length === 0) return;
  await client.$transaction(
    inputs.map(({ corpusId, caseNo, ...rest }) =>
      client.document.upsert({
        where: { corpusId_caseNo: { corpusId, caseNo } },
        create: { corpusId, caseNo, ...rest },
        update: rest,
      }),
    ),
  );
}

export async function listDocuments(
  corpusId: string,
  options: { query?: string; skip?: number; take?: number } = {},
  client: Db = db(),
) {
  const where = {
    corpusId,
    ...(options.query
      ? { OR: [{ caseNo: { contains: options.query } }, { caseName: { contains: options.query } }] }
      : {}),
  };
  const [total, rows] = await Promise.all([
    client.document.count({ where }),
    client.document.findMany({
      where,
      orderBy: [{ decisionDate: "desc" }, { caseNo: "asc" }],
      skip: options.skip ?? 0,
      take: options.take ?? 50,
    }),
  ]);
  return { total, rows };
}

/** Documents with this case number in any corpus (the precedent viewer resolves 사건번호 with it). */
export async function findDocumentsByCaseNo(caseNo: string, client: Db = db()) {
  return client.document.findMany({ where: { caseNo }, include: { corpus: { select: { name: true } } } });
}
