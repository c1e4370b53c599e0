import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCorpus, getCorpus } from "@/lib/db/corpora";
import { createEvalJob, getEvalJob } from "@/lib/db/eval-jobs";
import { createJob, getJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { enqueueEvaluation } from "@/lib/eval/eval-jobs";
import { enqueueJob } from "@/lib/ingest/job-queue";
import { processOwner } from "@/lib/jobs/owner";
import { stopQueue } from "@/lib/jobs/pg-queue";
import { writeSyntheticDecisions } from "../support/synthetic-decisions";
import { onPostgres, useTestDatabase } from "../support/test-db";

/**
 * Issue 13: on PostgreSQL, jobs go through pg-boss. Two job workers (scripts/job-worker.ts, what
 * every app instance runs too) share one database: each queued job runs exactly once, on one of
 * them; a worker killed with SIGKILL mid-job has its job finished by the other, resumed from what
 * was already indexed. Each worker has its own DATA_DIR (the embedded vector store is one
 * process's; several instances share Qdrant instead); the job rows and the queue are shared.
 */

const STALE_SECONDS = 3;
let base: string;
let env: NodeJS.ProcessEnv;
const workers: Worker[] = [];

interface Worker {
  name: string;
  child: ChildProcess;
  output: string;
  owner: string;
  exited: Promise<void>;
}

function startWorker(name: string): Promise<Worker> {
  const dataDir = join(base, `data-${name}`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/job-worker.ts"], {
    env: { ...env, DATA_DIR: dataDir },
  });
  const worker: Worker = {
    name,
    child,
    output: "",
    owner: processOwner("server", child.pid),
    exited: new Promise((resolve) => child.once("exit", () => resolve())),
  };
  const append = (d: Buffer) => {
    worker.output += d.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  workers.push(worker);
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (worker.output.includes("작업자 준비됨")) {
        clearInterval(timer);
        resolve(worker);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`worker ${name} exited: ${worker.output}`));
      }
    }, 100);
  });
}

/** How many times a worker started a run of this job (its log line, lib/jobs/pg-queue.ts). */
const startsOf = (kind: string, worker: Worker, id: string) =>
  worker.output.split("\n").filter((line) => line.includes(`[jobs] ${kind} ${id}: `) && line.includes("에서 시작"))
    .length;
const starts = (worker: Worker, id: string) => startsOf("ingest", worker, id);
const evalStarts = (worker: Worker, id: string) => startsOf("eval", worker, id);

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, seconds: number): Promise<T> {
  const end = Date.now() + seconds * 1000;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

async function queuedIngestion(name: string, count: number) {
  const input = join(base, `input-${name}`);
  writeSyntheticDecisions(input, count);
  const corpus = await createCorpus(name);
  const job = await createJob({ corpusId: corpus.id, kind: "upload", inputDir: input });
  enqueueJob(job.id);
  return job;
}

const ended = (status: string | undefined) => status !== undefined && status !== "queued" && status !== "running";

describe.runIf(onPostgres())("jobs on PostgreSQL (pg-boss), two workers", () => {
  beforeAll(async () => {
    useTestDatabase();
    base = mkdtempSync(join(tmpdir(), "rar-pg-queue-"));
    process.env.DATA_DIR = join(base, "data-test");
    process.env.JOB_HEARTBEAT_SECONDS = "1";
    process.env.JOB_STALE_SECONDS = String(STALE_SECONDS);
    for (const key of ["EMBEDDINGS_BASE_URL", "LLM_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
    resetEnvCache();
    env = { ...process.env, VECTOR_STORE: "embedded" };
    await Promise.all([startWorker("a"), startWorker("b")]);
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await stopQueue();
    rmSync(base, { recursive: true, force: true });
  });

  it("runs each queued job exactly once, on one of the workers", async () => {
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await queuedIngestion(`once-${i}`, 40));
    const evalDir = join(base, "eval-1");
    mkdirSync(evalDir, { recursive: true });
    writeFileSync(
      join(evalDir, "benchmark.jsonl"),
      '{"id":"q1","question":"드론 배송 사고","gold_case_numbers":["2097다10001"]}\n',
    );
    const evaluation = await createEvalJob({
      id: "queue-eval-1",
      name: "대기열 평가",
      corpusId: jobs[0]?.corpusId as string,
      systems: ["sparse"],
      benchPath: join(evalDir, "benchmark.jsonl"),
      outDir: evalDir,
      createdBy: "admin",
    });
    enqueueEvaluation(evaluation.id);

    for (const job of jobs) {
      const done = await until(
        () => getJob(job.id),
        (j) => ended(j?.status),
        120,
      );
      expect(done).toMatchObject({ status: "done", indexed: 40, failed: 0, unchanged: 0 });
      expect(workers.map((w) => w.owner)).toContain(done?.owner);
      // Started once in all: one worker's log has it, the other's does not.
      expect(workers.map((w) => starts(w, job.id)).sort()).toEqual([0, 1]);
      expect((await getCorpus(job.corpusId))?.documentCount).toBe(40);
    }
    const evalDone = await until(
      () => getEvalJob(evaluation.id),
      (j) => ended(j?.status),
      120,
    );
    expect(evalDone).toMatchObject({ status: "done", done: 1, total: 1 });
    expect(workers.map((w) => evalStarts(w, evaluation.id)).sort()).toEqual([0, 1]);

    // pg-boss agrees: each queue job completed on its first delivery.
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL as string,
      max: 1,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      for (const job of jobs) {
        const row = await getJob(job.id);
        // The worker completes it in pg-boss a moment after the run ended.
        const queued = await until(
          () => boss.getJobById("ingest", row?.queueJobId as string),
          (q) => q?.state === "completed",
          30,
        );
        expect(queued).toMatchObject({ state: "completed", retryCount: 0 });
      }
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 240_000);

  it("finishes, on the other worker, a job whose worker was killed with SIGKILL", async () => {
    const COUNT = 600;
    const job = await queuedIngestion("killed", COUNT);
    const running = await until(
      () => getJob(job.id),
      (j) => j?.status === "running" && j.indexed > 0,
      120,
    );
    const victim = workers.find((w) => w.owner === running?.owner);
    if (!victim) throw new Error(`no worker owns the job: ${running?.owner}`);
    const survivor = workers.find((w) => w !== victim) as Worker;
    victim.child.kill("SIGKILL");
    await victim.exited;
    const killedAt = Date.now();
    const indexedBefore = (await getCorpus(job.corpusId))?.documentCount ?? 0;
    expect(indexedBefore).toBeLessThan(COUNT);

    const done = await until(
      () => getJob(job.id),
      (j) => j?.status === "done",
      180,
    );
    console.log(
      `[measure] killed worker's job resumed elsewhere and done ${((Date.now() - killedAt) / 1000).toFixed(1)} s after SIGKILL`,
    );
    expect(done).toMatchObject({ status: "done", owner: survivor.owner, failed: 0 });
    // Resumed, not redone: what the killed worker had indexed was recognised by hash.
    expect(done?.unchanged).toBeGreaterThanOrEqual(indexedBefore);
    expect((done?.indexed ?? 0) + (done?.unchanged ?? 0)).toBe(COUNT);
    expect((await getCorpus(job.corpusId))?.documentCount).toBe(COUNT);
    expect(starts(victim, job.id)).toBe(1);
    expect(starts(survivor, job.id)).toBe(1);
    expect(survivor.output).toContain("its worker stopped");
  }, 300_000);
});
