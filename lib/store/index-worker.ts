import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { headSeq, prune, prunedThrough, storeId } from "./change-log";
import { normalized } from "./embedded-schema";
import { type Applied, applySlice, loadFromRows, loadFromSnapshot } from "./index-loader";
import type { IndexStats, Reply, Request, WorkerInit, Written } from "./index-protocol";
import type { MemoryIndex } from "./memory-index";
import { peekSnapshot, writeSnapshot } from "./sparse-snapshot";

/**
 * The embedded store's index worker (started by index-client.ts): loads the index, applies the
 * change log, answers searches and writes snapshots, so none of it runs on the server's event loop.
 *
 * Freshness: a request carries `minSeq` (its process's own newest commit) and is answered only once
 * the index reflects it (read-your-writes). Other processes' commits (the ingest CLI or job child)
 * are noticed by a data_version poll and at every request: a backlog of up to SYNC_BACKLOG changes is
 * applied before answering; a larger one is applied in slices in the background while requests are
 * answered from the index as it stands — availability first: a lawyer's search never waits for a
 * 100k-chunk import to be indexed, it sees the import's chunks as they are applied.
 */

/** ~0.1–0.2 s of applying (2,500–7,000 real chunks/s on 2 busy cores): the most a search waits for. */
const SYNC_BACKLOG = 500;

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error("index-worker.ts runs as a worker thread");

const db = new Database(join(init.dir, "chunks.db"), { timeout: init.busyTimeoutMs });
const snapshotPath = join(init.dir, "sparse.snapshot");
const id = storeId(db);

interface Queued {
  request: Request;
  /** The newest commit when the request arrived (other processes' writes included). */
  head: number;
}

let index: MemoryIndex | undefined;
let reloadNeeded = false;
const queue: Queued[] = [];
let pumping = false;
let closed = false;
let dirty = false;
let snapshotDue = false;
let snapshotTimer: ReturnType<typeof setTimeout> | undefined;
let version = db.pragma("data_version", { simple: true }) as number;
const stats: Omit<IndexStats, "loaded" | "cursor" | "head" | "live" | "slots"> = {
  snapshotLoads: 0,
  rowLoads: 0,
  appliedChanges: 0,
  appliedChunks: 0,
  applyMs: 0,
  snapshotsWritten: 0,
  lastSnapshotMs: 0,
};

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const reply = (message: Reply) => port.postMessage(message);

function removeStaleTemporaries(): void {
  // A process killed while writing a snapshot leaves its temporary file behind; a recent one may
  // be another process's snapshot being written right now.
  for (const name of readdirSync(init.dir)) {
    if (!name.startsWith("sparse.snapshot.") || !name.endsWith(".tmp")) continue;
    const path = join(init.dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { force: true });
    } catch {
      // Renamed or removed meanwhile.
    }
  }
}

function servable({ request, head }: Queued, at: MemoryIndex | undefined, caughtUp: boolean): boolean {
  if (caughtUp) return true;
  if (request.op === "stats") return true;
  if (!at || at.cursor < request.minSeq) return false;
  if (request.op === "close" || request.op === "snapshot") return true;
  return at.cursor >= head || head - at.cursor > SYNC_BACKLOG;
}

function answer(request: Request, at: MemoryIndex | undefined): unknown {
  switch (request.op) {
    case "sparse":
      return at?.sparseSearch(request.tokens, request.topN, request.filter) ?? [];
    case "dense":
      return at?.denseSearch(normalized(request.vector), request.topN, request.filter) ?? [];
    case "count":
      return at?.count(request.filter) ?? 0;
    case "stats":
      return {
        ...stats,
        loaded: at !== undefined,
        cursor: at?.cursor ?? 0,
        head: headSeq(db),
        live: at?.live ?? 0,
        slots: at?.slots ?? 0,
      } satisfies IndexStats;
    case "snapshot":
      if (dirty) writeSnapshotNow();
      return stats.snapshotsWritten;
    case "close":
      if (dirty) writeSnapshotNow();
      shutDown();
      return true;
  }
}

