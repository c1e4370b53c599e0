import { decisionGraph } from "../citations/graph";
import { type AuditBy, recordAuditBy } from "../db/audit";
import {
  commitDecisions,
  findDocumentHash,
  getCorpus,
  markDocumentsPending,
  refreshCorpusCounts,
  setCorpusState,
} from "../db/corpora";
import { removeJobUploads } from "../db/job-uploads";
import {
  beatJob,
  CANCELLED_MESSAGE,
  claimJob,
  getJob,
  isCancelRequested,
  type JobCounts,
  type JobError,
  type JobRecord,
  updateOwnedJob,
} from "../db/jobs";
import { env } from "../env";
import { AppError, toAppError } from "../errors";
import { processOwner } from "../jobs/owner";
import { JobStopped, startJobRuntime } from "../jobs/runtime";
import { yieldIfBusy } from "../jobs/time-slice";
import { normalizeCaseNo } from "../text/case-number";
import type { ParsedDecision } from "../text/decision";
import { decisionMarks } from "../text/decision-marks";
import { logger } from "../util/log";
import { saveDecision } from "./decision-archive";
import { type MetaHints, readHints } from "./hints";
import { decisionHash, type IndexContext, indexDecisions } from "./index-decisions";
import { zeroCounts } from "./job-counts";
import { readFileDecisions } from "./read-decisions";
import { SKIPPED_CODE } from "./skip-report";
import { listInputFiles } from "./sources";

export type JobContext = Omit<IndexContext, "corpusId" | "checkpoint"> & {
  /** Decisions indexed per store write. */
  batchSize?: number;
  hints?: MetaHints;
  /** Called after every file with the running counts (the CLI draws its progress bar with it). */
  onProgress?: (counts: JobCounts, file: string) => void;
  /** DATA_DIR: indexed decisions are archived under it (re-index and the precedent viewer read them). */
  dataDir: string;
  /** Who runs the job (written with the heartbeat); default: this process as the CLI. */
  owner?: string;
  /** Default: JOB_HEARTBEAT_SECONDS. */
  heartbeatMs?: number;
  /** The largest decision file or JSON record read; default: DECISION_MAX_MB. */
  decisionMaxBytes?: number;
};

/** Stored errors are capped: a folder of 100,000 broken files must not produce a 100 MB row. */
const MAX_STORED_ERRORS = 1000;
const PERSIST_EVERY_MS = 500;

const errorKey = (e: JobError) => `${e.file}\u0000${e.code}\u0000${e.message}`;

/**
 * Runs (or resumes) one ingestion job to its end in this process. Resuming is restarting:
 * documents whose content is already indexed — completely: chunks, archive, citation graph and
 * row, see `flush` — are recognised by hash and skipped, so an interrupted or failed job picks up
 * where it was at the cost of re-reading files. A failure stops the job but keeps every decision
 * committed so far; one whose commit did not happen is redone by the next run. While it runs, the job beats (owner + heartbeat) and the loop gives
 * way to the event loop every few tens of milliseconds, checking for cancel each time.
 */
