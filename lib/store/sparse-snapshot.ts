import { closeSync, fstatSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { threadId } from "node:worker_threads";
import type { SparseArrays } from "./sparse-index";

/**
 * A binary copy of the in-memory BM25 index, so reopening a large store reads one file instead of
 * re-splitting every chunk's tokens (120k chunks: ~11 s rebuilt from SQLite, well under 1 s from a
 * snapshot). SQLite stays the source of truth: the snapshot carries the change-log seq it reflects
 * (changes after it are applied on load) and the store's id; a snapshot from another store, older
 * than the pruned part of the change log, or damaged only means a slower rebuild.
 *
 * Layout: "BMS2" magic, uint32 header length, float64 seq, float64 store id, JSON header
 * { ids, terms }, padding to 4 bytes, then lengths (int32 × ids), counts (int32 × terms),
 * slots (int32 × total), tfs (uint16 × total).
 */

const MAGIC = "BMS2";
const PREFIX = 24;

export interface SnapshotStamp {
  /** The change-log seq the index reflects. */
  seq: number;
  storeId: number;
}

export interface Snapshot extends SparseArrays, SnapshotStamp {
  /** Chunk id of each slot. */
  ids: string[];
}

export function writeSnapshot(path: string, snapshot: Snapshot): void {
  const { seq, storeId, ids, terms, lengths, counts, slots, tfs } = snapshot;
  writeSnapshotPieces(path, { seq, storeId }, { ids, terms }, [lengths, counts, slots, tfs]);
}

/**
 * The same file, its body written piece by piece in the layout's order (lengths, counts, slots,
 * tfs): SparseIndex.exportLayout() hands the postings over a bufferful at a time.
 */
export function writeSnapshotPieces(
  path: string,
  stamp: SnapshotStamp,
  header: { ids: string[]; terms: string[] },
  body: Iterable<ArrayBufferView>,
): void {
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const prefix = Buffer.alloc(PREFIX);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(json.length, 4);
  prefix.writeDoubleLE(stamp.seq, 8);
  prefix.writeDoubleLE(stamp.storeId, 16);
  const padding = Buffer.alloc(paddingAfter(json.length));
  // Written beside, then renamed over: a reader never sees half a file.
  const temporary = `${path}.${process.pid}-${threadId}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    for (const part of [prefix, json, padding]) writeSync(fd, part);
    for (const part of body) writeSync(fd, new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Bytes of padding after a JSON header of `headerLength` bytes, so that the body is 4-byte aligned. */
function paddingAfter(headerLength: number): number {
  return (4 - ((PREFIX + headerLength) % 4)) % 4;
}

/** The file opened for reading; undefined when it is absent (no snapshot yet). */
function openIfPresent(path: string): number | undefined {
  try {
    return openSync(path, "r");
  } catch {
    return undefined;
  }
}

/** The stamp and header length from the file's prefix; undefined when too short or not a snapshot. */
function readPrefix(fd: number): { stamp: SnapshotStamp; headerLength: number } | undefined {
  const prefix = Buffer.alloc(PREFIX);
  if (readSync(fd, prefix, 0, PREFIX, 0) < PREFIX || prefix.toString("latin1", 0, 4) !== MAGIC) return undefined;
  return {
    stamp: { seq: prefix.readDoubleLE(8), storeId: prefix.readDoubleLE(16) },
    headerLength: prefix.readUInt32LE(4),
  };
}

/** The stamp of the snapshot at `path` without reading the rest; undefined when absent or foreign. */
export function peekSnapshot(path: string): SnapshotStamp | undefined {
  const fd = openIfPresent(path);
  if (fd === undefined) return undefined;
  try {
    return readPrefix(fd)?.stamp;
  } finally {
    closeSync(fd);
  }
}

/** The snapshot at `path` if `accept` takes its stamp; undefined when absent, refused or damaged. */
export function readSnapshot(path: string, accept: (stamp: SnapshotStamp) => boolean): Snapshot | undefined {
  const stamp = peekSnapshot(path);
  if (!stamp || !accept(stamp)) return undefined;
  const fd = openIfPresent(path);
  if (fd === undefined) return undefined;
  try {
    // Read straight into the buffer the typed arrays below are views on: one copy of the postings
    // in memory while loading, not the file's bytes and then an aligned copy of them.
    const size = fstatSync(fd).size;
    const prefix = readPrefix(fd);
    // Renamed over between the peek and the read: the stamp must be checked again.
    if (!prefix || !accept(prefix.stamp)) return undefined;
    const { stamp, headerLength } = prefix;
    const json = Buffer.alloc(headerLength);
    if (readSync(fd, json, 0, headerLength, PREFIX) < headerLength) return undefined;
    const header = JSON.parse(json.toString("utf8")) as { ids: string[]; terms: string[] };
    const bodyStart = PREFIX + headerLength + paddingAfter(headerLength);
    const body = new ArrayBuffer(Math.max(0, size - bodyStart));
    const view = new Uint8Array(body);
    for (let at = 0; at < view.length; ) {
      const read = readSync(fd, view, at, view.length - at, bodyStart + at);
      if (read === 0) return undefined;
      at += read;
    }
    const lengths = new Int32Array(body, 0, header.ids.length);
    const counts = new Int32Array(body, lengths.byteLength, header.terms.length);
    let total = 0;
    for (const c of counts) total += c;
    const slotsAt = lengths.byteLength + counts.byteLength;
    const slots = new Int32Array(body, slotsAt, total);
    const tfs = new Uint16Array(body, slotsAt + slots.byteLength, total);
    return {
      seq: stamp.seq,
      storeId: stamp.storeId,
      ids: header.ids,
      terms: header.terms,
      lengths,
      counts,
      slots,
      tfs,
    };
  } catch {
    // A truncated or foreign file: rebuild from SQLite instead.
    return undefined;
  } finally {
    closeSync(fd);
  }
}
