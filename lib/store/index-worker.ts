import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { logger } from "../util/log";
import { BUILD_THREADS } from "./ann-graph";
import { ANN_DEFAULTS } from "./ann-options";
import { headSeq, storeId } from "./change-log";
import { queryCost } from "./doc-budget";
import { matchDocuments } from "./doc-match";
import { normalized } from "./embedded-schema";
import { type Applied, applySlice, loadFromRows, loadFromSnapshot } from "./index-loader";
import { attachGraphs, GraphSaver, removeStaleFiles, snapshotPath, writeSnapshotOf } from "./index-persist";
import type { IndexStats, Reply, Request, SearchReply, WorkerInit, Written } from "./index-protocol";
import type { MemoryIndex } from "./memory-index";
import type { IndexState } from "./types";

/**
 * The embedded store's index worker (started by index-client.ts): loads the index, applies the
 * change log, answers searches and writes snapshots, so none of it runs on the server's event loop.
 *
 * Freshness: a request carries `minSeq` (its process's own newest commit) and is answered only once
 * the index reflects it (read-your-writes). Other processes' commits (the ingest CLI or job child)
 * are noticed by a data_version poll and at every request. Until the index has once reflected the
 * whole log (`current`), every request waits for the log as it stood when it arrived: a process
 * that opens the store from a snapshot while another has just imported a corpus must not answer as
 * if that corpus had no match. From then on, a backlog of up to SYNC_BACKLOG changes is applied
 * before answering; a larger one is applied in slices in the background while requests are
 * answered from the index as it stands — availability first: a lawyer's search never waits for a
 * 100k-chunk import to be indexed, it sees the import's chunks as they are applied. Such answers are
 * counted (`partialAnswers`) and marked `incomplete` (the answer says so to the lawyer), and a `sync` request always waits (the evaluation cache keeps only
 * results computed on a complete index).
 *
 * Dense vectors are searchable as soon as they are applied (exactly); their HNSW graph
 * (dense-index.ts) is built in slices of GRAPH_SLICE_MS, one after each slice of the log and then
 * until nothing is pending, and saved with the snapshot (ann-file.ts).
 */

/** ~0.1–0.2 s of applying (2,500–7,000 real chunks/s on 2 busy cores): the most a search waits for. */
const SYNC_BACKLOG = 500;
/** Graph insertions per turn: ~1–3 ms each at 1,024 dimensions, so a search waits at most this long. */
const GRAPH_SLICE_MS = 25;
/**
 * Threads for graph insertions once the change log is applied. While changes arrive, a writer (an
 * import) is running on another core and the graph takes one thread between slices of the log; once
 * they stop, what is left is the graph's backlog alone, and on one thread that backlog outlasted the
 * import by more than half its time (bench:ingest: usearch's insertions on 2 threads run 1.9× as
 * fast as on one, 6,238 vs 3,324 per second at 120k × 1,024 on 2 cores, scripts/measure-ann.ts).
 * A search still waits at most one slice, and the server's own thread mostly waits on model calls.
 */
const DRAIN_THREADS = BUILD_THREADS;

const init = workerData as WorkerInit;
const port = parentPort;
if (!port) throw new Error("index-worker.ts runs as a worker thread");

const db = new Database(join(init.dir, "chunks.db"), { timeout: init.busyTimeoutMs });
const id = storeId(db);
const ann = init.ann ?? ANN_DEFAULTS;

interface Queued {
  request: Request;
  /** The newest commit when the request arrived (other processes' writes included). */
  head: number;
}

let index: MemoryIndex | undefined;
/** The index has reflected the whole log at least once since the worker started. */
let current = false;
let reloadNeeded = false;
const queue: Queued[] = [];
let pumping = false;
let closed = false;
let dirty = false;
let snapshotDue = false;
let snapshotTimer: ReturnType<typeof setTimeout> | undefined;
let version = db.pragma("data_version", { simple: true }) as number;
const stats: Omit<IndexStats, "loaded" | "current" | "cursor" | "head" | "live" | "slots" | "graphs" | "dense"> = {
  partialAnswers: 0,
  snapshotLoads: 0,
  rowLoads: 0,
  appliedChanges: 0,
  appliedChunks: 0,
  applyMs: 0,
  snapshotsWritten: 0,
  lastSnapshotMs: 0,
  graphLoads: 0,
  graphSaves: 0,
  lastGraphSaveMs: 0,
};
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
// While it saves in the background, searches are answered and nothing changes the index.
const saver = new GraphSaver(init.dir, id, stats, async (at) => {
  await yieldTurn();
  serve(at);
});

