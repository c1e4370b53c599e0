import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createCorpus, getCorpus } from "@/lib/db/corpora";
import { createEvalJob, getEvalJob, sweepStaleEvalJobs } from "@/lib/db/eval-jobs";
import { createJob, getJob, type JobError, sweepStaleJobs, updateJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { cancelEvaluation, resumeEvaluation } from "@/lib/eval/eval-jobs";
import { cancelIngestionJob, resumeIngestionJob, viewJob } from "@/lib/ingest/job-control";
import { enqueueJob } from "@/lib/ingest/job-queue";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { jobProcessPid, runJobProcess, serverOwner } from "@/lib/jobs/child-process";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { writeSyntheticDecisions } from "../support/synthetic-decisions";
import { useTestDatabase } from "../support/test-db";

let db: Db;
let dataDir: string;
let store: EmbeddedStore;
const FIXTURES = resolve("tests/fixtures/decisions");
const many = mkdtempSync(join(tmpdir(), "rar-control-many-"));

beforeAll(() => {
  db = useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-control-"));
  process.env.DATA_DIR = dataDir;
  process.env.JOB_HEARTBEAT_SECONDS = "1";
  process.env.JOB_STALE_SECONDS = "3";
  delete process.env.EMBEDDINGS_BASE_URL;
  resetEnvCache();
  store = new EmbeddedStore(join(dataDir, "store"));
  writeSyntheticDecisions(many, 600);
});
afterAll(async () => {
  await store.close();
});

const context = () => ({ store, chunkSize: 800, chunkOverlap: 100, batchSize: 8, dataDir });

/** A job whose files wait in DATA_DIR/uploads/<jobId>, as an upload leaves them. */
async function uploadJob(name: string, source = FIXTURES) {
  const corpus = await createCorpus(name);
  const job = await createJob({ corpusId: corpus.id, kind: "upload" });
  const folder = join(dataDir, "uploads", job.id);
  cpSync(source, folder, { recursive: true });
  await updateJob(job.id, { inputDir: folder });
  return { corpusId: corpus.id, jobId: job.id, folder };
}

function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid as number;
}

/** What a killed CLI leaves: running, its owner gone, silent for a minute. */
async function killedCli(jobId: string) {
  await db.ingestionJob.update({
    where: { id: jobId },
    data: { status: "running", owner: `cli:${deadPid()}@${hostname()}`, heartbeatAt: new Date(Date.now() - 60_000) },
  });
}

