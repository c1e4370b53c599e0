import { createHash } from "node:crypto";
import type { DecisionMeta } from "../text/decision";
import type { DecisionMarks } from "../text/decision-marks";
import { TOKENIZER_VERSION } from "../text/tokenize-ko";
import { type DecisionGraphInput, decisionGraphOps } from "./citations";
import { type Db, db } from "./client";
import { containsText } from "./text-filter";

export interface CorpusRecord {
  id: string;
  name: string;
  description: string;
  status: string;
  sparseOnly: boolean;
  documentCount: number;
  chunkCount: number;
  /** The tokenizer every document was indexed with; null when unknown or mixed. */
  tokenizerVersion: number | null;
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

/**
 * Recomputes the corpus's counts and tokenizer version from its documents (cheap, and never drifts
 * from the truth): the version is the one all documents share, null when they differ or one is unknown.
 */
export async function refreshCorpusCounts(id: string, client: Db = db()): Promise<void> {
  const agg = await client.document.aggregate({ where: { corpusId: id }, _count: true, _sum: { chunkCount: true } });
  const versions = await client.document.groupBy({ by: ["tokenizerVersion"], where: { corpusId: id } });
  const only = versions.length === 1 ? (versions[0]?.tokenizerVersion ?? null) : null;
  await client.corpus.update({
    where: { id },
    data: {
      documentCount: agg._count,
      chunkCount: agg._sum.chunkCount ?? 0,
      tokenizerVersion: agg._count === 0 ? TOKENIZER_VERSION : only,
    },
  });
}

/**
 * What a search of the corpus depends on, for the evaluation cache key: counts, tokenizer version
 * and a hash of every document's content hash and chunk count (a re-import that changed a text).
 */
export async function corpusIndexVersion(id: string, client: Db = db()) {
  const corpus = await client.corpus.findUnique({ where: { id } });
  const docs = await client.document.findMany({
    where: { corpusId: id },
    select: { caseNo: true, contentHash: true, chunkCount: true, tokenizerVersion: true },
    orderBy: { caseNo: "asc" },
  });
  const hash = createHash("sha256");
  for (const d of docs)
    hash.update(`${d.caseNo}\u0000${d.contentHash}\u0000${d.chunkCount}\u0000${d.tokenizerVersion}\n`);
  return {
    corpusId: id,
    documents: corpus?.documentCount ?? docs.length,
    chunks: corpus?.chunkCount ?? 0,
    tokenizerVersion: corpus?.tokenizerVersion ?? null,
    contentHash: hash.digest("hex").slice(0, 16),
  };
}

export type CorpusIndexVersion = Awaited<ReturnType<typeof corpusIndexVersion>>;

export interface DocumentInput extends DecisionMeta, Partial<DecisionMarks> {
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

/**
 * An import is about to rewrite these decisions' chunks in the store (another database file):
 * their rows lose their content hash first ("" equals no decision's), so until the import's commit
 * (commitDecisions) writes the new one, no run takes them for unchanged — not even one reading the
 * old text again after the store already holds the new. The rest of each row stays as it was.
 */
export async function markDocumentsPending(corpusId: string, caseNos: string[], client: Db = db()): Promise<void> {
  if (caseNos.length === 0) return;
  await client.document.updateMany({ where: { corpusId, caseNo: { in: caseNos } }, data: { contentHash: "" } });
}

/** Stores a document just indexed; its chunks were tokenized by this build's tokenizer. */
export async function upsertDocument(input: DocumentInput, client: Db = db()): Promise<void> {
  const { corpusId, caseNo, ...rest } = input;
  const tokenizerVersion = TOKENIZER_VERSION;
  await client.document.upsert({
    where: { corpusId_caseNo: { corpusId, caseNo } },
    create: { ...input, tokenizerVersion },
    update: { ...rest, tokenizerVersion },
  });
}

/** Like upsertDocument for a batch, in one transaction: one commit (one sync to disk), not one per document. */
export async function upsertDocuments(inputs: DocumentInput[], client: Db = db()): Promise<void> {
  if (inputs.length === 0) return;
  await client.$transaction(documentUpsertOps(inputs, client));
}

function documentUpsertOps(inputs: DocumentInput[], client: Db) {
  const tokenizerVersion = TOKENIZER_VERSION;
  return inputs.map(({ corpusId, caseNo, ...rest }) =>
    client.document.upsert({
      where: { corpusId_caseNo: { corpusId, caseNo } },
      create: { corpusId, caseNo, ...rest, tokenizerVersion },
      update: { ...rest, tokenizerVersion },
    }),
  );
}

/**
 * An import's commit of a batch of decisions whose chunks are already in the store (and whose
 * records are archived): their citation graph rows (citations, overrulings, 참조조문 links) and their
 * Document rows, in ONE transaction, the documents last. A Document row is the batch's completion
 * mark: its content hash is written only with everything else of the decision, so a stored hash
 * equal to the decision's ("unchanged") means the decision is complete, and a commit that fails
 * (a lock held past DB_BUSY_TIMEOUT_MS, a crash) leaves the previous row — older hash or none —
 * for the next run to redo.
 */
export async function commitDecisions(
  corpusId: string,
  documents: DocumentInput[],
  graphs: DecisionGraphInput[],
  client: Db = db(),
): Promise<void> {
  if (documents.length === 0 && graphs.length === 0) return;
  await client.$transaction([...decisionGraphOps(corpusId, graphs, client), ...documentUpsertOps(documents, client)]);
}

export async function listDocuments(
  corpusId: string,
  options: { query?: string; skip?: number; take?: number } = {},
  client: Db = db(),
) {
  const where = {
    corpusId,
    ...(options.query
      ? { OR: [{ caseNo: containsText(options.query, client) }, { caseName: containsText(options.query, client) }] }
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

/**
 * Removes one document's row, and the citation-graph rows it wrote (its citations, its 참조조문
 * links and the overrulings it declared: a decision that is gone vouches for nothing), then the
 * corpus's counts. Citations *of* it by other decisions stay: they are those decisions' words. False if no such row.
 */
export async function deleteDocumentRow(corpusId: string, caseNo: string, client: Db = db()): Promise<boolean> {
  const [, , , removed] = await client.$transaction([
    client.citationEdge.deleteMany({ where: { corpusId, citingCaseNo: caseNo } }),
    client.overruling.deleteMany({ where: { corpusId, overrulingCaseNo: caseNo } }),
    client.decisionStatuteRef.deleteMany({ where: { corpusId, caseNo } }),
    client.document.deleteMany({ where: { corpusId, caseNo } }),
  ]);
  await refreshCorpusCounts(corpusId, client);
  return removed.count > 0;
}

/** Documents with this case number in any corpus (the precedent viewer resolves 사건번호 with it). */
export async function findDocumentsByCaseNo(caseNo: string, client: Db = db()) {
  return client.document.findMany({ where: { caseNo }, include: { corpus: { select: { name: true } } } });
}
