import type { AnnOptions } from "./ann-options";
import type { Hit } from "./memory-index";
import type { DocQuery, SparseTerms, StoreFilter } from "./types";

/** Messages between the embedded store (main thread) and its index worker (index-worker.ts). */

export interface WorkerInit {
  dir: string;
  busyTimeoutMs: number;
  /** Idle time after the last applied change before the snapshot is written. */
  snapshotDelayMs: number;
  /** How often the worker looks for other processes' commits (SQLite's data_version). */
  pollMs: number;
  /** When dense search uses an HNSW graph, and how broadly it searches (dense-index.ts). */
  ann?: AnnOptions;
}

/**
 * `minSeq`: the newest change this process committed; the worker applies the log up to it before
 * answering (read-your-writes). Other processes' changes: see index-worker.ts.
 */
export type Request =
  | {
      id: number;
      op: "sparse";
      tokens: string[];
      topN: number;
      filter?: StoreFilter;
      terms?: SparseTerms;
      minSeq: number;
    }
  /** `exact`: brute force even where a graph would answer (benchmarks, tests). */
  | { id: number; op: "dense"; vector: number[]; topN: number; filter?: StoreFilter; exact?: boolean; minSeq: number }
  | { id: number; op: "count"; filter?: StoreFilter; minSeq: number }
  /** 판례 검색's exact matching (doc-match.ts); answered with a DocMatchResult. */
  | { id: number; op: "match"; query: DocQuery; minSeq: number }
  | { id: number; op: "stats"; minSeq: number }
  /** Answered once the index reflects every change committed when it arrived, by any process. */
  | { id: number; op: "sync"; minSeq: number }
  | { id: number; op: "snapshot"; minSeq: number }
  | { id: number; op: "close"; minSeq: number }
  /** For tests: an uncaught exception in the worker. */
  | { id: number; op: "crash"; minSeq: number };

/** No reply: this process committed up to `seq` (the worker starts applying it in the background). */
export interface Written {
  op: "written";
  seq: number;
}

/**
 * A search's answer. `incomplete`: computed while the index had not yet applied every change
 * committed when the search arrived (a running server answering around a large import's backlog).
 */
export interface SearchReply {
  hits: Hit[];
  incomplete: boolean;
}

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

export interface IndexStats {
  /** Whether an index is loaded (false before the first load finishes). */
  loaded: boolean;
  /**
   * Whether this worker's index has once reflected the whole log. Until then every search waits
   * for the log as it stood when it arrived (opening never answers from a snapshot that is behind).
   */
  current: boolean;
  /** Searches and counts answered from an index behind the log (availability during a large import). */
  partialAnswers: number;
  /** The change-log seq the index reflects, and the newest committed one. */
  cursor: number;
  head: number;
  live: number;
  /** Slots including holes left by replaced or deleted chunks (compacted with the snapshot). */
  slots: number;
  /** Full loads: from a snapshot, or rebuilt from every row. */
  snapshotLoads: number;
  rowLoads: number;
  /** Change-log entries applied incrementally, the chunk rows they read, and the time it took. */
  appliedChanges: number;
  appliedChunks: number;
  applyMs: number;
  snapshotsWritten: number;
  lastSnapshotMs: number;
  /** HNSW graphs per corpus and dimension: live and removed elements, vectors waiting to be inserted. */
  graphs: { dims: number; corpus: string; live: number; deleted: number; pending: number }[];
  /** Graph insertions (and their time in the worker), graphs started or rebuilt, searches by path. */
  dense: { inserted: number; insertMs: number; graphsBuilt: number; annSearches: number; exactSearches: number };
  /** Graphs read from disk at a full load, written with the snapshot, and the last write's time. */
  graphLoads: number;
  graphSaves: number;
  lastGraphSaveMs: number;
}

export type { Hit };
