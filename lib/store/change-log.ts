import type Database from "better-sqlite3";

/**
 * The embedded store's change log (table `changes`, see embedded-schema.ts): how an index in one
 * process learns, in time proportional to the change, what any process wrote to `chunks.db`.
 */

export type ChangeOp = "chunk" | "corpus";

export interface Change {
  seq: number;
  op: ChangeOp;
  key: string;
}

/** Appends one change per key; call inside the write's transaction. Returns the last seq. */
export function logChanges(db: Database.Database, op: ChangeOp, keys: Iterable<string>): number {
  const insert = db.prepare("INSERT INTO changes (op, key) VALUES (?, ?)");
  let seq = 0;
  for (const key of keys) seq = Number(insert.run(op, key).lastInsertRowid);
  return seq;
}

/** Changes up to this seq are gone from the log (a snapshot at or after it reflects them). */
export function prunedThrough(db: Database.Database): number {
  return db.prepare("SELECT value FROM store_meta WHERE key = 'pruned_through'").pluck().get() as number;
}

export function storeId(db: Database.Database): number {
  return db.prepare("SELECT value FROM store_meta WHERE key = 'store_id'").pluck().get() as number;
}

/** The newest committed seq (also when every change was pruned). */
export function headSeq(db: Database.Database): number {
  return db
    .prepare(
      `SELECT max(coalesce((SELECT max(seq) FROM changes), 0),
                  (SELECT value FROM store_meta WHERE key = 'pruned_through'))`,
    )
    .pluck()
    .get() as number;
}

export function readChanges(db: Database.Database, after: number, limit: number): Change[] {
  return db
    .prepare("SELECT seq, op, key FROM changes WHERE seq > ? ORDER BY seq LIMIT ?")
    .all(after, limit) as Change[];
}

/** Drops the changes a written snapshot reflects; readers behind them reload from that snapshot. */
export function prune(db: Database.Database, through: number): void {
  db.transaction(() => {
    db.prepare("DELETE FROM changes WHERE seq <= ?").run(through);
    db.prepare("UPDATE store_meta SET value = max(value, ?) WHERE key = 'pruned_through'").run(through);
  })();
}
