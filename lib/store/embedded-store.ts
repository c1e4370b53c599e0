import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { AppError } from "../errors";
import { type Chunk, type ScoredChunk, SECTIONS, type SectionName } from "../text/decision";
import { ANN_DEFAULTS, type AnnOptions } from "./ann-options";
import { logChanges } from "./change-log";
import { NO_MATCH } from "./doc-match";
import { addLaterColumns, normalized, ROW_COLUMNS, type Row, SCHEMA, toChunk } from "./embedded-schema";
import { IndexClient } from "./index-client";
import type { Hit, IndexStats, SearchReply } from "./index-protocol";
import type {
  DocMatchResult,
  DocQuery,
  IndexedChunk,
  IndexState,
  SearchOptions,
  StoreFilter,
  VectorStore,
} from "./types";

/**
 * The default store: chunks on local disk in SQLite (the source of truth: survives restarts), and
 * an exact BM25 inverted index plus the dense vectors (with HNSW graphs, dense-index.ts) in memory.
 * Chosen by measurement at ~125k
 * chunks (2 cores) over LanceDB's and SQLite FTS5's full-text indexes fed the same tokens:
 *   this store   4,494 chunks/s · top-30 p95 26 ms · RSS 564 MB · exact BM25 (per-corpus statistics)
 *   LanceDB FTS  4,205 chunks/s · p95 21 ms (55 ms until optimize() after writes) · RSS 481 MB ·
 *                BM25 equal to float32 but statistics over the whole table; not a dependency here
 *   SQLite FTS5  3,605 chunks/s · p95 307 ms · RSS 287 MB · different idf (96% top-30 overlap)
 *
 * Threads: writes and row reads happen here, on the caller's thread (short SQLite transactions);
 * the index lives in a worker thread (index-worker.ts), started by the first search or count, that
 * loads it (snapshot or rows), applies the change log every write appends to (change-log.ts), so
 * another process's writes cost in proportion to their size, answers searches with chunk ids and
 * scores, and writes the snapshot. Any number of processes may write; each one that searches holds
 * one copy of the index, in its worker.
 */

/**
 * Rows per write transaction of a large write (~0.1 s of SQLite work idle, ~0.4 s on 2 busy cores).
 * One very large decision (60 MB: 46k chunks) written in one transaction held chunks.db's write lock
 * for 17.6 s on a loaded machine, and its process's event loop as long: every other writer waited on
 * it, synchronously on its thread (the server deleting a corpus, an upload's job child, the index
 * worker pruning the change log after a snapshot), and the importing CLI's job heartbeat stopped, so
 * the server declared a live import dead. See writeInSlices().
 */
const WRITE_SLICE_ROWS = 1_000;

export interface EmbeddedStoreOptions {
  /** How long a write waits for another process's write to finish (SQLITE_BUSY), in ms. */
  busyTimeoutMs?: number;
  /**
   * Idle time after the last applied change before the index snapshot is written (~1 s of work in
   * the worker at 120k chunks): long enough that an ingestion waiting on an embeddings server
   * between batches does not rewrite it after every batch.
   */
  snapshotDelayMs?: number;
  /** How often the worker looks for other processes' commits. */
  pollMs?: number;
  /** Dense search's HNSW graphs (dense-index.ts); tests lower `minVectors` to use them on small stores. */
  ann?: Partial<AnnOptions>;
}

export class EmbeddedStore implements VectorStore {
  readonly kind = "embedded" as const;
  private readonly db: Database.Database;
  private readonly index: IndexClient;
  /** The newest change this instance committed: searches wait for the index to reflect it. */
  private seq = 0;

  constructor(dir: string, options: EmbeddedStoreOptions = {}) {
    const busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    mkdirSync(dir, { recursive: true });
    try {
      this.db = new Database(join(dir, "chunks.db"), { timeout: busyTimeoutMs });
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = NORMAL");
      // Also adds the change log to a store created before it.
      this.db.exec(SCHEMA);
      addLaterColumns(this.db);
    } catch (cause) {
      throw new AppError("store:unavailable", { cause, detail: dir });
    }
    this.index = new IndexClient({
      dir,
      busyTimeoutMs,
      snapshotDelayMs: options.snapshotDelayMs ?? 30_000,
      pollMs: options.pollMs ?? 500,
      ann: { ...ANN_DEFAULTS, ...options.ann },
    });
  }

