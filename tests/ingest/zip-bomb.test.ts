import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus } from "@/lib/db/corpora";
import { listJobs } from "@/lib/db/jobs";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { acceptUpload } from "@/lib/ingest/upload";
import { uploadLimits } from "@/lib/ingest/upload-budget";
import { useTestDatabase } from "../support/test-db";
import { deflateZeros, multipartRequest, zip } from "../support/zip-writer";

const MB = 1_048_576;
let dataDir: string;
let payload: Awaited<ReturnType<typeof deflateZeros>>;

beforeAll(async () => {
  useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-bomb-"));
  // 500 MB of zeros deflate to about 500 KB: built by streaming, never held inflated.
  payload = await deflateZeros(500 * MB);
}, 120_000);

/**
 * Runs `work` while sampling RSS every millisecond the event loop allows, plus the kernel's peak
 * (maxRSS), which catches a spike between samples or while the loop is blocked. Also records the
 * longest gap between samples, i.e. how long the event loop was held.
 */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 1);
  const started = performance.now();
  const outcome = await work().then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  const ms = performance.now() - started;
  clearInterval(timer);
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  // A new lifetime peak during the work is a peak of the work; otherwise the samples tell.
  if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
  return { ...outcome, ms, growthMb: (peak - before) / MB, longestGapMs: longestGap };
}

describe("a 500 KB zip that inflates to 500 MB", () => {
  it("is refused early, from the central directory, with a clear message and no memory spike", async () => {
    const corpus = await createCorpus("bomb");
    const archive = zip([{ name: "판례/zeros.md", packed: payload }]);
    expect(archive.byteLength).toBeLessThan(MB);
    const request = await multipartRequest([["files", { name: "bomb.zip", data: archive }]]);
    const run = await measured(() => acceptUpload(corpus.id, request, { dataDir, limits: uploadLimits(env()) }));
    console.log(
      `[zip bomb, declared sizes] ${(archive.byteLength / 1024).toFixed(0)} KB zip → 500 MB: refused in ${run.ms.toFixed(0)} ms, RSS growth ${run.growthMb.toFixed(1)} MB, longest event-loop gap ${run.longestGapMs.toFixed(0)} ms`,
    );
    expect(run.error).toBeInstanceOf(AppError);
    const error = run.error as AppError;
    expect(error.code).toBe("ingest:too_large");
    expect(error.status).toBe(413);
    expect(error.userMessage).toContain("압축률이 비정상적으로 높은 항목");
    expect(error.userMessage).toContain("판례/zeros.md");
    expect(run.growthMb).toBeLessThanOrEqual(100);
    const [job] = await listJobs(corpus.id);
    expect(job?.status).toBe("failed");
    expect(job?.message).toBe(error.userMessage);
    expect(existsSync(join(dataDir, "uploads", job?.id ?? "none"))).toBe(false);
  });

  it("whose central directory lies about its size is stopped while inflating, with no memory spike", async () => {
    const corpus = await createCorpus("lying bomb");
    // Declares 1 MB (2:1 against its packed size, plausible) but holds 500 MB.
    const archive = zip([{ name: "zeros.md", packed: { ...payload, size: MB } }]);
    const request = await multipartRequest([["files", { name: "liar.zip", data: archive }]]);
    const run = await measured(() => acceptUpload(corpus.id, request, { dataDir, limits: uploadLimits(env()) }));
    console.log(
      `[zip bomb, lying sizes] refused in ${run.ms.toFixed(0)} ms, RSS growth ${run.growthMb.toFixed(1)} MB, longest event-loop gap ${run.longestGapMs.toFixed(0)} ms`,
    );
    expect(run.error).toBeInstanceOf(AppError);
    expect((run.error as AppError).code).toBe("ingest:bad_file");
    expect((run.error as AppError).userMessage).toContain("선언된 크기");
    expect(run.growthMb).toBeLessThanOrEqual(100);
    const [job] = await listJobs(corpus.id);
    expect(job?.status).toBe("failed");
    expect(existsSync(join(dataDir, "uploads", job?.id ?? "none"))).toBe(false);
  });
});
