import { createHash } from "node:crypto";
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import type { HierarchicalNSW } from "hnswlib-node";
import { type AnnGraph, openHnsw } from "./ann-graph";

/**
 * The HNSW graphs on disk beside the index snapshot, so a reopen does not rebuild them (120k × 1,024
 * dimensions: minutes of insertions, against seconds to read). SQLite stays the source of truth and
 * the graphs a cache: `dense.ann.json` names, per dimension, a graph file in hnswlib's own format, its
 * size and SHA-1, and the chunk id of each of its labels, stamped with the change-log seq and the store
 * id it reflects. A graph is used only when that stamp equals the loaded index's cursor and the file's
 * size and digest match (hnswlib reads a damaged file without checking its links, and a bad link would
 * crash the process); anything else — missing, stale, foreign, damaged — only means a rebuild, in
 * the worker, in slices.
 *
 * Graph files get a new name per write (dims, seq, process, thread), and the JSON, written beside and
 * renamed over, switches to them at once: a reader never pairs a stamp with another write's graph.
 */

const META = "dense.ann.json";
const HASH_CHUNK = 16 * 1_048_576;

interface GraphEntry {
  dims: number;
  file: string;
  bytes: number;
  sha1: string;
  /** The chunk id of each label (null: deleted). */
  ids: (string | null)[];
}

interface AnnMeta {
  version: 1;
  seq: number;
  storeId: number;
  graphs: GraphEntry[];
}

export interface AnnStamp {
  seq: number;
  storeId: number;
}

export interface LoadedGraph {
  dims: number;
  hnsw: HierarchicalNSW;
  ids: (string | null)[];
}

function readMeta(dir: string): AnnMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(dir, META), "utf8")) as AnnMeta;
    return meta.version === 1 && Array.isArray(meta.graphs) ? meta : undefined;
  } catch {
    return undefined;
  }
}

/** The stamp of the graphs on disk; undefined when there are none (or unreadable). */
export function peekAnn(dir: string): AnnStamp | undefined {
  const meta = readMeta(dir);
  return meta && { seq: meta.seq, storeId: meta.storeId };
}

/** SHA-1 of a file, read in 16 MB pieces with `pause()` between them. */
async function digest(path: string, pause: () => Promise<void>): Promise<string> {
  const hash = createHash("sha1");
  const buffer = Buffer.alloc(HASH_CHUNK);
  const fd = openSync(path, "r");
  try {
    for (let n = readSync(fd, buffer, 0, HASH_CHUNK, null); n > 0; n = readSync(fd, buffer, 0, HASH_CHUNK, null)) {
      hash.update(buffer.subarray(0, n));
      await pause();
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

const digestNow = (path: string) => createHash("sha1").update(readFileSync(path)).digest("hex");

const graphFile = (graph: AnnGraph, stamp: AnnStamp) =>
  `dense-${graph.dims}-${stamp.seq}-${process.pid}-${threadId}.hnsw`;

/** Points the JSON at the graphs just written, then removes the files it pointed at before. */
function switchTo(dir: string, stamp: AnnStamp, entries: GraphEntry[]): void {
  const previous = readMeta(dir);
  const meta: AnnMeta = { version: 1, seq: stamp.seq, storeId: stamp.storeId, graphs: entries };
  const temporary = join(dir, `${META}.${process.pid}-${threadId}.tmp`);
  writeFileSync(temporary, JSON.stringify(meta));
  renameSync(temporary, join(dir, META));
  const kept = new Set(entries.map((e) => e.file));
  for (const old of previous?.graphs ?? []) if (!kept.has(old.file)) rmSync(join(dir, old.file), { force: true });
}

/**
 * Writes every graph, then the JSON that points at them. hnswlib writes on a libuv thread and
 * `pause()` runs between pieces of the digest: the caller may answer searches meanwhile, but must
 * not change the graphs until this resolves.
 */
export async function saveAnn(
  dir: string,
  stamp: AnnStamp,
  graphs: AnnGraph[],
  idOf: (slot: number) => string,
  pause: () => Promise<void>,
): Promise<void> {
  const entries: GraphEntry[] = [];
  for (const graph of graphs) {
    const file = graphFile(graph, stamp);
    const path = join(dir, file);
    await graph.native.writeIndex(path);
    const bytes = statSync(path).size;
    entries.push({ dims: graph.dims, file, bytes, sha1: await digest(path, pause), ids: graph.ids(idOf) });
  }
  switchTo(dir, stamp, entries);
}

/** saveAnn() all at once, before returning (at close, when nothing else is to be answered). */
export function saveAnnNow(dir: string, stamp: AnnStamp, graphs: AnnGraph[], idOf: (slot: number) => string): void {
  const entries = graphs.map((graph): GraphEntry => {
    const file = graphFile(graph, stamp);
    const path = join(dir, file);
    graph.native.writeIndexSync(path);
    return { dims: graph.dims, file, bytes: statSync(path).size, sha1: digestNow(path), ids: graph.ids(idOf) };
  });
  switchTo(dir, stamp, entries);
}

/** The graphs on disk that match `stamp` and are intact; the others are left out (rebuilt). */
export async function loadAnn(dir: string, stamp: AnnStamp, pause: () => Promise<void>): Promise<LoadedGraph[]> {
  const meta = readMeta(dir);
  if (!meta || meta.seq !== stamp.seq || meta.storeId !== stamp.storeId) return [];
  const loaded: LoadedGraph[] = [];
  for (const entry of meta.graphs) {
    const path = join(dir, entry.file);
    try {
      if (statSync(path).size !== entry.bytes || (await digest(path, pause)) !== entry.sha1) continue;
      const hnsw = openHnsw(entry.dims);
      await hnsw.readIndex(path);
      if (hnsw.getCurrentCount() !== entry.ids.length) continue;
      loaded.push({ dims: entry.dims, hnsw, ids: entry.ids });
    } catch {
      // Gone (another process switched to newer graphs) or unreadable: rebuilt instead.
    }
  }
  return loaded;
}

/** Graph files no JSON points at any more, from a process that died while writing (after 10 min). */
export function removeStaleAnnFiles(dir: string): void {
  const used = new Set(readMeta(dir)?.graphs.map((g) => g.file));
  for (const name of readdirSync(dir)) {
    const graphFile = name.startsWith("dense-") && name.endsWith(".hnsw");
    const temporary = name.startsWith(`${META}.`) && name.endsWith(".tmp");
    if ((!graphFile && !temporary) || used.has(name)) continue;
    const path = join(dir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > 10 * 60_000) rmSync(path, { force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}
