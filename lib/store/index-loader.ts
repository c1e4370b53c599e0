import type Database from "better-sqlite3";
import type { AnnOptions } from "./ann-options";
import { headSeq, prunedThrough, readChanges, storeId } from "./change-log";
import type { DocFields } from "./doc-table";
import { floats } from "./embedded-schema";
import { MemoryIndex, type SlotMeta } from "./memory-index";
import { readSnapshot } from "./sparse-snapshot";

/**
 * Building the in-memory index (in the index worker) from `chunks.db`: a full load (from the
 * snapshot, else from every row) and incremental application of the change log. Full loads read
 * rows in slices and call `pause()` between them, so the worker answers from its previous index
 * meanwhile; rows changing during the load are fixed by the changes after the load's cursor, which
 * are applied next (applying a change twice is harmless: a change means "read this row again").
 */

const LOAD_SLICE_ROWS = 2_000;
/** Changes applied per slice: ~10–50 ms of work, so a search waits at most about that long. */
export const APPLY_SLICE_CHANGES = 256;
const IN_LIST = 500;

/**
 * A chunk row's fields the index keeps: the slot's, and its decision's (doc-table.ts) — with the
 * 참조조문 passages' text: the decision's articles, for the 참조조문 filter and facet.
 */
const META =
  "id, corpus_id, case_no, case_type, court, decision_date, section, case_name, court_level, en_banc, lower_court, " +
  "CASE WHEN section = '참조조문' THEN text END";
type MetaCols = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number | null,
  string | null,
  string | null,
];
type MetaRow = [number, ...MetaCols];
/** One string per section name, not one per row (a million rows of "판례내용"). */
const sectionNames = new Map<string, string>();
const intern = (s: string) => {
  const known = sectionNames.get(s);
  if (known !== undefined) return known;
  if (sectionNames.size < 64) sectionNames.set(s, s);
  return s;
};

function metaOf(cols: MetaCols): { meta: SlotMeta; doc: DocFields; refList: string | null } {
  const [
    id,
    corpusId,
    caseNo,
    caseType,
    court,
    decisionDate,
    section,
    caseName,
    courtLevel,
    enBanc,
    lowerCourt,
    refList,
  ] = cols;
  return {
    refList,
    meta: { id, corpusId, caseNo, caseType, court, decisionDate, section: intern(section) },
    doc: {
      corpusId,
      caseNo,
      caseName,
      court,
      courtLevel,
      caseType,
      decisionDate,
      enBanc: enBanc === null ? null : enBanc === 1,
      lowerCourt: lowerCourt ?? "",
    },
  };
}

/** Rows in slices, keyed by their first column (rowid or id), starting after `after`. */
function* rowSlices<T extends unknown[]>(db: Database.Database, sql: string, start: number | string): Generator<T[]> {
  const select = db.prepare(sql).raw();
  let after = start;
  for (;;) {
    const rows = select.all(after, LOAD_SLICE_ROWS) as T[];
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as T)[0] as number | string;
  }
}

/** From the snapshot when it belongs to this store and the log still holds every later change. */
export async function loadFromSnapshot(
  db: Database.Database,
  path: string,
  pause: () => Promise<void>,
  ann?: AnnOptions,
): Promise<MemoryIndex | undefined> {
  const id = storeId(db);
  const pruned = prunedThrough(db);
  const head = headSeq(db);
  const snapshot = readSnapshot(path, (s) => s.storeId === id && s.seq >= pruned && s.seq <= head);
  if (!snapshot) return undefined;
  const index = new MemoryIndex(ann);
  index.cursor = snapshot.seq;
  const n = snapshot.ids.length;
  const slotOfId = new Map(snapshot.ids.map((chunkId, slot) => [chunkId, slot]));
  const metas: (SlotMeta | undefined)[] = new Array(n);
  const groups = new Int32Array(n);
  const metaSql = `SELECT rowid, ${META} FROM chunks WHERE rowid > ? ORDER BY rowid LIMIT ?`;
  for (const rows of rowSlices<MetaRow>(db, metaSql, 0)) {
    for (const [, ...cols] of rows) {
      // A row the snapshot lacks was written after it: its change is applied after the load.
      const slot = slotOfId.get(cols[0]);
      if (slot === undefined) continue;
      const { meta, doc, refList } = metaOf(cols);
      metas[slot] = meta;
      groups[slot] = index.group(meta.corpusId);
      index.docs.place(slot, doc, refList);
    }
    await pause();
  }
  // A slot whose row is gone was deleted after the snapshot: imported as deleted.
  for (let slot = 0; slot < n; slot++) {
    if (metas[slot]) continue;
    snapshot.lengths[slot] = -1;
    slotOfId.delete(snapshot.ids[slot] as string);
  }
  index.metas = metas;
  index.slotOf = slotOfId;
  const vectorSql = "SELECT id, vector FROM chunks WHERE vector IS NOT NULL AND id > ? ORDER BY id LIMIT ?";
  for (const rows of rowSlices<[string, Buffer]>(db, vectorSql, "")) {
    for (const [chunkId, vector] of rows) {
      const slot = slotOfId.get(chunkId);
      const meta = slot === undefined ? undefined : metas[slot];
      if (slot !== undefined && meta) index.dense.put(slot, floats(vector), meta.corpusId);
    }
    await pause();
  }
  index.sparse.importArrays(snapshot, groups);
  return index;
}

