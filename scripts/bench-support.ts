import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { listInputFiles } from "../lib/ingest/sources";

/** The p-th percentile (nearest rank) of the finite values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/**
 * A corpus of `count` precedent-kr Markdown decisions written into `outDir`: the decisions of
 * `sourceDir` replicated under new case numbers (the 사건번호 line gets a pass suffix), so a
 * benchmark imports realistic texts at any size. Returns how many were written.
 */
export function syntheticCorpus(sourceDir: string, outDir: string, count: number): number {
  const files = listInputFiles(sourceDir).filter((f) => f.name.endsWith(".md"));
  let written = 0;
  for (let pass = 0; written < count && files.length > 0; pass++) {
    for (const file of files) {
      if (written >= count) break;
      const text = readFileSync(file.path, "utf8").replace(
        /^사건번호: (.+)$/m,
        (_, no: string) => `사건번호: ${no}${pass}`,
      );
      const target = join(outDir, `p${pass}`, file.name);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
      written += 1;
    }
  }
  return written;
}
