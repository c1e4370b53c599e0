import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { syntheticJsonl, writeSyntheticDecisions } from "../tests/support/synthetic-decisions";
import { signIn } from "./helpers";

// Issue 8: an import or re-index froze the whole server (1,980 cached decisions: 23 s without an
// answer), and a killed CLI import locked its corpus until a restart. Jobs now run in a child
// process and beat; these tests drive the real production server.

const COUNT = 1000;
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);

async function createCorpus(page: Page, name: string): Promise<string> {
  await page.goto("/admin/corpora");
  await page.getByTestId("corpus-name").fill(name);
  await page.getByTestId("create-corpus-submit").click();
  await expect(page.getByTestId("corpus-title")).toHaveText(name);
  return page.url().split("/").pop() as string;
}

async function waitForJob(request: APIRequestContext, jobId: string, status: string, seconds = 90, every = 250) {
  await expect
    .poll(async () => (await (await request.get(`/api/admin/jobs/${jobId}`)).json()).status, {
      timeout: seconds * 1000,
      intervals: [every],
    })
    .toBe(status);
}

async function uploadJsonl(request: APIRequestContext, corpusId: string, count: number): Promise<string> {
  const response = await request.post(`/api/admin/corpora/${corpusId}/upload`, {
    multipart: {
      files: { name: "many.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(syntheticJsonl(count)) },
      paths: "many.jsonl",
    },
  });
  expect(response.status()).toBe(202);
  return (await response.json()).jobId as string;
}

test("the server answers health checks throughout a cached re-index of 1,000 decisions", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  const corpusId = await createCorpus(page, "천 건 재색인");
  const uploadJob = await uploadJsonl(page.request, corpusId, COUNT);
  await waitForJob(page.request, uploadJob, "done", 150);

  await page.reload();
  await expect(page.getByTestId("corpus-counts")).toContainText("판례 1,000건");
  // Poll /api/health every ~100 ms from before the click until the job has ended; the longest wait
  // between two answers is the gap.
  let polling = true;
  let maxGap = 0;
  let answers = 0;
  const poller = (async () => {
    let last = Date.now();
    while (polling) {
      const health = await page.request.get("/api/health");
      expect(health.ok()).toBe(true);
      const now = Date.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
      answers += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = Date.now();
  // Asked first, in Korean; nothing starts until it is confirmed.
  await page.getByTestId("corpus-reindex").click();
  await expect(page.getByTestId("corpus-reindex-question")).toContainText("다시 색인할까요");
  await expect(page.getByTestId("job-panel")).toHaveAttribute("data-job-id", uploadJob);
  await page.getByTestId("corpus-reindex-confirm").click();
  const panel = page.getByTestId("job-panel");
  await expect(panel).not.toHaveAttribute("data-job-id", uploadJob);
  const reindexJob = (await panel.getAttribute("data-job-id")) as string;
  // Once a second, like the corpus page's own polling: the health answers are what is measured.
  await waitForJob(page.request, reindexJob, "done", 150, 1000);
  polling = false;
  await poller;
  const job = await (await page.request.get(`/api/admin/jobs/${reindexJob}`)).json();
  console.log(
    `[measure] re-index of ${COUNT} cached decisions: ${((Date.now() - started) / 1000).toFixed(1)} s, ${answers} health answers, max gap ${maxGap} ms (embedded ${job.embedded})`,
  );
  expect(job).toMatchObject({ status: "done", indexed: COUNT, embedded: 0 });
  expect(maxGap).toBeLessThanOrEqual(1000);
});

test("a killed CLI import shows as interrupted and is resumed from the corpus page", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  const input = mkdtempSync(join(tmpdir(), "e2e-cli-"));
  writeSyntheticDecisions(input, 600);
  const cli = spawn(process.execPath, ["--import", "tsx", "scripts/ingest.ts", input, "--corpus", "끊긴 가져오기"], {
    env: {
      ...process.env,
      DATABASE_URL: "file:./data/e2e/app.db",
      DATA_DIR: "./data/e2e",
      VECTOR_STORE: "embedded",
      EMBEDDINGS_BASE_URL: `http://127.0.0.1:${BASE + 11}/v1`,
      EMBEDDINGS_API_KEY: "test-key",
      EMBEDDINGS_MODEL: "fake-embed",
      EMBEDDINGS_DIMENSIONS: "64",
      JOB_HEARTBEAT_SECONDS: "1",
      JOB_STALE_SECONDS: "3",
    },
  });
  let output = "";
  cli.stdout.on("data", (d) => {
    output += d;
  });
  await expect.poll(() => /작업 (\w+)/.exec(output)?.[1], { timeout: 60_000 }).toBeTruthy();
  const jobId = /작업 (\w+)/.exec(output)?.[1] as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()).indexed, {
      timeout: 60_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  cli.kill("SIGKILL");
  const corpusId = (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()).corpusId;

  // Within the stale limit (3 s here) the job is interrupted and the corpus is usable again.
  await page.goto(`/admin/corpora/${corpusId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "interrupted", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("upload-submit")).not.toHaveText("색인 작업 진행 중");

  await page.getByTestId("job-resume").click();
  await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  await expect(page.getByTestId("corpus-counts")).toContainText("판례 600건");
  const job = await (await page.request.get(`/api/admin/jobs/${jobId}`)).json();
  // Resuming skipped what the killed run had indexed.
  expect(job.indexed + job.unchanged).toBe(600);
  expect(job.unchanged).toBeGreaterThan(0);
});

test("an upload is cancelled from the corpus page", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  const corpusId = await createCorpus(page, "취소할 업로드");
  const jobId = await uploadJsonl(page.request, corpusId, COUNT);
  await page.reload();
  await expect(page.getByTestId("job-panel")).toHaveAttribute("data-job-id", jobId);
  await page.getByTestId("job-cancel").click();
  await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "cancelled", { timeout: 15_000 });
  const job = await (await page.request.get(`/api/admin/jobs/${jobId}`)).json();
  expect(job.indexed).toBeLessThan(COUNT);
});
