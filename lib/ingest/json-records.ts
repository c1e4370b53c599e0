import { open } from "node:fs/promises";

/**
 * Splits a large JSON array file or JSONL file into records while reading it in chunks, so one
 * record is parsed at a time and a record larger than the limit is skipped unparsed (its bytes are
 * not even kept). The split works on bytes: the structural characters ([ ] { } , " \ and newline)
 * are ASCII, and neither UTF-8 nor EUC-KR/CP949 uses those byte values inside a multi-byte
 * character, so each record's bytes are decoded on their own afterwards.
 */

export type RawRecord =
  | { number: number; bytes: Uint8Array }
  | { number: number; oversized: number }
  | { number: number; broken: true };

const READ_CHUNK = 1 << 20;
const NL = 0x0a;

/** Collects one record's bytes up to `max`, then only counts them. */
class RecordBuffer {
  private parts: Uint8Array[] = [];
  size = 0;
  constructor(private readonly max: number) {}
  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size <= this.max) this.parts.push(Buffer.from(bytes));
    else this.parts = [];
  }
  take(number: number): RawRecord {
    const size = this.size;
    const parts = this.parts;
    this.parts = [];
    this.size = 0;
    if (size > this.max) return { number, oversized: size };
    return { number, bytes: Buffer.concat(parts) };
  }
}

async function* chunks(path: string, size = READ_CHUNK): AsyncGenerator<Uint8Array> {
  const handle = await open(path, "r");
  try {
    let first = true;
    for (;;) {
      const buffer = Buffer.allocUnsafe(size);
      const { bytesRead } = await handle.read(buffer, 0, size, null);
      if (bytesRead === 0) return;
      let chunk = buffer.subarray(0, bytesRead);
      if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
      first = false;
      yield chunk;
    }
  } finally {
    await handle.close();
  }
}

/** The first byte that is not white space (to tell a JSON array from JSONL), or undefined. */
export async function firstSignificantByte(path: string): Promise<number | undefined> {
  for await (const chunk of chunks(path)) {
    for (const byte of chunk) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== NL) return byte;
  }
  return undefined;
}

const isBlank = (bytes: Uint8Array) => bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d || b === NL);

/** JSONL: one record per line, numbered by line (blank lines count, as in an editor). */
export async function* jsonLines(path: string, maxBytes: number, readSize = READ_CHUNK): AsyncGenerator<RawRecord> {
  const line = new RecordBuffer(maxBytes);
  let number = 1;
  for await (const chunk of chunks(path, readSize)) {
    let start = 0;
    for (let nl = chunk.indexOf(NL); nl >= 0; nl = chunk.indexOf(NL, start)) {
      line.push(chunk.subarray(start, nl));
      const record = line.take(number++);
      if (!("bytes" in record) || !isBlank(record.bytes)) yield record;
      start = nl + 1;
    }
    line.push(chunk.subarray(start));
  }
  if (line.size > 0) {
    const record = line.take(number);
    if (!("bytes" in record) || !isBlank(record.bytes)) yield record;
  }
}

/** A JSON array: its top-level elements, numbered from 1. */
export async function* jsonArrayElements(
  path: string,
  maxBytes: number,
  readSize = READ_CHUNK,
): AsyncGenerator<RawRecord> {
  const element = new RecordBuffer(maxBytes);
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let inElement = false;
  let ended = false;
  let number = 0;
  for await (const chunk of chunks(path, readSize)) {
    let from = 0;
    for (let i = 0; i < chunk.length && !ended; i++) {
      const byte = chunk[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === 0x5c) escaped = true;
        else if (byte === 0x22) inString = false;
        continue;
      }
      if (!started) {
        if (byte === 0x5b) {
          started = true;
          depth = 1;
          from = i + 1;
        }
        continue;
      }
      const atTop = depth === 1;
      if (atTop && (byte === 0x2c || byte === 0x5d)) {
        // "," or the closing "]" ends the element at the top level.
        element.push(chunk.subarray(from, i));
        if (inElement) yield element.take(number);
        else element.take(number);
        inElement = false;
        from = i + 1;
        if (byte === 0x5d) ended = true;
        continue;
      }
      if (!inElement && byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== NL) {
        inElement = true;
        number += 1;
      }
      if (byte === 0x22) inString = true;
      else if (byte === 0x7b || byte === 0x5b) depth += 1;
      else if (byte === 0x7d || byte === 0x5d) depth -= 1;
    }
    if (started && !ended) element.push(chunk.subarray(from));
    if (ended) break;
  }
  // Not an array, or cut short: the element being read (0: the whole file) cannot be trusted.
  if (!started || !ended) yield { number: started ? number + (inElement ? 0 : 1) : 0, broken: true };
}
