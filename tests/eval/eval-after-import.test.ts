import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ItemResult } from "@/lib/eval/run-eval";
import { createTestDb } from "../support/test-db";

// Issue 23 item 0, as it was reproduced: a data folder with an index snapshot, `npm run ingest` of
// the 330 decisions into a new corpus, then at once `npm run eval` over it. The eval process opened
// the index from the snapshot and answered its first BM25 questions before applying the import's
// change log: empty rankings, kept by the evaluation cache. Now its rankings equal those of a later
// run, and each result records the (complete) index state it was computed on.
// Real decisions live beside the repository (../shared/data); a user's clone has none: skipped.
const SHARED = resolve("../shared/data");
const present = existsSync(join(SHARED, "dev/retrieval.jsonl")) && existsSync(join(SHARED, "precedents"));

describe.skipIf(!present)("npm run eval at once after npm run ingest", () => {
  it("ranks as a later run does, from an index that had applied the import", { timeout: 240_000 }, () => {
    const { url } = createTestDb();
    const dataDir = mkdtempSync(join(resolve("data/test"), "eval-after-import-"));
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "test",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
    };
    const tsx = (args: string[]) =>
      execFileSync(process.execPath, ["--import", "tsx", ...args], { env, encoding: "utf8", stdio: "pipe" });
    const bench = join(SHARED, "dev/retrieval.jsonl");
    const evaluate = (out: string, ...extra: string[]) => {
      tsx(["scripts/eval.ts", "--bench", bench, "--corpus", "r3", "--systems", "sparse", "--out", out, ...extra]);
      return (JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as { results: ItemResult[] }).results;
    };

    // A small corpus first, evaluated once: the eval process leaves the index snapshot behind.
    tsx(["scripts/ingest.ts", join(SHARED, "precedents/형사"), "--corpus", "r0"]);
    tsx(["scripts/eval.ts", "--bench", bench, "--corpus", "r0", "--systems", "sparse", "--out", join(dataDir, "r0")]);
    expect(existsSync(join(dataDir, "store/sparse.snapshot"))).toBe(true);

    tsx(["scripts/ingest.ts", join(SHARED, "precedents"), "--corpus", "r3"]);
    const first = evaluate(join(dataDir, "first"));
    const later = evaluate(join(dataDir, "later"), "--no-cache");

    const ranking = (results: ItemResult[]) => results.map((r) => [r.itemId, r.ranked.map((h) => h.chunkId)]);
    for (const result of first) expect(result.ranked.length, result.itemId).toBeGreaterThan(0);
    expect(ranking(first)).toEqual(ranking(later));
    for (const { index } of first) {
      expect(index?.main?.kind).toBe("embedded");
      expect(index?.main?.cursor).toBe(index?.main?.head);
      expect(index?.main?.partialAnswers).toBe(0);
    }
  });
});
