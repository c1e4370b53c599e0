import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ReplayBook } from "../ai/model-calls/replay-book";
import { type AuditBy, recordAuditBy } from "../db/audit";
import { getCorpus } from "../db/corpora";
import {
  beatEvalJob,
  claimEvalJob,
  closeEvalJob,
  createEvalJob,
  type EvalJobRecord,
  getEvalJob,
  isEvalCancelRequested,
  listQueueOpenEvalJobs,
  listUnfinishedEvalJobs,
  requestEvalCancel,
  requeueEvalJob,
  setEvalQueueJobId,
  sweepStaleEvalJobs,
  updateOwnedEvalJob,
} from "../db/eval-jobs";
import { isStale } from "../db/job-liveness";
import { env, filesDir } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { LEFT_FOR_NEXT_SERVER, runJobProcess, serverOwner } from "../jobs/child-process";
import { dispatchJob } from "../jobs/dispatch";
import { ownerProcessGone, parseOwner } from "../jobs/owner";
import { registerJobKind } from "../jobs/registry";
import { JobStopped, startJobRuntime } from "../jobs/runtime";
import { logger } from "../util/log";
import { parseBenchmark } from "./benchmark";
import { executeEvaluation } from "./execute";
import { resolveSystems } from "./systems";

/**
 * Evaluations started from the admin page run in the background, one at a time, each in a job
 * child process (lib/jobs/child-process.ts), with progress and a heartbeat in the database. Results are
 * cached per (system, item), so a run interrupted by a restart resumes (re-queued at start-up)
 * without repeating finished pairs.
 */

export async function startEvaluation(input: {
  name: string;
  corpusId: string;
  systems: string[];
  benchmark: string;
  userId: string;
  /** A recorded-calls file (JSONL): every model call is answered from it, never the network. */
  replay?: string;
  /** The system every other is compared with (paired differences, wins and losses). */
  baseline?: string;
  /** Who started it, for the audit log. */
  by?: AuditBy;
}): Promise<EvalJobRecord> {
  const corpus = await getCorpus(input.corpusId);
  if (!corpus) throw new AppError("not_found:resource", { userMessage: "말뭉치를 찾을 수 없습니다." });
  const { items, errors } = parseBenchmark(input.benchmark);
  if (items.length === 0) {
    const first = errors[0];
    throw new AppError("bad_request:input", {
      userMessage: first ? `벤치마크 ${first.line}번째 줄: ${first.message}` : "벤치마크에 항목이 없습니다.",
    });
  }
  const { systems, unknown } = resolveSystems(input.systems.join(","));
  if (unknown.length || systems.length === 0) {
    throw new AppError("bad_request:input", {
      userMessage: unknown.length ? `알 수 없는 시스템: ${unknown.join(", ")}` : "시스템을 하나 이상 고르세요.",
    });
  }
  if (input.replay !== undefined) new ReplayBook(input.replay, "기록 파일"); // refuses a bad line by number
  const baseline = systems.some((s) => s.id === input.baseline) ? input.baseline : undefined;
  const id = randomUUID();
  const dir = resolve(filesDir(), "evals", id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "benchmark.jsonl"), input.benchmark);
  if (input.replay !== undefined) writeFileSync(join(dir, "calls.jsonl"), input.replay);
  writeFileSync(join(dir, "options.json"), JSON.stringify({ replay: input.replay !== undefined, baseline }));
  const job = await createEvalJob({
    id,
    name: input.name,
    corpusId: input.corpusId,
    systems: systems.map((s) => s.id),
    benchPath: join(dir, "benchmark.jsonl"),
    outDir: dir,
    createdBy: input.userId,
  });
  enqueueEvaluation(job.id);
  await recordAuditBy(
    input.by,
    "eval.start",
    evalTarget(job),
    `말뭉치 ${corpus.name}, 질문 ${items.length}개, 시스템 ${job.systems.join(", ")}${input.replay !== undefined ? " (기록 재생)" : ""}`,
  );
  return job;
}

const evalTarget = (job: { id: string; name: string }) => ({ kind: "eval", id: job.id, label: job.name }) as const;

