import type { JobCounts } from "../db/jobs";

/** A job's counters before its first file (shared by the runner and the upload panel's first paint). */
export function zeroCounts(): JobCounts {
  return {
    seen: 0,
    parsed: 0,
    chunked: 0,
    embedded: 0,
    indexed: 0,
    failed: 0,
    unchanged: 0,
    filesTotal: 0,
    filesDone: 0,
  };
}
