import { findDocumentHash, getCorpus, refreshCorpusCounts, setCorpusState, upsertDocument } from "../db/corpora";
import { getJob, isCancelRequested, type JobCounts, type JobError, type JobRecord, updateJob } from "../db/jobs";
import { AppError, toAppError } from "../errors";
import { saveDecision } from "./decision-archive";
import { type MetaHints, readHints } from "./hints";
import { decisionHash, type IndexContext, indexDecisions } from "./index-decisions";
import { zeroCounts } from "./job-counts";
import { parseFile } from "./parse-file";
import { listInputFiles, readBytes } from "./sources";
import type { ParsedDecision } from "./types";

export type JobContext = Omit<IndexContext, "corpusId"> & {
  /** Decisions indexed per store write. */
  batchSize?: number;
  hints?: MetaHints;
  /** Called after every file with the running counts (the CLI draws its progress bar with it). */
  onProgress?: (counts: JobCounts, file: string) => void;
  /** DATA_DIR: indexed decisions are archived under it (re-index and the precedent viewer read them). */
  dataDir: string;
};

/** Stored errors are capped: a folder of 100,000 broken files must not produce a 100 MB row. */
const MAX_STORED_ERRORS = 1000;
const PERSIST_EVERY_MS = 500;
const CANCEL_CHECK_EVERY_FILES = 25;

/**
 * Runs (or resumes) one ingestion job to its end. Resuming is restarting: documents whose content
 * is already indexed are recognised by hash and skipped, so a job interrupted by a restart picks up
 * where it was at the cost of re-reading files. A failure stops the job but keeps everything
 * indexed so far.
 */
export async function runIngestionJob(jobId: string, ctx: JobContext): Promise<JobRecord> {
  const job = await getJob(jobId);
  if (!job) throw new AppError("not_found:resource", { detail: `job ${jobId}` });
  const corpus = await getCorpus(job.corpusId);
  if (!corpus) throw new AppError("not_found:resource", { detail: `corpus ${job.corpusId}` });
  const corpusId = corpus.id;

  const counts = zeroCounts();
  const errors: JobError[] = [];
  let lastPersist = 0;
  const persist = async (force = false) => {
    if (!force && Date.now() - lastPersist < PERSIST_EVERY_MS) return;
    lastPersist = Date.now();
    await updateJob(jobId, { ...counts, errors: errors.slice(0, MAX_STORED_ERRORS) });
  };
  const report = (problem: JobError) => {
    errors.push(problem);
  };

  await updateJob(jobId, { ...counts, status: "running", startedAt: job.startedAt ?? new Date(), message: null });
  await setCorpusState(corpus.id, { status: "indexing" });

  const seenHashes = new Set<string>();
  let batch: ParsedDecision[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const toIndex: ParsedDecision[] = [];
    const existing = new Set<string>();
    for (const decision of batch) {
      const previous = await findDocumentHash(corpus.id, decision.meta.caseNo);
      if (previous === decisionHash(decision) && !job.force) counts.unchanged += 1;
      else {
        toIndex.push(decision);
        if (previous) existing.add(decision.meta.caseNo);
      }
    }
    batch = [];
    if (toIndex.length === 0) return;
    const result = await indexDecisions(toIndex, { ...ctx, corpusId: corpus.id }, existing);
    for (const doc of result.documents) {
      const { meta, sourcePath } = doc.decision;
      saveDecision(ctx.dataDir, corpus.id, doc.decision);
      await upsertDocument({
        corpusId: corpus.id,
        ...meta,
        sourcePath,
        contentHash: doc.contentHash,
        chunkCount: doc.chunkCount,
      });
    }
    counts.chunked += result.chunks;
    counts.embedded += result.embedded;
    counts.indexed += result.documents.length;
  };

  try {
    if (!job.inputDir) throw new AppError("ingest:bad_file", { userMessage: "가져올 파일이 없습니다." });
    const files = listInputFiles(job.inputDir);
    const hints = { ...readHints(job.inputDir), ...ctx.hints };
    counts.filesTotal = files.length;
    await persist(true);
    for (const [i, file] of files.entries()) {
      if (i % CANCEL_CHECK_EVERY_FILES === 0 && (await isCancelRequested(jobId))) {
        await flush();
        return await finish("cancelled", "사용자가 작업을 취소했습니다. 취소 전까지 색인된 문서는 유지됩니다.");
      }
      const { decisions, problems } = parseFile(file.name, readBytes(file.path), hints);
      counts.seen += decisions.length + problems.length;
      counts.parsed += decisions.length;
      counts.failed += problems.length;
      problems.forEach(report);
      for (const decision of decisions) {
        const hash = decisionHash(decision);
        if (seenHashes.has(hash)) {
          report({
            file: file.name,
            code: "ingest:duplicate",
            message: `중복된 판례(${decision.meta.caseNo})라 건너뛰었습니다.`,
          });
          continue;
        }
        seenHashes.add(hash);
        batch.push(decision);
      }
      if (batch.length >= (ctx.batchSize ?? 32)) await flush();
      counts.filesDone = i + 1;
      ctx.onProgress?.(counts, file.name);
      await persist();
    }
    await flush();
    ctx.onProgress?.(counts, "");
    return await finish("done", null);
  } catch (error) {
    const appError = toAppError(error);
    console.error(`[ingest] job ${jobId} failed: ${appError.message}`, appError.cause ?? "");
    return await finish("failed", `${appError.userMessage} 그때까지 색인된 문서는 유지됩니다.`);
  }

  async function finish(status: "done" | "failed" | "cancelled", message: string | null): Promise<JobRecord> {
    await persist(true);
    await refreshCorpusCounts(corpusId);
    const after = await getCorpus(corpusId);
    const hasDocs = (after?.documentCount ?? 0) > 0;
    await setCorpusState(corpusId, {
      status: hasDocs ? "ready" : status === "failed" ? "failed" : "empty",
      ...(counts.indexed > 0 ? { sparseOnly: !ctx.embedder } : {}),
    });
    await updateJob(jobId, { status, message, finishedAt: new Date() });
    return (await getJob(jobId)) as JobRecord;
  }
}