export interface EvalRunOptions {
  /** Who runs it (the server's job child writes the server's owner). */
  owner: string;
  heartbeatMs?: number;
}

/**
 * Runs one evaluation to its end in this process (the server's job child calls it). Finished
 * pairs are cached on disk, so running an interrupted evaluation again resumes it.
 */
export async function runEvalJob(id: string, options: EvalRunOptions): Promise<EvalJobRecord | null> {
  const { owner } = options;
  const job = await claimEvalJob(id, owner);
  if (!job) return getEvalJob(id);
  const runtime = startJobRuntime({
    beat: () => beatEvalJob(id, owner),
    cancelRequested: () => isEvalCancelRequested(id),
    heartbeatMs: options.heartbeatMs ?? env().JOB_HEARTBEAT_SECONDS * 1000,
  });
  const ownedUpdate = async (data: Parameters<typeof updateOwnedEvalJob>[2]) => {
    if (!(await updateOwnedEvalJob(id, owner, data))) runtime.lose();
  };
  try {
    const { items } = parseBenchmark(readFileSync(job.benchPath, "utf8"));
    const { systems } = resolveSystems(job.systems.join(","));
    const optionsFile = join(job.outDir, "options.json");
    const chosen = (existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, "utf8")) : {}) as {
      replay?: boolean;
      baseline?: string;
    };
    let last = 0;
    const counts = { done: job.done, total: job.total };
    // Progress writes one after another, never racing the final one: on PostgreSQL two writes go out
    // on two pooled connections, and a progress write landing after "done" found the job no longer
    // running and was lost (an evaluation shown finished at 0/0; tests/jobs/queue-workers.pg.test.ts).
    let progressWrite: Promise<void> = Promise.resolve();
    await executeEvaluation({
      corpusId: job.corpusId,
      items,
      systems,
      outDir: job.outDir,
      title: job.name,
      replay: chosen.replay ? join(job.outDir, "calls.jsonl") : undefined,
      baseline: chosen.baseline,
      cacheDir: join(job.outDir, "cache"),
      checkpoint: () => runtime.checkpoint(),
      signal: runtime.signal,
      onProgress: (done, total) => {
        Object.assign(counts, { done, total });
        if (Date.now() - last < 300 && done < total) return;
        last = Date.now();
        progressWrite = progressWrite.then(() => ownedUpdate({ done, total })).catch(logError);
      },
    });
    await progressWrite;
    await ownedUpdate({ status: "done", finishedAt: new Date(), ...counts });
  } catch (error) {
    const reason = error instanceof JobStopped ? error.reason : runtime.stopReason();
    if (reason) {
      if (reason === "cancelled") {
        await ownedUpdate({ status: "cancelled", message: "평가를 취소했습니다.", finishedAt: new Date() });
      }
      // Taken away, or the process is stopping: left for whoever holds it now, or to be resumed.
    } else {
      logError(error);
      await ownedUpdate({ status: "failed", message: toAppError(error).userMessage, finishedAt: new Date() });
    }
  } finally {
    runtime.stop();
  }
  return getEvalJob(id);
}

async function runQueued(id: string): Promise<void> {
  const job = await getEvalJob(id);
  if (job?.status !== "queued") return;
  const result = await runJobProcess("eval", id, {
    watch: async () => {
      const now = await getEvalJob(id);
      if (!now || (now.status !== "queued" && now.status !== "running")) return "gone";
      if (now.status === "running" && now.owner !== serverOwner()) return "gone";
      return now.cancelRequested ? "cancel" : "running";
    },
  });
  const after = await getEvalJob(id);
  if (!after) return;
  const ours = after.status === "queued" || (after.status === "running" && after.owner === serverOwner());
  if (!ours) return;
  // The server is stopping (its child got the Ctrl+C or SIGTERM): the next start resumes it.
  if (result.code === LEFT_FOR_NEXT_SERVER && after.status === "running" && !after.cancelRequested) return;
  const how = result.error
    ? "시작되지 못했습니다"
    : `예기치 않게 끝났습니다 (${result.signal ?? `종료 코드 ${result.code}`})`;
  await closeEvalJob(
    after,
    [after.status],
    after.cancelRequested
      ? { status: "cancelled", message: "평가를 취소했습니다." }
      : { status: "interrupted", message: `평가 프로세스가 ${how}. 이어서 하거나 취소할 수 있습니다.` },
  );
}

