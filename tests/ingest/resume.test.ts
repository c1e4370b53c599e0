import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus, getCorpus } from "@/lib/db/corpora";
import { createJob, getJob, updateJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { resumeUnfinishedJobs } from "@/lib/ingest/job-queue";
import { processOwner } from "@/lib/jobs/owner";
import { useTestDatabase } from "../support/test-db";

beforeAll(() => {
  useTestDatabase();
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "rar-resume-"));
  delete process.env.EMBEDDINGS_BASE_URL;
  resetEnvCache();
});

describe("after a restart", () => {
  it("picks up a job that was running when the server stopped, and finishes it", async () => {
    const corpus = await createCorpus("interrupted");
    const job = await createJob({ corpusId: corpus.id, kind: "upload", inputDir: resolve("tests/fixtures/decisions") });
    // What a crash leaves behind: a job marked running, half-way through its files.
    await updateJob(job.id, { status: "running", startedAt: new Date(), filesTotal: 5, filesDone: 2 });

    // Re-queued, then run by a job child process (scripts/job-runner.ts) in the server's name.
    expect(await resumeUnfinishedJobs()).toBe(1);
    const active = (status?: string) => status === "queued" || status === "running";
    for (let i = 0; i < 300 && active((await getJob(job.id))?.status); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await getJob(job.id)).toMatchObject({
      status: "done",
      filesDone: 5,
      indexed: 6,
      owner: processOwner("server"),
    });
    expect(await getCorpus(corpus.id)).toMatchObject({ status: "ready", documentCount: 6, sparseOnly: true });
    // A second call in the same process does nothing.
    expect(await resumeUnfinishedJobs()).toBe(0);
  });
});
