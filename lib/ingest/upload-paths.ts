import { join, normalize, sep } from "node:path";
import { AppError } from "../errors";
import type { SkipReason } from "./skip-report";
import { isAccepted, isHidden } from "./sources";

/** Splits a relative path on either separator (some Windows tools write "\" into zips). */
export function pathSegments(name: string): string[] {
  return name.replace(/\\/g, "/").split("/");
}

export const isZipName = (name: string) => name.toLowerCase().endsWith(".zip");

/** A zip entry that would land outside its folder: "..", an absolute path, a drive letter, a NUL byte. */
export function escapesFolder(name: string): boolean {
  const normalized = name.replace(/\\/g, "/");
  return (
    normalized.startsWith("/") ||
    /^[a-zA-Z]:/.test(normalized) ||
    normalized.includes("\0") ||
    normalized.split("/").includes("..")
  );
}

/** Why a (safe) relative path is not imported, or null when it is an importable decision file. */
export function skipReasonFor(name: string): SkipReason | null {
  // ".." parts are not judged here (escapesFolder refuses them in zips; uploads flatten them).
  const segments = pathSegments(name).filter((s) => s && s !== "." && s !== "..");
  if (segments.some(isHidden)) return "hidden";
  const last = segments.at(-1) ?? "";
  if (isZipName(last)) return "nested_zip";
  return isAccepted(last) ? null : "unsupported";
}

/**
 * Keeps an uploaded relative path inside `root`: folder paths are kept, ".." and absolute parts
 * are dropped (the browser sends folder-relative paths; anything else is flattened, not refused).
 */
export function safeTarget(root: string, name: string): string {
  const cleaned = pathSegments(name)
    .filter((p) => p && p !== "." && p !== ".." && !p.includes("\0"))
    .join("/");
  const target = normalize(join(/*turbopackIgnore: true*/ root, cleaned || "file"));
  if (!target.startsWith(root + sep))
    throw new AppError("ingest:bad_file", { userMessage: `잘못된 파일 이름: ${name}` });
  return target;
}