export async function runIngestionJob(jobId: string, ctx: JobContext): Promise<JobRecord> {
  const settings = env();
  const owner = ctx.owner ?? processOwner("cli");
  const job = await claimJob(jobId, owner);
  const corpus = await getCorpus(job.corpusId);
  if (!corpus) throw new AppError("not_found:resource", { detail: `corpus ${job.corpusId}` });
  const corpusId = corpus.id;
  const maxBytes = ctx.decisionMaxBytes ?? settings.DECISION_MAX_MB * 1_048_576;
  const runtime = startJobRuntime({
    beat: () => beatJob(jobId, owner),
    cancelRequested: () => isCancelRequested(jobId),
    heartbeatMs: ctx.heartbeatMs ?? settings.JOB_HEARTBEAT_SECONDS * 1000,
  });

  const counts = zeroCounts();
  // Problems found before the job ran (skipped zip entries) stay; a resumed job meets the
  // problems of its earlier run again, and each is listed once.
  const errors: JobError[] = [...job.errors];
  const known = new Set(errors.map(errorKey));
  const report = (problem: JobError) => {
    const key = errorKey(problem);
    if (known.has(key)) return;
    known.add(key);
    errors.push(problem);
  };
  let lastPersist = 0;
  const persist = async (force = false) => {
    if (!force && Date.now() - lastPersist < PERSIST_EVERY_MS) return;
    lastPersist = Date.now();
    if (!(await updateOwnedJob(jobId, owner, { ...counts, errors: errors.slice(0, MAX_STORED_ERRORS) }))) {
      runtime.lose();
      throw new JobStopped("lost");
    }
  };

  let batch: ParsedDecision[] = [];
  let batchesWritten = 0;
  // A decision is written in this order: its row, if it has one, loses its content hash; its chunks
  // go to the store (a database file of its own) and its record to the archive; then ONE
  // transaction of the app's database writes its citation graph rows and, last, its Document row
  // with the content hash. That row is the completion mark: "unchanged" (hash equal) means all of
  // it is there, and a crash or a failed commit anywhere before leaves a row without hash (or none),
  // which the next run redoes.
  const flush = async () => {
    if (batch.length === 0) return;
    const toIndex: ParsedDecision[] = [];
    const stored: string[] = [];
    for (const decision of batch) {
      const previous = await findDocumentHash(corpusId, decision.meta.caseNo);
      if (previous === decisionHash(decision) && !job.force) counts.unchanged += 1;
      else {
        toIndex.push(decision);
        if (previous) stored.push(decision.meta.caseNo);
      }
      await yieldIfBusy();
    }
    batch = [];
    if (toIndex.length === 0) return;
    await markDocumentsPending(corpusId, stored);
    // Every decision redone replaces whatever chunks the store holds under its number — also those
    // of a run that died before its commit (no row, or a row of other content, says so).
    const replaced = new Set(toIndex.map((d) => d.meta.caseNo));
    const result = await indexDecisions(
      toIndex,
      { ...ctx, corpusId, checkpoint: () => runtime.checkpoint(), signal: runtime.signal },
      replaced,
    );
    // The store holds the batch now: archive and record every document before stopping for anything.
    const graphs = [];
    for (const doc of result.documents) {
      await saveDecision(ctx.dataDir, corpusId, doc.decision, doc.chunks);
      // The citation graph: 참조판례 and citations in 판례내용, overrulings (regular expressions, cheap).
      graphs.push(decisionGraph(doc.decision));
      await yieldIfBusy();
    }
    batchesWritten += 1;
    if (settings.INGEST_TEST_KILL_BEFORE_COMMIT === batchesWritten) process.kill(process.pid, "SIGKILL");
    await commitDecisions(
      corpusId,
      result.documents.map((doc) => ({
        corpusId,
        ...doc.decision.meta,
        ...decisionMarks(doc.decision),
        sourcePath: doc.decision.sourcePath,
        contentHash: doc.contentHash,
        chunkCount: doc.chunkCount,
      })),
      graphs,
    );
    counts.chunked += result.chunks;
    counts.embedded += result.embedded;
    counts.indexed += result.documents.length;
  };

  try {
    await setCorpusState(corpusId, { status: "indexing" });
    if (!job.inputDir) throw new AppError("ingest:bad_file", { userMessage: "가져올 파일이 없습니다." });
    const files = listInputFiles(job.inputDir);
    const hints = { ...readHints(job.inputDir), ...ctx.hints };
    counts.filesTotal = files.length;
    await persist(true);
    // Within one job a 사건번호 is one decision: the first file read wins, a second one with other
    // content is reported (naming both files), an identical copy is a quiet duplicate.
    const firstByCaseNo = new Map<string, { hash: string; file: string }>();
    for (const [i, file] of files.entries()) {
      await runtime.checkpoint();
      for await (const item of readFileDecisions(file, hints, maxBytes)) {
        counts.seen += 1;
        if ("problem" in item) {
          counts.failed += 1;
          report(item.problem);
          continue;
        }
        counts.parsed += 1;
        const decision = item.decision;
        const caseNo = decision.meta.caseNo;
        const hash = decisionHash(decision);
        const first = firstByCaseNo.get(normalizeCaseNo(caseNo));
        if (first) {
          report(
            first.hash === hash
              ? { file: file.name, code: "ingest:duplicate", message: `중복된 판례(${caseNo})라 건너뛰었습니다.` }
              : {
                  file: file.name,
                  code: "ingest:duplicate_case_no",
                  message: `사건번호 ${caseNo}가 ${first.file}에도 있는데 내용이 달라 건너뛰었습니다 (먼저 읽은 ${first.file}의 판례를 색인).`,
                },
          );
          continue;
        }
        firstByCaseNo.set(normalizeCaseNo(caseNo), { hash, file: file.name });
        batch.push(decision);
        if (batch.length >= (ctx.batchSize ?? settings.INGEST_BATCH_SIZE)) await flush();
        await runtime.checkpoint();
      }
      await flush();
      counts.filesDone = i + 1;
      ctx.onProgress?.(counts, file.name);
      await persist();
    }
    await flush();
    ctx.onProgress?.(counts, "");
    // Qdrant: batches carry the corpus's average length as it was then; the job ends at the exact one.
    const finished = await ctx.store.finishWrites?.(corpusId);
    if (finished) logger("ingest").info(`job ${jobId}: ${finished}`);
    return await finish("done", null);
  } catch (caught) {
    // A request aborted because the job must stop is that stop, whatever error the client made of it.
    const reason = caught instanceof JobStopped ? caught.reason : runtime.stopReason();
    const error = reason ? new JobStopped(reason) : caught;
    if (error instanceof JobStopped) {
      if (error.reason === "cancelled") {
        return await finish("cancelled", CANCELLED_MESSAGE);
      }
      // Taken away (interrupted or cancelled behind our back) or this process is stopping: the
      // job is left as it is for whoever holds it now, or to be resumed.
      return (await getJob(jobId)) as JobRecord;
    }
    const appError = toAppError(error);
    logger("ingest").error({ err: appError.cause }, `job ${jobId} failed: ${appError.message}`);
    return await finish("failed", `${appError.userMessage} 그때까지 색인된 문서는 유지됩니다.`);
  } finally {
    runtime.stop();
  }

  async function finish(status: "done" | "failed" | "cancelled", message: string | null): Promise<JobRecord> {
    const stored = { ...counts, errors: errors.slice(0, MAX_STORED_ERRORS) };
    if (await updateOwnedJob(jobId, owner, stored)) {
      await refreshCorpusCounts(corpusId);
      const after = await getCorpus(corpusId);
      const hasDocs = (after?.documentCount ?? 0) > 0;
      await setCorpusState(corpusId, {
        status: hasDocs ? "ready" : status === "failed" ? "failed" : "empty",
        ...(counts.indexed > 0 ? { sparseOnly: !ctx.embedder } : {}),
      });
      if (await updateOwnedJob(jobId, owner, { status, message, finishedAt: new Date() })) {
        removeJobUploads(job.inputDir, ctx.dataDir);
        // The upload's own row was written before any file was read: how it ended, and how many
        // files could not be read, are said here.
        await recordAuditBy(
          JOB_RUNNER,
          "corpus.job_done",
          { kind: "corpus", id: corpusId, label: after?.name ?? corpusId },
          jobOutcome(status, counts, errors, job.id),
        );
      }
    }
    return (await getJob(jobId)) as JobRecord;
  }
}

