import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { findCorpusByName, getCorpus } from "@/lib/db/corpora";
import { activeJob, createJob, getJob, type JobRecord, listJobs } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { removeCorpus } from "@/lib/ingest/corpus-admin";
import { cancelIngestionJob, viewJob } from "@/lib/ingest/job-control";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { runCli } from "../support/cli-child";
import { writeSyntheticDecisions } from "../support/synthetic-decisions";
import { useTestDatabase } from "../support/test-db";

/**
 * Issue 8: a CLI import killed mid-run left its corpus locked ("running" forever: uploads 409,
 * delete refused, cancel did nothing) until a server restart, which then ran the CLI's job itself.
 * Here the real CLI is killed with SIGKILL; with a 1 s heartbeat and a 3 s stale limit its corpus
 * must be usable again within those seconds, with no server involved.
 */

const COUNT = 800;
const STALE_SECONDS = 3;
let dataDir: string;
let env: NodeJS.ProcessEnv;
const input = mkdtempSync(join(tmpdir(), "rar-cli-kill-"));

beforeAll(() => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-cli-kill-data-"));
  process.env.DATA_DIR = dataDir;
  process.env.JOB_HEARTBEAT_SECONDS = "1";
  process.env.JOB_STALE_SECONDS = String(STALE_SECONDS);
  delete process.env.EMBEDDINGS_BASE_URL;
  resetEnvCache();
  env = { ...process.env, VECTOR_STORE: "embedded" };
  writeSyntheticDecisions(input, COUNT);
});

const cli = (args: string[]) => runCli("scripts/ingest.ts", args, env);

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, seconds: number): Promise<T> {
  const end = Date.now() + seconds * 1000;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** Starts an import into `corpus` and kills it with SIGKILL once it has indexed some decisions. */
async function killMidway(corpus: string): Promise<{ job: JobRecord; killedAt: number; indexedBefore: number }> {
  const run = cli([input, "--corpus", corpus]);
  const job = await until(
    async () => {
      const found = await findCorpusByName(corpus);
      return found ? ((await listJobs(found.id, 1))[0] ?? null) : null;
    },
    (j) => (j?.indexed ?? 0) > 0,
    120,
  );
  run.child.kill("SIGKILL");
  const killedAt = Date.now();
  const { code } = await run.done;
  expect(code).toBeNull();
  if (!job) throw new Error("the CLI never indexed anything");
  const indexedBefore = (await getCorpus(job.corpusId))?.documentCount ?? 0;
  expect(indexedBefore).toBeLessThan(COUNT);
  return { job, killedAt, indexedBefore };
}

describe("a CLI import killed with SIGKILL", () => {
  it("frees its corpus within the stale limit; the same command resumes it, indexing nothing twice", async () => {
    const { job, killedAt, indexedBefore } = await killMidway("kill-resume");
    const { corpusId } = job;
    // While its heartbeat is fresh the job still counts as running.
    expect((await viewJob(job.id))?.status).toBe("running");

    const interrupted = await until(
      () => viewJob(job.id),
      (j) => j?.status === "interrupted",
      STALE_SECONDS + 5,
    );
    const freedAfter = (Date.now() - killedAt) / 1000;
    console.log(
      `[measure] killed CLI job interrupted ${freedAfter.toFixed(1)} s after SIGKILL (stale limit ${STALE_SECONDS} s)`,
    );
    expect(interrupted?.status).toBe("interrupted");
    expect(freedAfter).toBeLessThanOrEqual(STALE_SECONDS + 2);
    expect((await getCorpus(corpusId))?.status).not.toBe("indexing");

    // The corpus takes new jobs (no ingest:busy); that one is cancelled at once while queued.
    const another = await createJob({ corpusId, kind: "upload" });
    expect((await cancelIngestionJob(another.id)).status).toBe("cancelled");

    // Running the same import again resumes the interrupted job.
    const again = cli([input, "--corpus", "kill-resume"]);
    const { code, output } = await again.done;
    expect(output).toContain(`중단된 작업 ${job.id}`);
    expect(code).toBe(0);
    const resumed = await getJob(job.id);
    expect(resumed).toMatchObject({ status: "done", failed: 0 });
    expect(resumed?.unchanged).toBeGreaterThanOrEqual(indexedBefore);
    expect((resumed?.indexed ?? 0) + (resumed?.unchanged ?? 0)).toBe(COUNT);
    const corpus = await getCorpus(corpusId);
    expect(corpus?.documentCount).toBe(COUNT);
    const store = new EmbeddedStore(join(dataDir, "store"));
    expect(await store.count({ corpusIds: [corpusId] })).toBe(corpus?.chunkCount);
    await store.close();
  }, 300_000);

  it("can be cancelled, and its corpus deleted, once its heartbeat is stale", async () => {
    const { job } = await killMidway("kill-cancel");
    const store = new EmbeddedStore(join(dataDir, "store"));
    try {
      // Fresh heartbeat: delete is refused, cancel is recorded for the (dead) process.
      await expect(removeCorpus(job.corpusId, store, dataDir)).rejects.toMatchObject({ code: "ingest:busy" });
      expect(await cancelIngestionJob(job.id)).toMatchObject({ status: "running", cancelRequested: true });
      const cancelled = await until(
        () => viewJob(job.id),
        (j) => j?.status === "cancelled",
        STALE_SECONDS + 5,
      );
      expect(cancelled?.status).toBe("cancelled");
      expect(await activeJob(job.corpusId)).toBeNull();
      await removeCorpus(job.corpusId, store, dataDir);
      expect(await getCorpus(job.corpusId)).toBeNull();
    } finally {
      await store.close();
    }
  }, 300_000);
});