const reply = (message: Reply) => port.postMessage(message);

const textById = db.prepare("SELECT text FROM chunks WHERE id = ?").pluck();
/** Chunk texts for checking a quoted phrase (doc-match.ts), read here, off the server's thread. */
function readTexts(ids: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const chunkId of ids) {
    const text = textById.get(chunkId) as string | undefined;
    if (text !== undefined) out.set(chunkId, text);
  }
  return out;
}

function servable({ request, head }: Queued, at: MemoryIndex | undefined, caughtUp: boolean): boolean {
  if (request.op === "stats") return true;
  const writes = request.op === "close" || request.op === "snapshot";
  // Not while the graphs are being written; a snapshot also waits for the graphs to be complete
  // (built in slices meanwhile), so that they are saved with it.
  if (writes && saver.saving) return false;
  if (request.op === "snapshot" && at && at.dense.backlog > 0) return false;
  if (caughtUp) return true;
  if (!at || at.cursor < request.minSeq) return false;
  if (writes || at.cursor >= head) return true;
  if (request.op === "sync" || !current) return false;
  return head - at.cursor > SYNC_BACKLOG;
}

function answer({ request, head }: Queued, at: MemoryIndex | undefined): unknown {
  const search = request.op === "sparse" || request.op === "dense" || request.op === "count" || request.op === "match";
  const incomplete = search && (!at || at.cursor < head);
  if (incomplete) stats.partialAnswers += 1;
  switch (request.op) {
    case "sync":
      return {
        kind: "embedded",
        storeId: id,
        cursor: at?.cursor ?? 0,
        head,
        partialAnswers: stats.partialAnswers,
      } satisfies IndexState;
    case "sparse":
      return {
        hits: at?.sparseSearch(request.tokens, request.topN, request.filter, request.terms) ?? [],
        incomplete,
      } satisfies SearchReply;
    case "dense":
      return {
        hits: at?.denseSearch(normalized(request.vector), request.topN, request.filter, request.exact) ?? [],
        incomplete,
      } satisfies SearchReply;
    case "count":
      return at?.count(request.filter) ?? 0;
    case "match":
      return at ? { ...matchDocuments(at, request.query, readTexts), incomplete } : undefined;
    case "stats":
      return {
        ...stats,
        loaded: at !== undefined,
        current,
        cursor: at?.cursor ?? 0,
        head: headSeq(db),
        live: at?.live ?? 0,
        slots: at?.slots ?? 0,
        graphs: at?.dense.describe() ?? [],
        dense: {
          ...(at?.dense.stats ?? { inserted: 0, insertMs: 0, graphsBuilt: 0, annSearches: 0, exactSearches: 0 }),
        },
      } satisfies IndexStats;
    case "snapshot":
      if (dirty) writeSnapshotNow();
      if (at) saver.saveNow(at);
      return stats.snapshotsWritten;
    case "close":
      if (dirty) writeSnapshotNow();
      // Graphs still being built are not saved (the next open builds them again).
      if (at) saver.saveNow(at);
      shutDown();
      return true;
  }
}

const SEARCHES = new Set(["sparse", "dense", "count", "match"]);
/** A search's estimated work: 판례 검색's postings (doc-match.ts); the others are light (0). */
const costOf = ({ request }: Queued, at: MemoryIndex | undefined) =>
  request.op === "match" && at ? queryCost(at, request.query) : 0;

function answerOne(queued: Queued, at: MemoryIndex | undefined): void {
  queue.splice(queue.indexOf(queued), 1);
  try {
    reply({ id: queued.request.id, ok: true, value: answer(queued, at) });
  } catch (error) {
    reply({ id: queued.request.id, ok: false, message: String(error) });
  }
}