/** The job runner's actor in the audit log: no person, the server finishing a job someone started. */
const JOB_RUNNER: AuditBy = { actor: { id: null, email: "색인 작업" } };

const OUTCOME: Record<"done" | "failed" | "cancelled", string> = { done: "완료", failed: "실패", cancelled: "취소됨" };
/** Notes about duplicates and skipped upload entries: not files that could not be read. */
const NOT_UNREADABLE = new Set(["ingest:duplicate", "ingest:duplicate_case_no", SKIPPED_CODE]);

/** "완료: 색인 12건, 변경 없음 3건, 읽지 못한 파일 2개, 건너뜀 1개 (작업 …)" for the audit log. */
export function jobOutcome(
  status: "done" | "failed" | "cancelled",
  counts: { indexed: number; unchanged: number },
  errors: { code: string }[],
  jobId: string,
): string {
  const unreadable = errors.filter((e) => !NOT_UNREADABLE.has(e.code)).length;
  const skipped = errors.filter((e) => e.code === SKIPPED_CODE).length;
  const parts = [
    `색인 ${counts.indexed}건`,
    `변경 없음 ${counts.unchanged}건`,
    `읽지 못한 파일 ${unreadable}개`,
    ...(skipped ? [`건너뜀 ${skipped}개`] : []),
  ];
  return `${OUTCOME[status]}: ${parts.join(", ")} (작업 ${jobId})`;
}
