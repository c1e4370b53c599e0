import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createCorpus } from "@/lib/db/corpora";
import { createEvalJob, getEvalJob } from "@/lib/db/eval-jobs";
import { beatJob, createJob, getJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { resumeEvaluations } from "@/lib/eval/eval-jobs";
import { resumeUnfinishedJobs } from "@/lib/ingest/job-queue";
import { processOwner } from "@/lib/jobs/owner";
import { useTestDatabase } from "../support/test-db";

/**
 * What a starting server does with the jobs it finds: those of the previous server resume; a CLI
 * import that still beats is left alone; one that stopped beating is interrupted, not run.
 */

let db: Db;
const FIXTURES = resolve("tests/fixtures/decisions");

beforeAll(() => {
  db = useTestDatabase();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "rar-start-"));
  process.env.JOB_HEARTBEAT_SECONDS = "1";
  process.env.JOB_STALE_SECONDS = "3";
  delete process.env.EMBEDDINGS_BASE_URL;
  delete process.env.LLM_BASE_URL;
  delete process.env.RERANK_BASE_URL;
  resetEnvCache();
});

/** A pid that surely belonged to a process of this host and is gone now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  return child.pid as number;
}

/** A job as a dead process left it. Created first, then marked (creating sweeps stale jobs). */
async function created(name: string, kind: "upload" | "cli") {
  const corpus = await createCorpus(name);
  return (await createJob({ corpusId: corpus.id, kind, inputDir: FIXTURES })).id;
}

async function markRunning(id: string, owner: string, heartbeatAt: Date) {
  await db.ingestionJob.update({ where: { id }, data: { status: "running", owner, heartbeatAt } });
}

async function waitUntilEnded(read: () => Promise<{ status: string } | null>, seconds = 90) {
  for (let i = 0; i < seconds * 5; i++) {
    const status = (await read())?.status;
    if (status !== "queued" && status !== "running") return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("at server start", () => {
  it("resumes the previous server's jobs, leaves a live CLI job alone and interrupts a dead one", async () => {
    const longAgo = new Date(Date.now() - 60_000);
    const host = hostname();
    const staleServer = await created("stale-server", "upload");
    const freshDeadServer = await created("fresh-dead-server", "upload");
    const liveCli = await created("live-cli", "cli");
    const deadCli = await created("dead-cli", "cli");
    await markRunning(staleServer, `server:${deadPid()}@${host}`, longAgo);
    // Killed a moment ago: its child may still have beaten, but the server's process is gone.
    await markRunning(freshDeadServer, `server:${deadPid()}@${host}`, new Date());
    await markRunning(liveCli, processOwner("cli", process.pid), new Date());
    await markRunning(deadCli, `cli:${deadPid()}@${host}`, longAgo);

    // The live CLI keeps beating while the server starts and runs the other jobs.
    const cliOwner = processOwner("cli", process.pid);
    const beating = setInterval(() => void beatJob(liveCli, cliOwner), 500);

    expect(await resumeUnfinishedJobs()).toBe(2);

    expect(await getJob(liveCli)).toMatchObject({ status: "running", owner: processOwner("cli", process.pid) });
    expect(await getJob(deadCli)).toMatchObject({ status: "interrupted", message: expect.stringContaining("중단") });
    for (const id of [staleServer, freshDeadServer]) {
      await waitUntilEnded(() => getJob(id));
      expect(await getJob(id)).toMatchObject({ status: "done", indexed: 6, owner: processOwner("server") });
    }
    // The live CLI job was never touched, not even by the server's runs.
    clearInterval(beating);
    expect(await getJob(liveCli)).toMatchObject({ status: "running", indexed: 0 });
  }, 240_000);

  it("resumes an evaluation whose server died", async () => {
    const corpus = await createCorpus("eval-corpus");
    const dir = join(process.env.DATA_DIR as string, "evals", "e1");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "benchmark.jsonl"),
      '{"id":"q1","question":"드론 배송 사고","gold_case_numbers":["2098다1001"]}\n',
    );
    const job = await createEvalJob({
      id: "e1",
      name: "재개 평가",
      corpusId: corpus.id,
      systems: ["sparse"],
      benchPath: join(dir, "benchmark.jsonl"),
      outDir: dir,
      createdBy: "admin",
    });
    await db.evalJob.update({
      where: { id: job.id },
      data: {
        status: "running",
        owner: `server:${deadPid()}@${hostname()}`,
        heartbeatAt: new Date(Date.now() - 60_000),
      },
    });
    expect(await resumeEvaluations()).toBe(1);
    await waitUntilEnded(() => getEvalJob(job.id));
    expect(await getEvalJob(job.id)).toMatchObject({ status: "done", total: 1, done: 1 });
  }, 120_000);
});