export const evalJobKind = registerJobKind({
  name: "eval",
  run: runQueued,
  async execute(id, owner) {
    const job = await runEvalJob(id, { owner });
    return job?.status === "done" || job?.status === "failed" || job?.status === "cancelled";
  },
  read: getEvalJob,
  requeue: (id, from) => requeueEvalJob(id, from as EvalJobRecord["status"][]),
  interrupt: (row, message) =>
    closeEvalJob(row, [row.status as EvalJobRecord["status"]], { status: "interrupted", message }),
  setQueueJobId: setEvalQueueJobId,
  listOpen: listQueueOpenEvalJobs,
  async resumeAtStart() {
    const evals = await resumeEvaluations();
    if (evals > 0) logger("eval").info(`${evals}개의 평가를 이어서 진행합니다.`);
  },
  sweepStale: () => sweepStaleEvalJobs(),
});

export function enqueueEvaluation(id: string): void {
  dispatchJob(evalJobKind, id);
}

/** At server start: evaluations a previous server was running or had queued resume. */
export async function resumeEvaluations(): Promise<number> {
  let count = 0;
  for (const job of await listUnfinishedEvalJobs()) {
    const owner = parseOwner(job.owner);
    const liveElsewhere =
      owner !== null && job.owner !== serverOwner() && !isStale(job) && !ownerProcessGone(job.owner);
    if (liveElsewhere) continue;
    if (await requeueEvalJob(job.id, [job.status])) {
      enqueueEvaluation(job.id);
      count += 1;
    }
  }
  return count;
}

/** An evaluation for display, after sweeping dead ones. */
export async function viewEvalJob(id: string): Promise<EvalJobRecord | null> {
  await sweepStaleEvalJobs();
  return getEvalJob(id);
}

/** Cancel always works: at once when no process runs it, else the running process stops within ~1 s. */
export async function cancelEvaluation(id: string, by?: AuditBy): Promise<EvalJobRecord> {
  const job = await cancelEvaluationNow(id);
  await recordAuditBy(by, "eval.cancel", evalTarget(job));
  return job;
}

async function cancelEvaluationNow(id: string): Promise<EvalJobRecord> {
  await sweepStaleEvalJobs();
  for (let attempt = 0; attempt < 3; attempt++) {
    const job = await getEvalJob(id);
    if (!job) throw new AppError("not_found:resource");
    if (job.status === "done" || job.status === "failed" || job.status === "cancelled") return job;
    if (job.status === "running" && !isStale(job)) {
      await requestEvalCancel(id);
      return (await getEvalJob(id)) as EvalJobRecord;
    }
    if (await closeEvalJob(job, [job.status], { status: "cancelled", message: "평가를 취소했습니다." })) {
      return (await getEvalJob(id)) as EvalJobRecord;
    }
  }
  await requestEvalCancel(id);
  return (await getEvalJob(id)) as EvalJobRecord;
}

/** Resumes an interrupted evaluation (finished pairs come from its cache). */
export async function resumeEvaluation(id: string, by?: AuditBy): Promise<EvalJobRecord> {
  await sweepStaleEvalJobs();
  const job = await getEvalJob(id);
  if (!job) throw new AppError("not_found:resource");
  if (job.status !== "interrupted") {
    throw new AppError("bad_request:input", { userMessage: "중단된 평가만 이어서 할 수 있습니다." });
  }
  if (await requeueEvalJob(id, ["interrupted"])) enqueueEvaluation(id);
  await recordAuditBy(by, "eval.resume", evalTarget(job));
  return (await getEvalJob(id)) as EvalJobRecord;
}

/** Report files an admin may download (nothing else from the job folder is served). */
export const REPORT_FILES = [
  "report.md",
  "results.json",
  "charts/retrieval.svg",
  "charts/answers.svg",
  "charts/diff-retrieval.svg",
  "charts/diff-yesno.svg",
  "charts/sweep.svg",
] as const;
