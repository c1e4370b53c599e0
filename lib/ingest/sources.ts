import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, normalize, relative, sep } from "node:path";
import { unzipSync } from "fflate";
import { AppError } from "../errors";

/** File types the importer understands; anything else in a folder or zip is ignored. */
export const ACCEPTED_EXTENSIONS = [".md", ".markdown", ".txt", ".json", ".jsonl"] as const;

export interface InputFile {
  /** Absolute path on disk. */
  path: string;
  /** Path relative to the input root, used in progress and error reports. */
  name: string;
  size: number;
}

export interface Limits {
  maxBytes: number;
  maxFiles: number;
}

function isAccepted(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());
}

function isHidden(name: string): boolean {
  return name.startsWith(".") || name === "node_modules" || name === "__MACOSX";
}

/** Every importable file under `root`, depth-first in name order (a stable order makes resuming predictable). */
export function listInputFiles(root: string): InputFile[] {
  const out: InputFile[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && isAccepted(entry.name)) {
        out.push({ path, name: relative(root, path).split(sep).join("/"), size: statSync(path).size });
      }
    }
  };
  if (statSync(root).isFile()) return [{ path: root, name: root.split(sep).pop() ?? root, size: statSync(root).size }];
  walk(root);
  return out;
}

/**
 * Unpacks a .zip into `destDir`, keeping only importable files. Refuses archives that would exceed
 * the limits once unpacked (zip bombs) and entries that try to escape the folder ("../").
 */
export function extractZip(bytes: Uint8Array, destDir: string, limits: Limits, label = "zip"): number {
  let totalBytes = 0;
  let count = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith("/") || !isAccepted(file.name) || file.name.split("/").some(isHidden)) return false;
        totalBytes += file.originalSize;
        count += 1;
        if (totalBytes > limits.maxBytes || count > limits.maxFiles) {
          throw new AppError("ingest:too_large", {
            userMessage: `${label}: 압축을 풀면 업로드 한도(${Math.round(limits.maxBytes / 1_048_576)}MB, ${limits.maxFiles}개 파일)를 넘습니다.`,
          });
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("ingest:bad_file", { userMessage: `${label}: 올바른 zip 파일이 아닙니다.`, cause: error });
  }
  for (const [name, content] of Object.entries(files)) {
    const target = normalize(join(destDir, name));
    if (!target.startsWith(normalize(destDir) + sep)) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return Object.keys(files).length;
}

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function readBytes(path: string): Uint8Array {
  return readFileSync(path);
}
