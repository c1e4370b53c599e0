import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { referenceBm25 } from "./contract";
import { synthetic } from "./synthetic";

/**
 * Issue 23 item 0: a process that opened the embedded store from a snapshot while another process
 * had just imported a corpus answered its first searches from the snapshot alone (the import's
 * backlog was above SYNC_BACKLOG), so BM25 found nothing in that corpus, and the evaluation cache
 * kept the empty rankings. The import here is another process (store-probe.ts, as the ingest CLI).
 */

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `rar-${name}-`));
const run = promisify(execFile);

/** Writes synthetic chunks from..to-1 of `corpus` in another process, in batches of 2,000. */
async function importElsewhere(dir: string, corpus: string, from: number, to: number): Promise<void> {
  const args = ["--import", "tsx", "tests/store/store-probe.ts", "write", dir, corpus, String(from), String(to), "0"];
  const { stdout } = await run(process.execPath, args, { encoding: "utf8", timeout: 90_000 });
  expect(stdout.trim()).toBe(`wrote ${to - from}`);
}

/** A store with corpus r0 (100 chunks) and its index snapshot, as a server leaves it. */
async function seeded(name: string): Promise<string> {
  const dir = tmp(name);
  const seed = new EmbeddedStore(dir);
  await seed.upsert(range(0, 100).map((n) => synthetic("r0", n)));
  expect(await seed.count()).toBe(100);
  await seed.close(); // writes the snapshot
  return dir;
}

describe("embedded store: opening while another process has imported", () => {
  it("answers the first searches with the import applied, not from the snapshot behind it", async () => {
    const dir = await seeded("open");
    await importElsewhere(dir, "r3", 0, 3_000);

    // Opened at once, as `npm run eval` right after `npm run ingest`, or a restarted server.
    const store = new EmbeddedStore(dir);
    const query = ["소멸시효", "명의신탁", "상속"];
    const [hits, count] = await Promise.all([
      store.sparseSearch(query, { topN: 20, filter: { corpusIds: ["r3"] } }),
      store.count({ corpusIds: ["r3"] }),
    ]);
    expect(count).toBe(3_000);
    const want = referenceBm25(
      range(0, 3_000).map((n) => synthetic("r3", n)),
      query,
      20,
    );
    expect(hits).toHaveLength(20);
    for (const [i, h] of hits.entries()) expect(h.score).toBeCloseTo(want[i]?.score ?? -1, 9);
    const stats = await store.indexStats();
    // Loaded from the snapshot, then the whole log applied before anything was answered.
    expect(stats).toMatchObject({ snapshotLoads: 1, rowLoads: 0, current: true, partialAnswers: 0 });
    expect(stats.appliedChanges).toBe(3_000);
    await store.close();
  }, 120_000);

  it("once current, answers around a large backlog, counts it, and syncIndex waits for it", async () => {
    const dir = await seeded("partial");
    // No polling: the worker looks at the log only when asked, so the backlog is there when it is.
    const server = new EmbeddedStore(dir, { pollMs: 3_600_000 });
    expect(await server.count()).toBe(100);
    expect(await server.syncIndex()).toMatchObject({ kind: "embedded", partialAnswers: 0 });

    await importElsewhere(dir, "r3", 0, 2_000); // one commit of 2,000 changes, above SYNC_BACKLOG
    // A lawyer's search meanwhile is answered from the index as it stands (availability)…
    expect(await server.count()).toBe(100);
    // …and counted, so a result kept for later can tell; a sync waits for the whole log.
    const state = await server.syncIndex();
    expect(state.partialAnswers).toBe(1);
    expect(state.cursor).toBe(state.head);
    expect(await server.count()).toBe(2_100);
    expect((await server.indexStats()).partialAnswers).toBe(1);
    await server.close();
  }, 120_000);
});
