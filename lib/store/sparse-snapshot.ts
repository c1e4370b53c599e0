import { closeSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import type { SparseArrays } from "./sparse-index";

/**
 * A binary copy of the in-memory BM25 index, so reopening a large store reads one file instead of
 * re-splitting every chunk's tokens (120k chunks: ~11 s rebuilt from SQLite, well under 1 s from a
 * snapshot). SQLite stays the source of truth: the snapshot carries the store's write generation and
 * is ignored unless it matches; a missing, stale or damaged snapshot only means a slower rebuild.
 *
 * Layout: "BM25" magic, uint32 header length, JSON header { generation, ids, terms }, padding to 4
 * bytes, then lengths (int32 × ids), counts (int32 × terms), slots (int32 × total), tfs (uint16 × total).
 */

const MAGIC = "BM25";

export interface Snapshot extends SparseArrays {
  generation: number;
  /** Chunk id of each slot. */
  ids: string[];
}

export function writeSnapshot(path: string, snapshot: Snapshot): void {
  const header = Buffer.from(
    JSON.stringify({ generation: snapshot.generation, ids: snapshot.ids, terms: snapshot.terms }),
    "utf8",
  );
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(header.length, 4);
  const padding = Buffer.alloc((4 - ((8 + header.length) % 4)) % 4);
  const parts = [prefix, header, padding, snapshot.lengths, snapshot.counts, snapshot.slots, snapshot.tfs];
  // Written beside, then renamed over: a reader never sees half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    for (const part of parts) writeSync(fd, new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** The snapshot at `path` if it was taken at `generation`; undefined when absent, stale or damaged. */
export function readSnapshot(path: string, generation: number): Snapshot | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  try {
    if (bytes.length < 8 || bytes.toString("latin1", 0, 4) !== MAGIC) return undefined;
    const headerLength = bytes.readUInt32LE(4);
    const header = JSON.parse(bytes.subarray(8, 8 + headerLength).toString("utf8")) as {
      generation: number;
      ids: string[];
      terms: string[];
    };
    if (header.generation !== generation) return undefined;
    // Copy the body once into an aligned buffer; the typed arrays below are views on it.
    const bodyStart = 8 + headerLength + ((4 - ((8 + headerLength) % 4)) % 4);
    const body = new Uint8Array(bytes.subarray(bodyStart)).buffer;
    const lengths = new Int32Array(body, 0, header.ids.length);
    const counts = new Int32Array(body, lengths.byteLength, header.terms.length);
    let total = 0;
    for (const c of counts) total += c;
    const slotsAt = lengths.byteLength + counts.byteLength;
    const slots = new Int32Array(body, slotsAt, total);
    const tfs = new Uint16Array(body, slotsAt + slots.byteLength, total);
    return { generation, ids: header.ids, terms: header.terms, lengths, counts, slots, tfs };
  } catch {
    // A truncated or foreign file: rebuild from SQLite instead.
    return undefined;
  }
}