/** Answers every queued request the index `at` can answer now (all of them once it `caughtUp`). */
function serve(at: MemoryIndex | undefined, caughtUp = false): void {
  for (let i = 0; i < queue.length; ) {
    const queued = queue[i] as Queued;
    if (closed || !servable(queued, at, caughtUp)) {
      i += 1;
      continue;
    }
    queue.splice(i, 1);
    try {
      reply({ id: queued.request.id, ok: true, value: answer(queued.request, at) });
    } catch (error) {
      reply({ id: queued.request.id, ok: false, message: String(error) });
    }
  }
}

async function load(): Promise<void> {
  removeStaleTemporaries();
  // Meanwhile, requests the previous index can answer are answered from it.
  const previous = index;
  const pause = async () => {
    await yieldTurn();
    serve(previous);
  };
  const fromSnapshot = await loadFromSnapshot(db, snapshotPath, pause);
  if (fromSnapshot) stats.snapshotLoads += 1;
  const loaded = fromSnapshot ?? (await loadFromRows(db, pause));
  if (!fromSnapshot) {
    stats.rowLoads += 1;
    // A store without a usable snapshot: make the next open fast.
    if (loaded.live > 0) markDirty();
  }
  index = loaded;
  reloadNeeded = false;
}

function markDirty(): void {
  dirty = true;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => {
    snapshotDue = true;
    void pump();
  }, init.snapshotDelayMs);
}

/**
 * Writes the index with the seq it reflects, then prunes the log up to it, and drops the index's
 * holes while the compacted arrays are at hand. About a second at 120k chunks, in this thread.
 */
function writeSnapshotNow(): void {
  snapshotDue = false;
  const at = index;
  if (!at) return;
  // Behind a prune by another process: our snapshot could not be used; we reload first.
  if (at.cursor < prunedThrough(db)) return;
  const existing = peekSnapshot(snapshotPath);
  if (existing && existing.storeId === id && existing.seq >= at.cursor) {
    dirty = false;
    return;
  }
  const started = performance.now();
  const exported = at.exportLive();
  writeSnapshot(snapshotPath, { seq: at.cursor, storeId: id, ids: exported.ids, ...exported.arrays });
  prune(db, at.cursor);
  if (at.slots > at.live) at.compact(exported);
  dirty = false;
  stats.snapshotsWritten += 1;
  stats.lastSnapshotMs = performance.now() - started;
}

function apply(at: MemoryIndex): Applied {
  const started = performance.now();
  const applied = applySlice(db, at);
  stats.applyMs += performance.now() - started;
  stats.appliedChanges += applied.changes;
  stats.appliedChunks += applied.chunks;
  if (applied.changes > 0) markDirty();
  return applied;
}

/** The worker's only loop: load, apply the log in slices, answer what can be answered in between. */
async function pump(): Promise<void> {
  if (pumping || closed) return;
  pumping = true;
  try {
    for (;;) {
      if (closed) return;
      if (!index || reloadNeeded) {
        await load();
        continue;
      }
      serve(index);
      if (closed) return;
      if (headSeq(db) > index.cursor) {
        if (apply(index).reload) reloadNeeded = true;
        await yieldTurn();
        continue;
      }
      // Nothing left to apply: everything queued is answerable (a minSeq is never above the head).
      serve(index, true);
      if (closed) return;
      if (snapshotDue) {
        try {
          writeSnapshotNow();
        } catch (error) {
          // Only a cache: the next open rebuilds from SQLite.
          console.error(`[store] index snapshot not written: ${String(error)}`);
        }
        await yieldTurn();
        continue;
      }
      return;
    }
  } catch (error) {
    console.error(`[store] index worker: ${String(error)}`);
    for (const { request } of queue.splice(0)) reply({ id: request.id, ok: false, message: String(error) });
  } finally {
    pumping = false;
  }
}

function shutDown(): void {
  closed = true;
  clearTimeout(snapshotTimer);
  clearInterval(poll);
  db.close();
}

// Other processes' commits change data_version; a cheap check, so an import is applied while it
// runs rather than all at the next search.
const poll = setInterval(() => {
  if (closed || pumping) return;
  const now = db.pragma("data_version", { simple: true }) as number;
  if (now === version) return;
  version = now;
  void pump();
}, init.pollMs);

port.on("message", (message: Request | Written) => {
  if (closed) return;
  // For tests: an uncaught exception, before any later message is read.
  if (message.op === "crash") throw new Error("index worker crash requested");
  if (message.op !== "written") queue.push({ request: message, head: headSeq(db) });
  void pump();
});
