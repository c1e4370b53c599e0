import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { logger } from "../util/log";
import { CUT_MIN_BYTES, readStoredCut, storeParts } from "./decision-parts";

/**
 * Large decisions imported before the viewer kept them cut into parts (decision-parts.ts) are cut
 * once, in the background after the server starts, so no lawyer's first open of one waits for its
 * whole archive to be parsed (about 1.2 s at 60 MB). Runs in a worker thread of its own
 * (viewer-client.ts): one archive at a time, never on the server's thread nor in the viewer's.
 * Archives that already have parts of their current version are only looked at (one stat, one
 * small read); a broken archive is counted and left to the viewer, which reports it when opened.
 */
export interface LegacyCutResult {
  /** Archives of CUT_MIN_BYTES or more looked at. */
  checked: number;
  cut: number;
  failed: number;
}

export async function cutLegacyArchives(dataDir: string): Promise<LegacyCutResult> {
  const result: LegacyCutResult = { checked: 0, cut: 0, failed: 0 };
  const corpora = join(dataDir, "corpora");
  for (const corpus of await readdir(corpora).catch(() => [] as string[])) {
    const dir = join(corpora, corpus, "decisions");
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith(".json")) continue;
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.size < CUT_MIN_BYTES) continue;
      result.checked += 1;
      if (await readStoredCut(file, info)) continue;
      try {
        const record = JSON.parse(new TextDecoder().decode(await readFile(file))) as Record<string, string>;
        if (await storeParts(file, record, info)) result.cut += 1;
      } catch (error) {
        result.failed += 1;
        logger("viewer").error(`${file} not cut: ${String(error)}`);
      }
    }
  }
  return result;
}
