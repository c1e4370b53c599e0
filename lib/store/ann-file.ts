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
import type { Index } from "usearch";
import { type AnnGraph, createIndex } from "./ann-graph";

/**
 * The HNSW graphs on disk beside the index snapshot, so a reopen does not rebuild them (120k × 1,024
 * dimensions: a minute or two of insertions, against a fraction of a second to read). SQLite stays
 * the source of truth and the graphs a cache: `dense.ann.json` names, per corpus and embedding size,
 * a graph file in usearch's own format, its size and SHA-1, and the chunk id of each of its labels,
 * stamped with the change-log seq and the store id it reflects. A graph is used only when that stamp
 * equals the loaded index's cursor and the file's size and digest match (usearch reads a damaged file
 * without checking its links, and a bad link would crash the process); anything else — missing,
 * stale, foreign, damaged — only means a rebuild, in the worker, in slices.
 *
 * Graph files get a new name per write (dims, corpus, seq, process, thread), and the JSON, written
 * beside and renamed over, switches to them at once: a reader never pairs a stamp with another
 * write's graph.
 */

const META = "dense.ann.json";
const VERSION = 1;
const HASH_CHUNK = 16 * 1_048_576;

interface GraphEntry {
  dims: number;
  corpus: string;
  file: string;
  bytes: number;
  sha1: string;
  /** The chunk id of each label (null: deleted). */
  ids: (string | null)[];
}

interface AnnMeta {
  version: typeof VERSION;
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
  corpus: string;
  index: Index;
  ids: (string | null)[];
}

function readMeta(dir: string): AnnMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(join(dir, META), "utf8")) as AnnMeta;
    return meta.version === VERSION && Array.isArray(meta.graphs) ? meta : undefined;
  } catch {
    return undefined;
  }
}

/** The stamp of the graphs on disk; undefined when there are none (or unreadable). */
export function peekAnn(dir: string): AnnStamp | undefined {
  const meta = readMeta(dir);
  return meta && { seq: meta.seq, storeId: meta.storeId };
}

/** A file in 16 MB pieces (one buffer, reused): a graph is never read into memory whole. */
function* pieces(path: string): Generator<Buffer> {
  const buffer = Buffer.alloc(HASH_CHUNK);
  const fd = openSync(path, "r");
  try {
    for (let n = readSync(fd, buffer, 0, HASH_CHUNK, null); n > 0; n = readSync(fd, buffer, 0, HASH_CHUNK, null)) {
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** SHA-1 of a file, with `pause()` between its pieces. */
async function digest(path: string, pause: () => Promise<void>): Promise<string> {
  const hash = createHash("sha1");
  for (const piece of pieces(path)) {
    hash.update(piece);
    await pause();
  }
  return hash.digest("hex");
}

function digestNow(path: string): string {
  const hash = createHash("sha1");
  for (const piece of pieces(path)) hash.update(piece);
  return hash.digest("hex");
}

const graphFile = (graph: AnnGraph, stamp: AnnStamp) => {
  const corpus = createHash("sha1").update(graph.corpus).digest("hex").slice(0, 12);
  return `dense-${graph.dims}-${corpus}-${stamp.seq}-${process.pid}-${threadId}.usearch`;
};

const entryOf = (graph: AnnGraph, file: string, path: string, sha1: string, idOf: (slot: number) => string) => ({
  dims: graph.dims,
  corpus: graph.corpus,
  file,
  bytes: statSync(path).size,
  sha1,
  ids: graph.ids(idOf),
});

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
 * Writes every graph (usearch writes in this thread: ~0.1–0.3 s at 120k × 1,024), then the JSON
 * that points at them. `pause()` runs between graphs and pieces of the digest: the caller may answer
 * searches meanwhile, but must not change the graphs until this resolves.
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
    graph.native.save(path);
    await pause();
    entries.push(entryOf(graph, file, path, await digest(path, pause), idOf));
  }
  switchTo(dir, stamp, entries);
}

/** saveAnn() all at once, before returning (at close, when nothing else is to be answered). */
export function saveAnnNow(dir: string, stamp: AnnStamp, graphs: AnnGraph[], idOf: (slot: number) => string): void {
  const entries = graphs.map((graph): GraphEntry => {
    const file = graphFile(graph, stamp);
    const path = join(dir, file);
    graph.native.save(path);
    return entryOf(graph, file, path, digestNow(path), idOf);
  });
  switchTo(dir, stamp, entries);
}

/** The graphs on disk that match `stamp` and are intact; the others are left out (rebuilt). */
export async function loadAnn(
  dir: string,
  stamp: AnnStamp,
  ef: number,
  pause: () => Promise<void>,
): Promise<LoadedGraph[]> {
  const meta = readMeta(dir);
  if (!meta || meta.seq !== stamp.seq || meta.storeId !== stamp.storeId) return [];
  const loaded: LoadedGraph[] = [];
  for (const entry of meta.graphs) {
    const path = join(dir, entry.file);
    try {
      if (statSync(path).size !== entry.bytes || (await digest(path, pause)) !== entry.sha1) continue;
      const index = createIndex(entry.dims, ef);
      index.load(path);
      // Saved with no removal pending: usearch holds exactly the labels that have a chunk.
      if (index.size() !== entry.ids.filter((id) => id !== null).length) continue;
      loaded.push({ dims: entry.dims, corpus: entry.corpus, index, ids: entry.ids });
      await pause();
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
    const graphFile = name.startsWith("dense-") && name.endsWith(".usearch");
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
