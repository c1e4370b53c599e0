import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/db/sqlite-path";
import { onPostgres } from "./test-db";

/** Another connection to the test database, outside the app: a backup, an admin's shell, another process. */
export interface Outsider {
  /** Runs `sql` there (SQLite: exec; PostgreSQL: query). */
  run(sql: string): Promise<void>;
  inTransaction(): boolean;
  close(): Promise<void>;
}

export async function outsider(url: string, options: { readonly?: boolean } = {}): Promise<Outsider> {
  if (onPostgres()) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let open = false;
    return {
      async run(sql) {
        await client.query(sql);
        if (/^\s*BEGIN/i.test(sql)) open = true;
        if (/^\s*(COMMIT|ROLLBACK)/i.test(sql)) open = false;
      },
      inTransaction: () => open,
      close: () => client.end(),
    };
  }
  const raw = new Database(sqlitePath(url), { readonly: options.readonly ?? false, timeout: 0 });
  return {
    async run(sql) {
      raw.exec(sql);
    },
    inTransaction: () => raw.inTransaction,
    async close() {
      raw.close();
    },
  };
}

/**
 * A write lock held by the outsider: SQLite's database lock; on PostgreSQL a lock on the tables a
 * question is written to (EXCLUSIVE: others may still read them, as under SQLite's lock).
 */
export const LOCK_FOR_WRITES = () =>
  onPostgres() ? 'BEGIN; LOCK TABLE "Chat", "Message" IN EXCLUSIVE MODE' : "BEGIN IMMEDIATE";

/**
 * The outsider takes the write lock on `url`'s database, holds it `ms`, then commits. `released`:
 * when COMMIT had returned.
 */
export async function holdWriteLock(url: string, ms: number): Promise<{ released: Promise<number> }> {
  const holder = await outsider(url);
  await holder.run(LOCK_FOR_WRITES());
  const released = new Promise<number>((resolve, reject) => {
    setTimeout(() => {
      holder
        .run("COMMIT")
        .then(() => {
          const at = Date.now();
          return holder.close().then(() => resolve(at));
        })
        .catch(reject);
    }, ms);
  });
  return { released };
}
