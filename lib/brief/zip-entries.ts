import { type Entry, fromBufferPromise, type ZipFile } from "yauzl";
import { AppError } from "../errors";
import { badFile } from "./bad-file";
import { BRIEF_MAX_UNPACKED_BYTES } from "./limits";

/**
 * A .docx or .hwpx opened for reading, guarded against zip bombs twice: on the central directory's
 * declared sizes and ratios before a byte is inflated, and on the bytes actually inflated (declared
 * sizes can lie). Everything stays in memory: the draft is confidential and never touches the disk.
 */
export interface BriefZip {
  zip: ZipFile;
  /** File entries by name (folders left out). */
  entries: Map<string, Entry>;
  /** Inflated bytes still allowed, shared by every entry read. */
  budgetLeft: number;
}

/** Real documents pack text 5–20:1; past this on a large entry it is a bomb, not a document. */
const MAX_RATIO = 200;
const RATIO_CHECKED_FROM = 1024 * 1024;
/** A long draft has a few hundred parts (media, styles, sections); tens of thousands is not a draft. */
const MAX_ENTRIES = 10_000;

export async function openBriefZip(bytes: Uint8Array): Promise<BriefZip> {
  let zip: ZipFile;
  try {
    // autoClose off: the directory is listed first, the entries read after.
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      autoClose: false,
    });
  } catch (cause) {
    throw badFile("not a zip", cause);
  }
  try {
    const entries = new Map<string, Entry>();
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > BRIEF_MAX_UNPACKED_BYTES) throw badFile("declared unpacked size over the limit");
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_CHECKED_FROM && ratio > MAX_RATIO) throw badFile("compression ratio");
      if (entries.size >= MAX_ENTRIES) throw badFile("too many entries");
      if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
    }
    return { zip, entries, budgetLeft: BRIEF_MAX_UNPACKED_BYTES };
  } catch (error) {
    zip.close();
    throw error instanceof AppError ? error : badFile("damaged zip directory", error);
  }
}

/**
 * Inflates one entry, counting every byte against the shared budget and stopping the moment it is
 * spent, whatever the entry declared. With `keep` false the bytes are only counted (a check that
 * the declared sizes were true before another reader trusts them).
 */
export async function readEntry(briefZip: BriefZip, entry: Entry, keep = true): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    const stream = await briefZip.zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      briefZip.budgetLeft -= chunk.length;
      if (briefZip.budgetLeft < 0) {
        stream.destroy();
        throw badFile("unpacked past the limit");
      }
      if (keep) chunks.push(chunk);
    }
  } catch (error) {
    // yauzl itself fails an entry that inflates past its declared size, or an encrypted one.
    throw error instanceof AppError ? error : badFile(`unreadable entry ${entry.fileName}`, error);
  }
  return Buffer.concat(chunks);
}
