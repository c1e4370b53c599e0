import type { DecisionPage, PageRequest } from "./decision-page";
import type { FindCounts } from "./find-parts";

/** Messages between the viewer's worker (viewer-worker.ts) and the server (viewer-client.ts). */

export type ViewerRequest =
  | ({ id: number; op: "page"; file: string } & Omit<PageRequest, "pageChars">)
  | { id: number; op: "find"; file: string; query: string }
  | { id: number; op: "text"; file: string }
  /** Cut large archives imported before parts were kept (legacy-cut.ts), in a worker of its own. */
  | { id: number; op: "cutLegacy"; dataDir: string }
  /** What the worker has done so far (tests, benchmarks). */
  | { id: number; op: "stats" };

export interface ViewerStats {
  /** Archives read and parsed whole. */
  wholeReads: number;
  /** Parts served from a decision's stored parts (decision-parts.ts), without reading it whole. */
  partOpens: number;
  /** Decisions whose parts this worker stored (read whole without valid stored parts). */
  cutsStored: number;
  /** Decisions read whole from their stored parts (find, whole text), without the archive. */
  partsReadWhole: number;
  /** Passage offsets found by searching and added to a stored cut. */
  offsetsLearned: number;
}

export interface ViewerResults {
  /** Null: no archived record at that path. */
  page: DecisionPage | null;
  find: FindCounts | null;
  /** The whole decision as UTF-8 plain text (transferred, not copied). */
  text: Uint8Array<ArrayBuffer> | null;
  stats: ViewerStats;
}

export type ViewerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
