import { rmSync } from "node:fs";
import { resolve, sep } from "node:path";

/**
 * An upload's files (and the CLI's unpacked zips) wait in DATA_DIR/uploads/<jobId> until their job
 * ends: done, failed or cancelled jobs drop them; an interrupted job keeps them to be resumed.
 * Re-index reads the corpus archive, never these. Only folders the app created there are removed,
 * never a CLI's own source folder.
 */
export function removeJobUploads(inputDir: string | null, dataDir: string): boolean {
  if (!inputDir) return false;
  const uploads = resolve(dataDir, "uploads") + sep;
  const target = resolve(inputDir);
  if (!target.startsWith(uploads) || target.length <= uploads.length) return false;
  rmSync(target, { recursive: true, force: true });
  return true;
}
