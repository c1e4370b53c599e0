import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ReplayBook } from "../ai/model-calls/replay-book";
import { getCorpus } from "../db/corpora";
import { createEvalJob, type EvalJobRecord, getEvalJob, listUnfinishedEvalJobs, updateEvalJob } from "../db/eval-jobs";
import { env } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { createSerialQueue } from "../serial-queue";
import { parseBenchmark } from "./benchmark";
import { executeEvaluation } from "./execute";
import { resolveSystems } from "./systems";

/**
 * Evaluations started from the admin page run in the background of the server process, one at a
 * time, with progress in the database. Results are cached per (system, item), so a run interrupted
 * by a restart resumes (re-queued at start-up) without repeating finished pairs.
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
}): Promise<EvalJobRecord> {
  if (!(await getCorpus(input.corpusId)))
    throw new AppError("not_found:resource", { userMessage: "말뭉치를 찾을 수 없습니다." });
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
  const dir = resolve(env().DATA_DIR, "evals", id);
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
  return job;
}

async function runJob(id: string): Promise<void> {
  const job = await getEvalJob(id);
  if (!job) return;
  try {
    const { items } = parseBenchmark(readFileSync(job.benchPath, "utf8"));
    const { systems } = resolveSystems(job.systems.join(","));
    const optionsFile = join(job.outDir, "options.json");
    const options = (existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, "utf8")) : {}) as {
      replay?: boolean;
      baseline?: string;
    };
    await updateEvalJob(id, { status: "running", startedAt: job.startedAt ?? new Date(), message: null });
    let last = 0;
    await executeEvaluation({
      corpusId: job.corpusId,
      items,
      systems,
      outDir: job.outDir,
      title: job.name,
      replay: options.replay ? join(job.outDir, "calls.jsonl") : undefined,
      baseline: options.baseline,
      cacheDir: join(job.outDir, "cache"),
      onProgress: (done, total) => {
        if (Date.now() - last < 300 && done < total) return;
        last = Date.now();
        void updateEvalJob(id, { done, total });
      },
    });
    await updateEvalJob(id, { status: "done", finishedAt: new Date() });
  } catch (error) {
    logError(error);
    await updateEvalJob(id, { status: "failed", message: toAppError(error).userMessage, finishedAt: new Date() });
  }
}

const evaluations = createSerialQueue(runJob);

export function enqueueEvaluation(id: string): void {
  evaluations.enqueue(id);
}

export async function resumeEvaluations(): Promise<number> {
  const jobs = await listUnfinishedEvalJobs();
  for (const job of jobs) enqueueEvaluation(job.id);
  return jobs.length;
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
