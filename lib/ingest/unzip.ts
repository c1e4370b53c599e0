import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { basename, dirname, join, normalize, sep } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Entry, openPromise, type ZipFile } from "yauzl";
import type { JobError } from "../db/jobs";
import { AppError } from "../errors";
import { type SkipReason, SkipReport } from "./skip-report";
import { UploadBudget } from "./upload-budget";
import { escapesFolder, skipReasonFor } from "./upload-paths";
import { decodeEntryName } from "./zip-names";

interface Planned {
  entry: Entry;
  name: string;
}

/**
 * Unpacks the importable files of a zip on disk into `destDir`, streaming each entry from the file
 * through zlib (off the event loop) to disk: nothing is held whole in memory. The upload's budget is
 * checked twice: on the central directory's declared sizes and ratios before a byte is inflated
 * (a bomb is refused at once), and on the bytes actually inflated while streaming (declared sizes can
 * lie). Entries that are not imported are reported by name and reason in `skipped`.
 * Returns the number of files written.
 */
export async function extractZip(
  zipPath: string,
  destDir: string,
  options: { budget: UploadBudget; skipped: SkipReport; label: string },
): Promise<number> {
  const { budget, skipped, label } = options;
  let zip: ZipFile;
  try {
    // autoClose off: the entries are listed first, then read in a second pass.
    zip = await openPromise(zipPath, { lazyEntries: true, decodeStrings: false, autoClose: false });
  } catch (cause) {
    throw new AppError("ingest:bad_file", { userMessage: `${label}: 올바른 zip 파일이 아닙니다.`, cause });
  }
  try {
    const planned = await planEntries(zip, label, budget, skipped);
    budget.checkDeclared(
      label,
      planned.map((p) => ({
        name: p.name,
        compressedSize: p.entry.compressedSize,
        uncompressedSize: p.entry.uncompressedSize,
      })),
    );
    const root = normalize(destDir);
    const made = new Set<string>();
    let written = 0;
    for (const { entry, name } of planned) {
      const target = normalize(join(/*turbopackIgnore: true*/ root, name));
      if (!target.startsWith(root + sep)) {
        skipped.add(`${label}/${name}`, "escape");
        continue;
      }
      try {
        if (!made.has(dirname(target))) await mkdir(dirname(target), { recursive: true });
        made.add(dirname(target));
        await inflateEntry(zip, entry, target, `${label}/${name}`, budget);
        written += 1;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "EEXIST" && code !== "ENOTDIR" && code !== "EISDIR" && code !== "ENAMETOOLONG") throw error;
        skipped.add(`${label}/${name}`, "conflict");
      }
    }
    return written;
  } finally {
    zip.close();
  }
}

/** Reads the central directory (no data): which entries to unpack, which to report as skipped. */
async function planEntries(zip: ZipFile, label: string, budget: UploadBudget, skipped: SkipReport) {
  const planned: Planned[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const name = decodeEntryName(entry.fileName as unknown as Buffer, entry.generalPurposeBitFlag, entry.extraFields);
      if (name.endsWith("/") || name.endsWith("\\")) continue; // folders are made as files need them
      budget.addFile();
      const reason: SkipReason | null = escapesFolder(name)
        ? "escape"
        : (skipReasonFor(name) ??
          (entry.isEncrypted()
            ? "encrypted"
            : entry.compressionMethod !== 0 && entry.compressionMethod !== 8
              ? "method"
              : null));
      if (reason) skipped.add(`${label}/${name}`, reason);
      else planned.push({ entry, name: name.replace(/\\/g, "/") });
    }
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("ingest:bad_file", { userMessage: `${label}: zip 파일이 손상되었습니다.`, cause });
  }
  return planned;
}

async function inflateEntry(zip: ZipFile, entry: Entry, target: string, label: string, budget: UploadBudget) {
  let entryBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      entryBytes += chunk.length;
      try {
        // yauzl checks the declared size too; counting here keeps the budget exact whatever it says.
        if (entryBytes > entry.uncompressedSize) throw lyingEntry(label);
        budget.write(label, chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  try {
    const stream = await zip.openReadStreamPromise(entry);
    await pipeline(stream, meter, createWriteStream(target));
  } catch (error) {
    // Disk errors (a name clash, a full disk) are the caller's; anything else is the archive's fault.
    if (error instanceof AppError || (error as NodeJS.ErrnoException).syscall) throw error;
    throw lyingEntry(label, error);
  }
}

function lyingEntry(label: string, cause?: unknown): AppError {
  return new AppError("ingest:bad_file", {
    userMessage: `${label}: 압축을 풀 수 없습니다 (손상되었거나 선언된 크기와 내용이 다른 항목).`,
    cause,
  });
}

/**
 * The CLI's unpacking of a local archive: the same streamed path, without size or count limits (the
 * operator's own file, meant for corpora beyond the upload budget), but an entry packed past
 * `maxRatio` is still refused: no real decision file compresses like that. On failure the folder is
 * removed. Returns the skipped entries for the job's error list.
 */
export async function unpackLocalZip(zipPath: string, destDir: string, maxRatio: number): Promise<JobError[]> {
  const unlimited = Number.MAX_SAFE_INTEGER;
  const budget = new UploadBudget({ maxBytes: unlimited, maxFiles: unlimited, maxUnpackedBytes: unlimited, maxRatio });
  const skipped = new SkipReport();
  try {
    await extractZip(zipPath, destDir, { budget, skipped, label: basename(zipPath) });
  } catch (error) {
    await rm(destDir, { recursive: true, force: true });
    throw error;
  }
  return skipped.list();
}
