import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { providerOf } from "./provider";
import { migrationNames, migrationsDirOf } from "./schema-variants";
import { sqlitePath } from "./sqlite-path";

export interface MigrationStatus {
  /** The database file or schema exists and has Prisma's migration table. */
  prepared: boolean;
  /** Committed migrations (prisma/migrations*) the database has not applied, oldest first. */
  pending: string[];
}

/** Finished, not rolled back — what `prisma migrate deploy` and lib/db/migrate.ts count as applied. */
const APPLIED_SQL =
  "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/**
 * Which committed migrations a database lacks, read without changing anything: a SQLite file that
 * does not exist is not created (opening it through the app's client would create an empty one), and
 * nothing is migrated. Command-line tools ask this before their first query so that an unprepared or
 * out-of-date database gets one line saying what to run, not a driver's stack trace.
 */
export async function migrationStatus(databaseUrl: string): Promise<MigrationStatus> {
  const committed = migrationNames(migrationsDirOf(providerOf(databaseUrl)));
  const applied = await appliedMigrations(databaseUrl);
  if (applied === null) return { prepared: false, pending: committed };
  const done = new Set(applied);
  return { prepared: true, pending: committed.filter((name) => !done.has(name)) };
}

async function appliedMigrations(databaseUrl: string): Promise<string[] | null> {
  if (providerOf(databaseUrl) === "sqlite") {
    const path = sqlitePath(databaseUrl);
    if (!existsSync(path)) return null;
    const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 5_000 });
    try {
      const table = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
        .get();
      if (!table) return null;
      return (db.prepare(APPLIED_SQL).all() as { migration_name: string }[]).map((row) => row.migration_name);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const exists = await client.query<{ table: string | null }>(
      "SELECT to_regclass('_prisma_migrations')::text AS table",
    );
    if (!exists.rows[0]?.table) return null;
    return (await client.query<{ migration_name: string }>(APPLIED_SQL)).rows.map((row) => row.migration_name);
  } finally {
    await client.end();
  }
}