async function until(check: () => Promise<boolean>, seconds = 60): Promise<void> {
  for (let i = 0; i < seconds * 10 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
}

describe("cancel", () => {
  it("cancels a queued job at once and drops its upload folder", async () => {
    const { jobId, folder } = await uploadJob("cancel-queued");
    expect(await cancelIngestionJob(jobId)).toMatchObject({ status: "cancelled", finishedAt: expect.any(Date) });
    expect(existsSync(folder)).toBe(false);
  });

  it("interrupts a silent job, keeping its files, and then cancels it at once", async () => {
    const { corpusId, jobId, folder } = await uploadJob("cancel-interrupted");
    await killedCli(jobId);
    await setCorpusIndexing(corpusId);
    expect((await sweepStaleJobs()).map((j) => j.id)).toContain(jobId);
    expect(await getJob(jobId)).toMatchObject({ status: "interrupted" });
    expect(await getCorpus(corpusId)).toMatchObject({ status: "empty" });
    expect(existsSync(folder)).toBe(true);
    expect(await cancelIngestionJob(jobId)).toMatchObject({ status: "cancelled" });
    expect(existsSync(folder)).toBe(false);
  });

  it("cancels a running job whose process stopped beating at once", async () => {
    const { jobId } = await uploadJob("cancel-stale");
    await killedCli(jobId);
    expect(await cancelIngestionJob(jobId)).toMatchObject({ status: "cancelled" });
  });

  it("stops a running job within about a second", async () => {
    const { corpusId, jobId, folder } = await uploadJob("cancel-running", many);
    const running = runIngestionJob(jobId, context());
    await until(async () => ((await getJob(jobId))?.indexed ?? 0) > 0);
    const asked = performance.now();
    expect(await cancelIngestionJob(jobId)).toMatchObject({ status: "running", cancelRequested: true });
    const done = await running;
    const ms = performance.now() - asked;
    console.log(`[measure] running job stopped ${Math.round(ms)} ms after cancel`);
    expect(done.status).toBe("cancelled");
    expect(done.indexed).toBeLessThan(600);
    expect(ms).toBeLessThan(5000);
    expect(existsSync(folder)).toBe(false);
    // What was indexed before the cancel stays, and the corpus is usable.
    expect(await getCorpus(corpusId)).toMatchObject({ status: "ready", documentCount: done.indexed });
  });
});

async function setCorpusIndexing(corpusId: string) {
  await db.corpus.update({ where: { id: corpusId }, data: { status: "indexing" } });
}

describe("temporary upload folders", () => {
  it("are removed when the job is done and when it failed", async () => {
    const ok = await uploadJob("uploads-done");
    const skipped: JobError = { file: "묶음.zip/그림.hwp", code: "ingest:unsupported", message: "지원하지 않는 형식" };
    await updateJob(ok.jobId, { errors: [skipped] });
    const done = await runIngestionJob(ok.jobId, context());
    expect(done).toMatchObject({ status: "done", indexed: 6 });
    // Problems stored at upload time are kept, before those the run found.
    expect(done.errors[0]).toEqual(skipped);
    expect(done.errors.map((e) => e.file)).toEqual([skipped.file, "decisions.jsonl #3", "decisions.jsonl #4"]);
    expect(existsSync(ok.folder)).toBe(false);

    const bad = await uploadJob("uploads-failed");
    const failing = {
      model: "broken",
      cache: { get: () => undefined, putMany: () => undefined } as never,
      embed: async () => {
        throw new AppError("ai:unreachable");
      },
    };
    expect((await runIngestionJob(bad.jobId, { ...context(), embedder: failing })).status).toBe("failed");
    expect(existsSync(bad.folder)).toBe(false);
  });
});

describe("a server job child", () => {
  it("that dies leaves its job interrupted, never running; resuming finishes it without indexing twice", async () => {
    const { corpusId, jobId, folder } = await uploadJob("child-killed", many);
    enqueueJob(jobId);
    await until(async () => ((await getJob(jobId))?.indexed ?? 0) > 0 && jobProcessPid("ingest", jobId) !== undefined);
    const before = (await getCorpus(corpusId))?.documentCount ?? 0;
    process.kill(jobProcessPid("ingest", jobId) as number, "SIGKILL");
    await until(async () => (await getJob(jobId))?.status !== "running", 30);
    const interrupted = await getJob(jobId);
    expect(interrupted).toMatchObject({ status: "interrupted", message: expect.stringContaining("SIGKILL") });
    expect((await getCorpus(corpusId))?.status).not.toBe("indexing");
    expect(existsSync(folder)).toBe(true);

    await resumeIngestionJob(jobId);
    await until(async () => {
      const status = (await getJob(jobId))?.status;
      return status !== "queued" && status !== "running";
    }, 180);
    const resumed = await getJob(jobId);
    const indexedNow = (await getCorpus(corpusId))?.documentCount ?? 0;
    expect(resumed).toMatchObject({ status: "done", failed: 0 });
    // Everything indexed before the kill was recognised, nothing was indexed twice.
    expect(resumed?.unchanged).toBeGreaterThanOrEqual(before);
    expect((resumed?.indexed ?? 0) + (resumed?.unchanged ?? 0)).toBe(600);
    expect(indexedNow).toBe(600);
    const corpus = await getCorpus(corpusId);
    const fresh = new EmbeddedStore(join(dataDir, "store"));
    expect(await fresh.count({ corpusIds: [corpusId] })).toBe(corpus?.chunkCount);
    await fresh.close();
    // Dropped by the child right after it wrote "done" (it runs at a lower priority: give it a moment).
    await until(async () => !existsSync(folder), 10);
    expect(existsSync(folder)).toBe(false);
  }, 240_000);

  it("stopped with its server (SIGTERM, Ctrl+C) leaves the job running for the next server", async () => {
    const { jobId } = await uploadJob("child-stopped", many);
    enqueueJob(jobId);
    await until(async () => ((await getJob(jobId))?.indexed ?? 0) > 0 && jobProcessPid("ingest", jobId) !== undefined);
    process.kill(jobProcessPid("ingest", jobId) as number, "SIGTERM");
    await until(async () => jobProcessPid("ingest", jobId) === undefined, 30);
    // Not interrupted: a restarted server resumes it (its owner is this server, which the next one
    // finds dead). Here the server lives on, so the job goes stale and a cancel then takes effect.
    expect(await getJob(jobId)).toMatchObject({ status: "running", owner: serverOwner() });
    expect((await cancelIngestionJob(jobId)).cancelRequested).toBe(true);
    await until(async () => (await viewJob(jobId))?.status === "cancelled", 10);
    expect(await getJob(jobId)).toMatchObject({ status: "cancelled" });
  }, 120_000);

  it("that ignores a cancel is killed after the grace period", async () => {
    const started = performance.now();
    const result = await runJobProcess("ingest", "no-such-job", {
      watch: async () => "cancel",
      graceMs: 300,
      command: { command: process.execPath, args: ["-e", "process.on('disconnect',()=>{});setInterval(()=>{},1000)"] },
    });
    expect(result).toMatchObject({ killed: true, signal: "SIGKILL" });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("evaluation jobs", () => {
  const evalJob = async (id: string) => {
    const corpus = await createCorpus(`eval-${id}`);
    return createEvalJob({
      id,
      name: id,
      corpusId: corpus.id,
      systems: ["sparse"],
      benchPath: join(dataDir, "none.jsonl"),
      outDir: join(dataDir, "evals", id),
      createdBy: "admin",
    });
  };

  it("are cancelled at once while queued, interrupted when silent, and resumed", async () => {
    const queued = await evalJob("ev-queued");
    expect(await cancelEvaluation(queued.id)).toMatchObject({ status: "cancelled" });

    const silent = await evalJob("ev-silent");
    await db.evalJob.update({
      where: { id: silent.id },
      data: {
        status: "running",
        owner: `server:${deadPid()}@${hostname()}`,
        heartbeatAt: new Date(Date.now() - 60_000),
      },
    });
    expect((await sweepStaleEvalJobs()).map((j) => j.id)).toEqual([silent.id]);
    expect(await getEvalJob(silent.id)).toMatchObject({ status: "interrupted" });
    expect(await cancelEvaluation(silent.id)).toMatchObject({ status: "cancelled" });

    const again = await evalJob("ev-again");
    await db.evalJob.update({ where: { id: again.id }, data: { status: "interrupted" } });
    const requeued = await resumeEvaluation(again.id);
    // Queued for this process's runner (which fails it: its benchmark file does not exist).
    expect(["queued", "running", "failed"]).toContain(requeued.status);
    await until(async () => (await getEvalJob(again.id))?.status === "failed", 60);
    expect(await getEvalJob(again.id)).toMatchObject({ status: "failed" });
  }, 120_000);
});
