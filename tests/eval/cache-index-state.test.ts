import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IndexStates, type ItemResult, runEvaluation } from "@/lib/eval/run-eval";
import { resolveSystems } from "@/lib/eval/systems";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { FIXTURE_CORPUS, FIXTURE_ITEMS } from "../support/eval-fixture";
import { seedFixtureDecisions } from "../support/seed-fixtures";

/**
 * Issue 23 item 0: the evaluation cache kept rankings computed on an index that was still
 * loading, and every later run reused them. An entry now records the index state it was computed
 * on, and a result is kept only when every search it made was answered from a complete index.
 */

let dir: string;
let store: EmbeddedStore;
const items = FIXTURE_ITEMS;
const { systems } = resolveSystems("sparse");
const available = { llm: false, embeddings: false, reranker: false };
const corpus = FIXTURE_CORPUS;
const config = {
  store: { kind: "embedded" as const, dataDir: ".", qdrantCollection: "x" },
  statusCacheSeconds: 0,
  faultCooldownSeconds: 0,
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rar-cache-index-"));
  // No polling: the index looks at the log only when asked, so an import's backlog is there when it is.
  store = new EmbeddedStore(dir, { pollMs: 3_600_000 });
  await seedFixtureDecisions(store);
});
afterAll(() => store.close());

const evaluate = (cacheDir: string, syncIndexes?: () => Promise<IndexStates>) =>
  runEvaluation({
    items,
    systems,
    deps: { store, settings: DEFAULT_SETTINGS, filter: { corpusIds: ["c"] } },
    available,
    cacheDir,
    fingerprint: { config, corpus },
    syncIndexes,
  });

const entries = (cacheDir: string) =>
  readdirSync(join(cacheDir, "sparse")).map(
    (name) => JSON.parse(readFileSync(join(cacheDir, "sparse", name), "utf8")) as ItemResult,
  );

describe("evaluation cache and the index state", () => {
  it("records the index state an entry was computed on, and reuses it", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-cache-"));
    const first = await evaluate(cacheDir);
    expect(first.results[0]?.error).toBeUndefined();
    expect(first.results[0]?.ranked.length).toBeGreaterThan(0);
    const [entry] = entries(cacheDir);
    // Nothing written since: the entry holds the state the index is in now.
    const now = await store.syncIndex();
    expect(now).toMatchObject({ kind: "embedded", partialAnswers: 0 });
    expect(now.cursor).toBeGreaterThan(0);
    expect(entry?.index).toEqual({ main: now });
    expect((await evaluate(cacheDir)).results[0]?.fromCache).toBe(true);
  });

  it("runs again an entry that does not say what index it was computed on", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-cache-"));
    await evaluate(cacheDir);
    const name = readdirSync(join(cacheDir, "sparse"))[0] as string;
    // As an entry written before index states were recorded, with the rankings of a loading index.
    const path = join(cacheDir, "sparse", name);
    const { index: _, ...old } = JSON.parse(readFileSync(path, "utf8")) as ItemResult;
    writeFileSync(path, JSON.stringify({ ...old, ranked: [] }));
    const again = await evaluate(cacheDir);
    expect(again.results[0]?.fromCache).toBeFalsy();
    expect(again.results[0]?.ranked.length).toBeGreaterThan(0);
    expect(entries(cacheDir)[0]?.index?.main?.kind).toBe("embedded");
  });

  it("keeps no result whose searches were answered while another process's import was being applied", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-cache-"));
    let calls = 0;
    const run = await evaluate(cacheDir, async () => {
      const state = { main: await store.syncIndex() };
      // After the sync before the item: 2,000 chunks land (one commit, above what a search waits for).
      if (calls++ === 0) {
        const args = ["--import", "tsx", "tests/store/store-probe.ts", "write", dir, "other", "0", "2000", "0"];
        await promisify(execFile)(process.execPath, args, { timeout: 90_000 });
      }
      return state;
    });
    expect(run.results[0]?.ranked.length).toBeGreaterThan(0);
    expect(run.results[0]?.error).toBeUndefined();
    expect((await store.indexStats()).partialAnswers).toBeGreaterThan(0);
    expect(readdirSync(cacheDir)).toEqual([]);
    // Once complete, the next run keeps it.
    await evaluate(cacheDir);
    expect(entries(cacheDir)).toHaveLength(1);
  }, 120_000);
});
