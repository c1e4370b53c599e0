import { getEnrichmentJob } from "../db/enrichment";
import { beatJob, CANCELLED_MESSAGE, claimJob, getJob, isCancelRequested, type JobRecord } from "../db/jobs";
import { env } from "../env";
import { AppError, toAppError } from "../errors";
import { processOwner } from "../jobs/owner";
import { JobStopped, startJobRuntime } from "../jobs/runtime";
import { logger } from "../util/log";
import { EnrichRun } from "./enrich-run";
import type { EnrichJobContext } from "./job-context";

/**
 * Runs (or resumes) one enrichment job to its end in this process (lib/enrich/README in the
 * module docs: enrich-control.ts). The corpus is walked decision by decision in a fixed order; each
 * chunk is resolved from the cache (content hash + prompt version) or by one model call, with
 * `concurrency` calls in flight; a decision whose chunks are all resolved is written to the side
 * index at once. Every model answer is stored the moment it arrives, so a job stopped any way
 * (cancel, crash, restart) resumes without asking the model again for anything it answered. A chunk
 * whose call fails is tried again after the pass (up to maxAttempts), then listed as failed and left
 * for a later run; the job itself goes on. Many consecutive failures (the endpoint is down, the key
 * refused) stop the job as failed, keeping everything made so far.
 */
export async function runEnrichmentJob(jobId: string, ctx: EnrichJobContext): Promise<JobRecord> {
  const settings = env();
  const owner = ctx.owner ?? processOwner("cli");
  const job = await claimJob(jobId, owner);
  const row = await getEnrichmentJob(jobId);
  if (!row) throw new AppError("not_found:resource", { detail: `enrichment job ${jobId}` });
  const runtime = startJobRuntime({
    beat: () => beatJob(jobId, owner),
    cancelRequested: () => isCancelRequested(jobId),
    heartbeatMs: ctx.heartbeatMs ?? settings.JOB_HEARTBEAT_SECONDS * 1000,
  });
  const run = new EnrichRun(jobId, owner, job, row, ctx, runtime);
  try {
    await run.execute();
    // Qdrant: the side index's BM25 weights at the corpus's exact average length (lib/store/types.ts).
    const finished = await ctx.side.finishWrites?.(row.corpusId);
    if (finished) logger("enrich").info(`job ${jobId}: ${finished}`);
    return await run.finish("done", run.summary());
  } catch (caught) {
    const reason = caught instanceof JobStopped ? caught.reason : runtime.stopReason();
    if (reason === "cancelled") return await run.finish("cancelled", CANCELLED_MESSAGE);
    // Taken away, or this process is stopping: left as it is, to be resumed.
    if (reason) return (await getJob(jobId)) as JobRecord;
    const appError = toAppError(caught);
    logger("enrich").error({ err: appError.cause }, `job ${jobId} failed: ${appError.message}`);
    return await run.finish(
      "failed",
      `${appError.userMessage} 그때까지 만든 결과는 유지되며, 다시 실행하면 이어서 합니다.`,
    );
  } finally {
    runtime.stop();
  }
}
