import { type Entry, fromBufferPromise, type ZipFile } from "yauzl";

/**
 * A zip read in memory (an uploaded .docx, .hwpx, or a zip of statute files), guarded against zip
 * bombs twice: on the central directory's declared sizes and ratios before a byte is inflated, and
 * on the bytes actually inflated (declared sizes can lie). Nothing touches the disk. The caller
 * says what its refusals are (its own error codes and words): `fail(why, cause)`.
 */
export interface MemoryZipLimits {
  /** Inflated bytes allowed in all, declared and real. */
  maxUnpacked: number;
  maxEntries: number;
  /** Declared inflation ratio refused on an entry larger than `ratioFrom` bytes (absent: none). */
  maxRatio?: number;
  ratioFrom?: number;
  /** The error for a refusal: "not a zip", "declared unpacked size over the limit", … */
  fail: (why: string, cause?: unknown) => Error;
  /** Entries to leave out of the listing (and of the limits), e.g. files of another kind. */
  skip?: (entry: Entry) => boolean;
}

export interface MemoryZip {
  zip: ZipFile;
  /** File entries by name (folders and skipped entries left out). */
  entries: Map<string, Entry>;
  /** Inflated bytes still allowed, shared by every entry read. */
  budgetLeft: number;
  limits: MemoryZipLimits;
}

export async function openMemoryZip(bytes: Uint8Array, limits: MemoryZipLimits): Promise<MemoryZip> {
  let zip: ZipFile;
  try {
    // autoClose off: the directory is listed first, the entries read after.
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      autoClose: false,
    });
  } catch (cause) {
    throw limits.fail("not a zip", cause);
  }
  try {
    const entries = new Map<string, Entry>();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/") || limits.skip?.(entry)) continue;
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpacked) throw limits.fail("declared unpacked size over the limit");
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (limits.maxRatio && entry.uncompressedSize > (limits.ratioFrom ?? 0) && ratio > limits.maxRatio) {
        throw limits.fail("compression ratio");
      }
      if (entries.size >= limits.maxEntries) throw limits.fail("too many entries");
      entries.set(entry.fileName, entry);
    }
    return { zip, entries, budgetLeft: limits.maxUnpacked, limits };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Inflates one entry, counting every byte against the shared budget and stopping the moment it is
 * spent, whatever the entry declared. With `keep` false the bytes are only counted (a check that
 * the declared sizes were true before another reader trusts them).
 */
export async function readMemoryEntry(memoryZip: MemoryZip, entry: Entry, keep = true): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = await memoryZip.zip.openReadStreamPromise(entry);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    memoryZip.budgetLeft -= chunk.length;
    if (memoryZip.budgetLeft < 0) {
      stream.destroy();
      throw memoryZip.limits.fail("unpacked past the limit");
    }
    if (keep) chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
