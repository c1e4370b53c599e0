import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";

/** File types the importer understands; anything else in a folder or zip is ignored. */
export const ACCEPTED_EXTENSIONS = [".md", ".markdown", ".txt", ".json", ".jsonl"] as const;

export interface InputFile {
  /** Absolute path on disk. */
  path: string;
  /** Path relative to the input root, used in progress and error reports. */
  name: string;
  size: number;
}

export function isAccepted(name: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extname(name).toLowerCase());
}

export function isHidden(name: string): boolean {
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

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function readBytes(path: string): Uint8Array {
  return readFileSync(path);
}
