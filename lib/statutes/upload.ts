import { AppError } from "../errors";
import { readBoundedForm } from "../util/bounded-body";
import { openMemoryZip, readMemoryEntry } from "../util/memory-zip";
import type { StatuteSource } from "./import";

/**
 * An admin's upload of statute files: multipart `files` parts, each a .md statute or a .zip of
 * them, and an optional `force` field. Read in memory under a byte limit (민법, the largest statute,
 * is 0.4 MB), a zip guarded on its declared sizes and on the bytes actually inflated.
 */
export const STATUTE_UPLOAD_MAX_BYTES = 32 * 1024 * 1024;
const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

export interface StatuteUpload {
  sources: StatuteSource[];
  force: boolean;
  /** Parts that are neither .md nor .zip, by name. */
  skipped: string[];
}

const tooLarge = () =>
  new AppError("ingest:too_large", { userMessage: "법령 파일이 너무 큽니다. 32MB 이하로 나누어 올려 주세요." });
const badZip = (name: string, cause?: unknown) =>
  new AppError("statute:bad_file", { userMessage: `${name}: 올바른 zip 파일이 아닙니다.`, cause });

async function zipSources(name: string, bytes: Uint8Array, skipped: string[]): Promise<StatuteSource[]> {
  const isStatute = (fileName: string) => {
    const base = fileName.split("/").pop() ?? "";
    return /\.md$/i.test(base) && !/^readme\.md$/i.test(base) && !base.startsWith(".");
  };
  const zip = await openMemoryZip(bytes, {
    maxUnpacked: MAX_UNPACKED_BYTES,
    maxEntries: MAX_ENTRIES,
    // Too much to unpack is "too large"; anything else wrong with the zip is a bad file.
    fail: (why, cause) => (/limit|entries/.test(why) ? tooLarge() : badZip(name, cause)),
    skip: (entry) => {
      if (entry.fileName.endsWith("/") || isStatute(entry.fileName)) return false;
      skipped.push(`${name}/${entry.fileName}`);
      return true;
    },
  });
  try {
    const out: StatuteSource[] = [];
    for (const entry of zip.entries.values()) {
      const text = (await readMemoryEntry(zip, entry)).toString("utf8");
      out.push({ file: `${name}/${entry.fileName}`, text });
    }
    return out;
  } catch (error) {
    throw error instanceof AppError ? error : badZip(name, error);
  } finally {
    zip.zip.close();
  }
}

export async function readStatuteUpload(request: Request): Promise<StatuteUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError("bad_request:input", { userMessage: "법령 파일을 양식(multipart)으로 올려 주세요." });
  }
  const form = await readBoundedForm(request, STATUTE_UPLOAD_MAX_BYTES, tooLarge);
  const sources: StatuteSource[] = [];
  const skipped: string[] = [];
  for (const part of form.getAll("files")) {
    if (!(part instanceof File)) continue;
    const data = new Uint8Array(await part.arrayBuffer());
    if (/\.zip$/i.test(part.name)) sources.push(...(await zipSources(part.name, data, skipped)));
    else if (/\.md$/i.test(part.name)) sources.push({ file: part.name, text: new TextDecoder().decode(data) });
    else skipped.push(part.name);
  }
  if (sources.length === 0) {
    throw new AppError("statute:bad_file", { userMessage: "가져올 법령 파일(.md 또는 .zip)이 없습니다." });
  }
  return { sources, force: form.get("force") === "true", skipped };
}
