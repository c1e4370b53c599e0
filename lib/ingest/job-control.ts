import { existsSync } from "node:fs";
import { type AuditAction, type AuditBy, recordAuditBy } from "../db/audit";
import { getCorpus } from "../db/corpora";
import { isStale } from "../db/job-liveness";
import {
  activeJob,
  CANCELLED_MESSAGE,
  closeJob,
  getJob,
  type JobRecord,
  reopenFailedJob,
  requestJobCancel,
  requeueJob,
  sweepStaleJobs,
} from "../db/jobs";
import { AppError } from "../errors";
import { enqueueJob } from "./job-queue";

/**
 * What an admin (UI or CLI) does to an ingestion job besides starting it. Cancel always works: a
 * job no process is running (queued, interrupted, or whose process stopped beating) is cancelled at
 * once; a running one is asked to stop, which its process notices within about a second (a
 * server's job child that does not is killed by the server after a few seconds).
 */

/** A job for display, after sweeping dead ones (a killed import shows as interrupted, not running). */
export async function viewJob(id: string): Promise<JobRecord | null> {
  await sweepStaleJobs();
  return getJob(id);
}

export async function cancelIngestionJob(id: string, by?: AuditBy): Promise<JobRecord> {
  const job = await cancelNow(id);
  await recordJobAudit(by, job, job.kind === "enrich" ? "enrich.stop" : "corpus.job_cancel");
  return job;
}

/** Enrichment jobs are ingestion jobs of kind "enrich": the log says which was stopped or resumed. */
async function recordJobAudit(by: AuditBy | undefined, job: JobRecord, action: AuditAction): Promise<void> {
  if (!by) return;
  const corpus = await getCorpus(job.corpusId);
  await recordAuditBy(
    by,
    action,
    { kind: "corpus", id: job.corpusId, label: corpus?.name ?? job.corpusId },
    `작업 ${job.id}`,
  );
}

async function cancelNow(id: string): Promise<JobRecord> {
  await sweepStaleJobs();
  // A job can change under us (a child claims the queued job): look again, at most a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const job = await getJob(id);
    if (!job) throw new AppError("not_found:resource");
    if (job.status === "done" || job.status === "failed" || job.status === "cancelled") return job;
    if (job.status === "running" && !isStale(job)) {
      await requestJobCancel(id);
      return (await getJob(id)) as JobRecord;
    }
    if (await closeJob(job, [job.status], { status: "cancelled", message: CANCELLED_MESSAGE })) {
      return (await getJob(id)) as JobRecord;
    }
  }
  await requestJobCancel(id);
  return (await getJob(id)) as JobRecord;
}

export const REOPENED_MESSAGE = "실패한 작업을 이어서 하려고 다시 열었습니다. 끝나지 않은 판례를 다시 가져옵니다.";

/**
 * A failed import (an error or a database lock stopped it) made resumable: it becomes interrupted
 * and is then resumed like one. Its decisions committed before the failure are complete and are
 * skipped; the batch whose commit failed is redone. Only while its files are still there: an
 * upload's (and an unpacked zip's) are dropped when its job fails — then the import is run again
 * (upload again), which redoes exactly the decisions left incomplete.
 */
export async function reopenFailedIngestionJob(job: JobRecord): Promise<JobRecord> {
  if (job.status !== "failed" || job.kind === "enrich") return job;
  if (!job.inputDir || !existsSync(job.inputDir)) {
    throw new AppError("bad_request:input", {
      userMessage: `실패한 작업 ${job.id}의 파일이 남아 있지 않아 이어서 할 수 없습니다. 같은 파일을 다시 가져오면 완료되지 않은 판례만 다시 색인합니다.`,
    });
  }
  await reopenFailedJob(job.id, REOPENED_MESSAGE);
  return (await getJob(job.id)) as JobRecord;
}

/**
 * Resumes an interrupted (or failed, reopenFailedIngestionJob) job in this server's queue.
 * Resuming is restarting: what is already indexed completely is recognised by hash and skipped.
 */
export async function resumeIngestionJob(id: string, by?: AuditBy): Promise<JobRecord> {
  await sweepStaleJobs();
  const found = await getJob(id);
  if (!found) throw new AppError("not_found:resource");
  const job = await reopenFailedIngestionJob(found);
  if (job.status !== "interrupted") {
    throw new AppError("bad_request:input", { userMessage: "중단된 작업만 이어서 할 수 있습니다." });
  }
  if (await activeJob(job.corpusId)) throw new AppError("ingest:busy");
  if (await requeueJob(id, ["interrupted"])) enqueueJob(id, job.kind);
  await recordJobAudit(by, job, job.kind === "enrich" ? "enrich.start" : "corpus.job_resume");
  return (await getJob(id)) as JobRecord;
}
