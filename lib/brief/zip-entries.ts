import type { Entry } from "yauzl";
import { AppError } from "../errors";
import { type MemoryZip, openMemoryZip, readMemoryEntry } from "../util/memory-zip";
import { badFile } from "./bad-file";
import { BRIEF_MAX_UNPACKED_BYTES } from "./limits";

/**
 * A .docx or .hwpx opened for reading with the one guarded in-memory zip reader
 * (lib/util/memory-zip.ts): the draft is confidential and never touches the disk.
 */
export type BriefZip = MemoryZip;

/** Real documents pack text 5–20:1; past this on a large entry it is a bomb, not a document. */
const MAX_RATIO = 200;
const RATIO_CHECKED_FROM = 1024 * 1024;
/** A long draft has a few hundred parts (media, styles, sections); tens of thousands is not a draft. */
const MAX_ENTRIES = 10_000;

export async function openBriefZip(bytes: Uint8Array): Promise<BriefZip> {
  try {
    return await openMemoryZip(bytes, {
      maxUnpacked: BRIEF_MAX_UNPACKED_BYTES,
      maxEntries: MAX_ENTRIES,
      maxRatio: MAX_RATIO,
      ratioFrom: RATIO_CHECKED_FROM,
      fail: badFile,
    });
  } catch (error) {
    throw error instanceof AppError ? error : badFile("damaged zip directory", error);
  }
}

/** One entry inflated within the shared budget (`keep` false: counted only). */
export async function readEntry(briefZip: BriefZip, entry: Entry, keep = true): Promise<Buffer> {
  try {
    return await readMemoryEntry(briefZip, entry, keep);
  } catch (error) {
    // yauzl itself fails an entry that inflates past its declared size, or an encrypted one.
    throw error instanceof AppError ? error : badFile(`unreadable entry ${entry.fileName}`, error);
  }
}
