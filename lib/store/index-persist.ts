import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { logger } from "../util/log";
import { loadAnn, peekAnn, removeStaleAnnFiles, saveAnn, saveAnnNow } from "./ann-file";
import { AnnGraph } from "./ann-graph";
import { prune, prunedThrough } from "./change-log";
import type { MemoryIndex, SlotMeta } from "./memory-index";
import { peekSnapshot, writeSnapshot, writeSnapshotPieces } from "./sparse-snapshot";

/**
 * The index worker's files beside `chunks.db`: the BM25 snapshot (sparse-snapshot.ts) and the HNSW
 * graphs (ann-file.ts), both caches of what SQLite holds, both stamped with the change-log seq.
 */

export const snapshotPath = (dir: string) => join(dir, "sparse.snapshot");

/** A process killed while writing leaves temporaries behind; a recent one may be in the making. */
export function removeStaleFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith("sparse.snapshot.") || !name.endsWith(".tmp")) continue;
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { force: true });
    } catch {
      // Renamed or removed meanwhile.
    }
  }
  removeStaleAnnFiles(dir);
}

/**
 * Writes the BM25 snapshot with the seq `at` reflects, prunes the log up to it, and drops the index's
 * holes while the compacted arrays are at hand. "current": a snapshot at least as new is there;
 * "behind": another process pruned past `at` (it reloads first).
 */
export function writeSnapshotOf(db: Database.Database, dir: string, id: number, at: MemoryIndex) {
  if (at.cursor < prunedThrough(db)) return "behind" as const;
  const existing = peekSnapshot(snapshotPath(dir));
  if (existing && existing.storeId === id && existing.seq >= at.cursor) return "current" as const;
  const stamp = { seq: at.cursor, storeId: id };
  if (at.slots > at.live) {
    // Holes to drop: the compacted arrays are written and become the index.
    const exported = at.exportLive();
    writeSnapshot(snapshotPath(dir), { ...stamp, ids: exported.ids, ...exported.arrays });
    prune(db, at.cursor);
    at.compact(exported);
    return "written" as const;
  }
  // None: written straight from the index, without a second copy of its postings.
  const { ids, layout } = at.exportLayout();
  // A generator, not an array: each piece reuses one buffer and must be written before the next.
  function* body() {
    yield layout.lengths;
    yield layout.counts;
    yield* layout.slotPieces();
    yield* layout.tfPieces();
  }
  writeSnapshotPieces(snapshotPath(dir), stamp, { ids, terms: layout.terms }, body());
  prune(db, at.cursor);
  return "written" as const;
}

/**
 * The graphs to save, when they reflect `at`'s cursor completely (nothing pending) and the files on
 * disk do not already; write them with saveAnn() (background) or saveAnnNow().
 */
function graphsDue(dir: string, id: number, at: MemoryIndex) {
  const graphs = at.dense.graphs;
  if (at.dense.backlog > 0) return undefined;
  const onDisk = peekAnn(dir);
  // No graph and none on disk: nothing to write (an emptied store still clears the old files).
  if (graphs.length === 0 && !onDisk) return undefined;
  if (onDisk && onDisk.storeId === id && onDisk.seq === at.cursor) return undefined;
  const idOf = (slot: number) => (at.metas[slot] as SlotMeta).id;
  return { stamp: { seq: at.cursor, storeId: id }, graphs, idOf };
}

/** After a full load: the graphs from disk that fit the loaded index, new ones (pending) for the rest. */
export async function attachGraphs(
  db: Database.Database,
  dir: string,
  id: number,
  at: MemoryIndex,
  pause: () => Promise<void>,
): Promise<number> {
  const loaded = await loadAnn(dir, { seq: at.cursor, storeId: id }, at.dense.options.ef, pause);
  // Rows changed after the cursor were loaded as they are now, not as the graphs hold them: left out
  // of the graphs, so the changes applied next insert them afresh (an unchanged vector keeps its
  // place in a graph only when the graph is known to hold that very vector).
  const changed = new Set(
    db.prepare("SELECT key FROM changes WHERE seq > ? AND op = 'chunk'").pluck().all(at.cursor) as string[],
  );
  const graphs = loaded.map(({ dims, corpus, index, ids }) =>
    AnnGraph.attach(dims, corpus, index, ids, (chunkId) => {
      if (changed.has(chunkId)) return undefined;
      const slot = at.slotOf.get(chunkId);
      // A chunk whose vector changed size since (another model) is not this graph's any more.
      const fits = slot !== undefined && at.dense.vectors[slot]?.length === dims;
      return fits && at.metas[slot]?.corpusId === corpus ? slot : undefined;
    }),
  );
  at.dense.settle(graphs);
  return graphs.length;
}

/**
 * Saves the worker's graphs: in the background (`between()` runs between graphs and pieces of the
 * digest: the worker answers searches there and must change nothing until save() resolves), or all
 * at once for an explicit snapshot and at close. Only a cache: a failure is logged, and the next
 * open rebuilds.
 */
export class GraphSaver {
  saving = false;

  constructor(
    private readonly dir: string,
    private readonly id: number,
    private readonly stats: { graphSaves: number; lastGraphSaveMs: number },
    private readonly between: (at: MemoryIndex) => Promise<void>,
  ) {}

  async save(at: MemoryIndex): Promise<void> {
    const due = graphsDue(this.dir, this.id, at);
    if (!due) return;
    const started = performance.now();
    this.saving = true;
    try {
      await saveAnn(this.dir, due.stamp, due.graphs, due.idOf, () => this.between(at));
      this.saved(started);
    } catch (error) {
      logger("store").error(`dense graphs not saved: ${String(error)}`);
    } finally {
      this.saving = false;
    }
  }

  saveNow(at: MemoryIndex): void {
    const due = graphsDue(this.dir, this.id, at);
    if (!due) return;
    const started = performance.now();
    try {
      saveAnnNow(this.dir, due.stamp, due.graphs, due.idOf);
      this.saved(started);
    } catch (error) {
      logger("store").error(`dense graphs not saved: ${String(error)}`);
    }
  }

  private saved(started: number): void {
    this.stats.graphSaves += 1;
    this.stats.lastGraphSaveMs = performance.now() - started;
  }
}