type FullRow = [number, ...MetaCols, string, Buffer | null];

/** Every row read again (no usable snapshot); the cursor is the head before the first row is read. */
export async function loadFromRows(
  db: Database.Database,
  pause: () => Promise<void>,
  ann?: AnnOptions,
): Promise<MemoryIndex> {
  const index = new MemoryIndex(ann);
  index.cursor = headSeq(db);
  const sql = `SELECT rowid, ${META}, tokens, vector FROM chunks WHERE rowid > ? ORDER BY rowid LIMIT ?`;
  for (const rows of rowSlices<FullRow>(db, sql, 0)) {
    for (const row of rows) {
      const { meta, doc, refList } = metaOf(row.slice(1, 13) as MetaCols);
      const tokens = row[13];
      const vector = row[14];
      index.place(meta, tokens ? tokens.split(" ") : [], vector ? floats(vector) : undefined, doc, refList);
    }
    await pause();
  }
  return index;
}

export interface Applied {
  changes: number;
  chunks: number;
  /** The log no longer holds the changes after the cursor: a full load is needed. */
  reload: boolean;
}

/**
 * Applies up to APPLY_SLICE_CHANGES changes after the index's cursor. One read transaction: the
 * changes and the rows they point at come from the same state of the database.
 */
export function applySlice(db: Database.Database, index: MemoryIndex): Applied {
  const select = (n: number) =>
    db
      .prepare(
        `SELECT ${META}, tokens, vector FROM chunks
         WHERE id IN (${Array(n).fill("?").join(",")})`,
      )
      .raw();
  return db.transaction((): Applied => {
    if (prunedThrough(db) > index.cursor) return { changes: 0, chunks: 0, reload: true };
    const changes = readChanges(db, index.cursor, APPLY_SLICE_CHANGES);
    let chunks = 0;
    let pending = new Set<string>();
    // Consecutive chunk changes are read together; a corpus deletion between them keeps its place.
    const flush = () => {
      const ids = [...pending];
      pending = new Set();
      chunks += ids.length;
      for (let at = 0; at < ids.length; at += IN_LIST) {
        const part = ids.slice(at, at + IN_LIST);
        const rows = new Map(
          (select(part.length).all(...part) as [string, ...unknown[]][]).map((row) => [row[0], row] as const),
        );
        for (const id of part) {
          const row = rows.get(id) as [...MetaCols, string, Buffer | null] | undefined;
          if (!row) {
            index.remove(id);
            continue;
          }
          const { meta, doc, refList } = metaOf(row.slice(0, 12) as MetaCols);
          const tokens = row[12];
          const vector = row[13];
          index.place(meta, tokens ? tokens.split(" ") : [], vector ? floats(vector) : undefined, doc, refList);
        }
      }
    };
    for (const change of changes) {
      if (change.op === "chunk") {
        pending.add(change.key);
        continue;
      }
      flush();
      index.removeCorpus(change.key);
    }
    flush();
    const last = changes[changes.length - 1];
    if (last) index.cursor = last.seq;
    return { changes: changes.length, chunks, reload: false };
  })();
}
