import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { type AuditBy, recordAuditBy } from "../db/audit";
import {
  type CorpusRecord,
  createCorpus,
  deleteCorpusRow,
  deleteDocumentRow,
  findCorpusByName,
  getCorpus,
} from "../db/corpora";
import { deleteCorpusEnrichment, dropChunkStates } from "../db/corpus-enrichment";
import { activeJob, createJob, type JobRecord, listJobs } from "../db/jobs";
import { AppError } from "../errors";
import type { VectorStore } from "../store/types";
import { archiveDir, deleteArchive, deleteDecision } from "./decision-archive";

export const corpusNameSchema = z
  .string()
  .trim()
  .min(1, "말뭉치 이름을 입력해 주세요.")
  .max(60, "이름은 60자 이내로 입력해 주세요.")
  .regex(/^[\p{L}\p{N} _.-]+$/u, "이름에는 글자, 숫자, 공백, _ . - 만 쓸 수 있습니다.");

/** The audit log's name for a corpus. */
export const corpusTarget = (corpus: { id: string; name: string }) =>
  ({ kind: "corpus", id: corpus.id, label: corpus.name }) as const;

export async function addCorpus(name: string, description = "", by?: AuditBy): Promise<CorpusRecord> {
  const parsed = corpusNameSchema.parse(name);
  if (await findCorpusByName(parsed)) {
    throw new AppError("bad_request:input", { userMessage: `'${parsed}' 말뭉치가 이미 있습니다.` });
  }
  const corpus = await createCorpus(parsed, description.trim());
  await recordAuditBy(by, "corpus.create", corpusTarget(corpus));
  return corpus;
}

/** Rebuilds every document of the corpus from its archive (new chunking, tokenizer or embeddings). */
export async function reindexCorpus(corpusId: string, dataDir: string, by?: AuditBy): Promise<JobRecord> {
  const corpus = await getCorpus(corpusId);
  if (!corpus) throw new AppError("not_found:resource");
  if (corpus.documentCount === 0) {
    throw new AppError("bad_request:input", { userMessage: "색인된 문서가 없어 다시 색인할 것이 없습니다." });
  }
  const job = await createJob({ corpusId, kind: "reindex", force: true, inputDir: archiveDir(dataDir, corpusId) });
  await recordAuditBy(by, "corpus.reindex", corpusTarget(corpus), `판례 ${corpus.documentCount}건 (작업 ${job.id})`);
  return job;
}

/** The corpus, when no job is queued or running on it (nothing may write into what is deleted). */
async function idleCorpus(corpusId: string, busyMessage: string): Promise<CorpusRecord> {
  const corpus = await getCorpus(corpusId);
  if (!corpus) throw new AppError("not_found:resource");
  if (await activeJob(corpusId)) throw new AppError("ingest:busy", { userMessage: busyMessage });
  return corpus;
}

/**
 * Deletes a corpus everywhere: its chunks in the store (and in enrichment's side indexes, `sides`),
 * its archive and uploads, its rows (enrichment's too; the enrichment cache stays: it is by content).
 * Refused while a job is running on it (cancel first), so no job writes into a corpus being deleted.
 */
export async function removeCorpus(
  corpusId: string,
  store: VectorStore,
  dataDir: string,
  sides: VectorStore[] = [],
  by?: AuditBy,
): Promise<void> {
  const corpus = await idleCorpus(corpusId, "진행 중인 색인 작업을 먼저 취소해 주세요.");
  const uploads = (await listJobs(corpusId, 1000)).filter((j) => j.kind === "upload" && j.inputDir);
  await store.deleteCorpus(corpusId);
  for (const side of sides) await side.deleteCorpus(corpusId);
  await deleteCorpusEnrichment(corpusId);
  await deleteCorpusRow(corpusId);
  deleteArchive(dataDir, corpusId);
  for (const job of uploads) {
    // Only folders the app itself created under DATA_DIR/uploads are removed, never a CLI source.
    if (job.inputDir?.startsWith(resolve(dataDir, "uploads"))) rmSync(job.inputDir, { recursive: true, force: true });
  }
  await recordAuditBy(by, "corpus.delete", corpusTarget(corpus), `판례 ${corpus.documentCount}건`);
}

/**
 * Deletes one decision from a corpus (a file imported by mistake, a decision withdrawn): its chunks
 * in the store and the enrichment side indexes, its enrichment states, its row and the citations it
 * made, its archive and stored parts. Refused while a job runs on the corpus, as for the corpus
 * itself. Importing the file again brings it back.
 */
export async function removeDecision(
  corpusId: string,
  caseNo: string,
  store: VectorStore,
  dataDir: string,
  sides: VectorStore[] = [],
  by?: AuditBy,
): Promise<void> {
  const corpus = await idleCorpus(corpusId, "진행 중인 색인 작업이 끝난 뒤에 삭제해 주세요.");
  const chunkIds = (await store.getDocumentChunks(corpusId, caseNo)).map((c) => c.id);
  await store.deleteDocument(corpusId, caseNo);
  for (const side of sides) await side.deleteDocument(corpusId, caseNo);
  for (const kind of ["context", "atoms"] as const) await dropChunkStates(corpusId, kind, chunkIds);
  const existed = await deleteDocumentRow(corpusId, caseNo);
  deleteDecision(dataDir, corpusId, caseNo);
  if (!existed && chunkIds.length === 0) throw new AppError("not_found:resource", { detail: `decision ${caseNo}` });
  await recordAuditBy(
    by,
    "decision.delete",
    { kind: "decision", id: `${corpusId}/${caseNo}`, label: caseNo },
    `${corpus.name}에서 삭제 (청크 ${chunkIds.length}개)`,
  );
}