/**
 * Answers the queued requests the index `at` can answer now (all of them once it `caughtUp`), at
 * most `searches` searches, the cheapest first: a lawyer's two-word search is not held behind eight
 * pasted pages (the pump gives the port a turn between searches, so a new cheap one goes next).
 */
function serve(at: MemoryIndex | undefined, caughtUp = false, searches = Number.POSITIVE_INFINITY): void {
  const ready = queue.filter((queued) => servable(queued, at, caughtUp));
  if (ready.some(({ request }) => !SEARCHES.has(request.op))) {
    // A stats, sync, snapshot or close among them: everything in the order it came (close last).
    for (const queued of ready) {
      if (closed) return;
      answerOne(queued, at);
    }
    return;
  }
  const costs = new Map(ready.map((queued) => [queued, costOf(queued, at)]));
  ready.sort((a, b) => (costs.get(a) as number) - (costs.get(b) as number));
  for (const queued of ready.slice(0, searches)) {
    if (closed) return;
    answerOne(queued, at);
  }
}

/** Whether a queued request could be answered now by the caught-up index. */
const waiting = (at: MemoryIndex) => queue.some((queued) => servable(queued, at, true));

async function load(): Promise<void> {
  removeStaleFiles(init.dir);
  // Meanwhile, requests the previous index can answer are answered from it.
  const previous = index;
  const pause = async () => {
    await yieldTurn();
    serve(previous);
  };
  const fromSnapshot = await loadFromSnapshot(db, snapshotPath(init.dir), pause, ann);
  if (fromSnapshot) stats.snapshotLoads += 1;
  const loaded = fromSnapshot ?? (await loadFromRows(db, pause, ann));
  stats.graphLoads += await attachGraphs(db, init.dir, id, loaded, pause);
  if (!fromSnapshot) {
    stats.rowLoads += 1;
    // A store without a usable snapshot: make the next open fast.
    if (loaded.live > 0) markDirty();
  }
  index = loaded;
  reloadNeeded = false;
  previous?.dense.release();
}

function markDirty(): void {
  dirty = true;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => {
    snapshotDue = true;
    void pump();
  }, init.snapshotDelayMs);
}

/** The BM25 snapshot (about a second at 120k chunks, in this thread); see writeSnapshotOf(). */
function writeSnapshotNow(): void {
  snapshotDue = false;
  const at = index;
  if (!at) return;
  const started = performance.now();
  const result = writeSnapshotOf(db, init.dir, id, at);
  // Behind a prune by another process: our snapshot could not be used; we reload first.
  if (result === "behind") return;
  dirty = false;
  if (result === "current") return;
  stats.snapshotsWritten += 1;
  stats.lastSnapshotMs = performance.now() - started;
}

/** One slice of graph insertions; counts as a change for the snapshot timer (graphs saved with it). */
function buildGraphs(at: MemoryIndex, threads = 1): void {
  if (at.dense.build(GRAPH_SLICE_MS, threads) > 0) markDirty();
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
      serve(index, false, 1);
      if (closed) return;
      if (headSeq(db) > index.cursor) {
        if (apply(index).reload) reloadNeeded = true;
        // The graphs get a turn between slices of the log, so they keep up with a long import.
        else buildGraphs(index);
        await yieldTurn();
        continue;
      }
      // Nothing left to apply: everything queued is answerable (a minSeq is never above the head).
      current = true;
      serve(index, true, 1);
      if (closed) return;
      // One search per turn: the port's new requests join the queue before the next is chosen.
      if (waiting(index)) {
        await yieldTurn();
        continue;
      }
      if (index.dense.backlog > 0) {
        buildGraphs(index, DRAIN_THREADS);
        await yieldTurn();
        continue;
      }
      if (snapshotDue) {
        try {
          writeSnapshotNow();
        } catch (error) {
          // Only a cache: the next open rebuilds from SQLite.
          logger("store").error(`index snapshot not written: ${String(error)}`);
        }
        await saver.save(index);
        await yieldTurn();
        continue;
      }
      return;
    }
  } catch (error) {
    logger("store").error(`index worker: ${String(error)}`);
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
  // The pump is waiting for the graphs' save: what the index can answer is answered now.
  if (saver.saving) serve(index);
  void pump();
});