  /** Runs one write transaction; `write` returns the last change seq it logged (0: none). */
  private write(write: () => number): void {
    const seq = this.db.transaction(write)();
    if (seq <= 0) return;
    this.seq = seq;
    this.index.notify({ op: "written", seq });
  }

  private insertAll(items: IndexedChunk[]): () => number {
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO chunks (${ROW_COLUMNS}, tokens, vector, en_banc, lower_court)
       VALUES (@id, @corpusId, @caseNo, @caseName, @court, @courtLevel, @caseType, @decisionDate, @section,
       @sectionOrder, @text, @contentHash, @tokens, @vector, @enBanc, @lowerCourt)`,
    );
    const rows = items.map((item) => {
      const vector = item.vector?.length ? normalized(item.vector) : undefined;
      const { enBanc, lowerCourt } = item.chunk;
      return {
        ...item.chunk,
        tokens: item.tokens.join(" "),
        vector: vector ? Buffer.from(vector.buffer) : null,
        enBanc: enBanc === undefined ? null : enBanc ? 1 : 0,
        lowerCourt: lowerCourt ?? null,
      };
    });
    return () => {
      for (const row of rows) insert.run(row);
      return logChanges(
        this.db,
        "chunk",
        items.map((i) => i.chunk.id),
      );
    };
  }

  /**
   * Writes `items` in transactions of WRITE_SLICE_ROWS rows, giving the event loop its turn between
   * them, and runs `finish` (returning the last seq it logged, or 0) in the last one. A batch of
   * up to WRITE_SLICE_ROWS rows (an import's usual batch) is one transaction. A larger one is
   * visible to readers as it is written, as Qdrant's batched writes are; a failure midway leaves
   * the rows written so far and nothing of `finish`.
   */
  private async writeInSlices(items: IndexedChunk[], finish: () => number): Promise<void> {
    for (let at = 0; ; at += WRITE_SLICE_ROWS) {
      const slice = items.slice(at, at + WRITE_SLICE_ROWS);
      const last = at + WRITE_SLICE_ROWS >= items.length;
      const insert = this.insertAll(slice);
      this.write(() => {
        const inserted = slice.length > 0 ? insert() : 0;
        const finished = last ? finish() : 0;
        return finished > 0 ? finished : inserted;
      });
      if (last) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async upsert(items: IndexedChunk[]): Promise<void> {
    if (items.length === 0) return;
    await this.writeInSlices(items, () => 0);
  }

  async replaceDocuments(corpusId: string, caseNos: string[], items: IndexedChunk[]): Promise<void> {
    const keep = new Set(items.map((i) => i.chunk.id));
    const select = this.db.prepare("SELECT id FROM chunks WHERE corpus_id = ? AND case_no = ?").pluck();
    const remove = this.db.prepare("DELETE FROM chunks WHERE id = ?");
    // The new chunks first; with the last of them, the decisions' chunks that are not among them.
    // A failure midway leaves every decision with chunks (old or new), never with none.
    await this.writeInSlices(items, () => {
      const stale = caseNos.flatMap((caseNo) =>
        (select.all(corpusId, caseNo) as string[]).filter((id) => !keep.has(id)),
      );
      for (const id of stale) remove.run(id);
      return stale.length > 0 ? logChanges(this.db, "chunk", stale) : 0;
    });
  }

  /** Rows for the worker's hits, in hit order (a chunk deleted meanwhile is left out). */
  private fetch(hits: Hit[]): ScoredChunk[] {
    if (hits.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT ${ROW_COLUMNS} FROM chunks WHERE id IN (${hits.map(() => "?").join(",")})`)
      .all(...hits.map((h) => h.id)) as Row[];
    const byId = new Map(rows.map((r) => [r.id, toChunk(r)]));
    return hits.flatMap((h) => {
      const chunk = byId.get(h.id);
      return chunk ? [{ chunk, score: h.score }] : [];
    });
  }

  /** The hits' chunks; an answer from an index behind the log is reported to the caller. */
  private async found(reply: Promise<SearchReply>, options: SearchOptions): Promise<ScoredChunk[]> {
    const { hits, incomplete } = await reply;
    if (incomplete) options.onIncomplete?.();
    return this.fetch(hits);
  }

  async sparseSearch(tokens: string[], options: SearchOptions): Promise<ScoredChunk[]> {
    const { topN, filter, terms } = options;
    return this.found(
      this.index.request<SearchReply>({ op: "sparse", tokens, topN, filter, terms, minSeq: this.seq }),
      options,
    );
  }

  async denseSearch(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    const { topN, filter } = options;
    return this.found(
      this.index.request<SearchReply>({ op: "dense", vector, topN, filter, minSeq: this.seq }),
      options,
    );
  }

  /** Dense search by brute force even where an HNSW graph would answer (benchmarks, tests). */
  async denseSearchExact(vector: number[], options: SearchOptions): Promise<ScoredChunk[]> {
    const { topN, filter } = options;
    const request = { op: "dense", vector, topN, filter, exact: true, minSeq: this.seq } as const;
    return this.found(this.index.request<SearchReply>(request), options);
  }

  async getDocumentChunks(corpusId: string, caseNo: string): Promise<Chunk[]> {
    const rows = this.db
      .prepare(`SELECT ${ROW_COLUMNS} FROM chunks WHERE corpus_id = ? AND case_no = ?`)
      .all(corpusId, caseNo) as Row[];
    const order = (s: string) => SECTIONS.indexOf(s as SectionName);
    return rows.map(toChunk).sort((a, b) => order(a.section) - order(b.section) || a.sectionOrder - b.sectionOrder);
  }

  async getChunks(corpusId: string, caseNo: string, ids: string[]): Promise<Chunk[]> {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM chunks WHERE corpus_id = ? AND case_no = ? AND id IN (${ids.map(() => "?").join(",")})`,
      )
      .all(corpusId, caseNo, ...ids) as Row[];
    const byId = new Map(rows.map((r) => [r.id, toChunk(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async deleteDocument(corpusId: string, caseNo: string): Promise<void> {
    this.write(() => {
      const ids = this.db
        .prepare("SELECT id FROM chunks WHERE corpus_id = ? AND case_no = ?")
        .pluck()
        .all(corpusId, caseNo) as string[];
      if (ids.length === 0) return 0;
      this.db.prepare("DELETE FROM chunks WHERE corpus_id = ? AND case_no = ?").run(corpusId, caseNo);
      return logChanges(this.db, "chunk", ids);
    });
  }

  async deleteCorpus(corpusId: string): Promise<void> {
    this.write(() => {
      const { changes } = this.db.prepare("DELETE FROM chunks WHERE corpus_id = ?").run(corpusId);
      // One change for the whole corpus, however large.
      return changes > 0 ? logChanges(this.db, "corpus", [corpusId]) : 0;
    });
  }

  async matchDocuments(query: DocQuery): Promise<DocMatchResult> {
    const reply = await this.index.request<(DocMatchResult & { incomplete: boolean }) | undefined>({
      op: "match",
      query,
      minSeq: this.seq,
    });
    if (!reply) return NO_MATCH;
    const { incomplete, ...result } = reply;
    // Counted on an index still applying a large import: what it has applied so far, said as such.
    return incomplete ? { ...result, exact: false } : result;
  }

  async count(filter?: StoreFilter): Promise<number> {
    return this.index.request<number>({ op: "count", filter, minSeq: this.seq });
  }

  /**
   * Waits until the index reflects every change committed so far, by any process (an import by
   * the CLI included), and says which: what a result kept for later was computed on.
   */
  async syncIndex(): Promise<IndexState> {
    return this.index.request<IndexState>({ op: "sync", minSeq: this.seq });
  }

  /**
   * The index worker's stats when it runs, else undefined: for a metrics scrape, which must never
   * start the worker (and load the whole index) just to be answered.
   */
  async indexStatsIfRunning(): Promise<IndexStats | undefined> {
    return this.index.started ? this.indexStats() : undefined;
  }

  /** What the index worker holds and has done (starts it when not running). */
  async indexStats(): Promise<IndexStats> {
    return this.index.request<IndexStats>({ op: "stats", minSeq: 0 });
  }

  /** Writes the index snapshot now if the index changed since the last one (normally 30 s after). */
  async flushSnapshot(): Promise<void> {
    await this.index.request<number>({ op: "snapshot", minSeq: this.seq });
  }

  /** For tests: makes the index worker throw an uncaught exception. */
  async crashIndexWorkerForTest(): Promise<void> {
    await this.index.request({ op: "crash", minSeq: 0 });
  }

  async close(): Promise<void> {
    await this.index.close(this.seq);
    this.db.close();
  }
}
