import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import {
  applyMigrations,
  committedSchema,
  type MigrationOptions,
  migrationFolderName,
  openEngine,
  writeMigration,
} from "./migrate";
import { derivePostgresSchema, PG_SCHEMA_PATH, SCHEMA_PATH } from "./schema-variants";

/**
 * PostgreSQL's side of the migrations (lib/db/migrate.ts applies them like SQLite's). New ones are
 * computed from prisma/schema.postgres.prisma — the state prisma/migrations-postgres reaches — to
 * the schema derived from prisma/schema.prisma, by Prisma's own differ; proving that the committed
 * migrations do build that schema takes a real server (postgresMigrationsDrift).
 */

const NO_FILTERS = { externalTables: [], externalEnums: [] };

/** True when prisma/schema.prisma has changes no PostgreSQL migration covers (no database needed). */
export function postgresMigrationMissing(): boolean {
  const derived = derivePostgresSchema(readFileSync(SCHEMA_PATH, "utf8"));
  return !existsSync(PG_SCHEMA_PATH) || readFileSync(PG_SCHEMA_PATH, "utf8") !== derived;
}

/** Runs `work` with the URL of a fresh database on the server of `adminUrl`, dropped afterwards. */
export async function withScratchDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `rar_scratch_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await work(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * The PostgreSQL counterpart of createMigration: the SQL from prisma/schema.postgres.prisma (the
 * state prisma/migrations-postgres reaches) to the schema derived from prisma/schema.prisma, by
 * Prisma's own differ; writes the migration and the new snapshot. The engine needs a live server
 * even for a diff between two schema files (it asks for the version), hence `adminUrl`; it works
 * on a scratch database there. Reading a database's schema back (`schemaDatasource`) is avoided:
 * adapter-pg 7.10 cannot return the catalogs' "char" columns the engine's describer selects.
 * Returns null when the PostgreSQL migrations already reach the schema.
 */
export async function createPostgresMigration(
  name: string,
  adminUrl: string,
  options: MigrationOptions = {},
): Promise<string | null> {
  const derived = derivePostgresSchema(readFileSync(SCHEMA_PATH, "utf8"));
  const previous = existsSync(PG_SCHEMA_PATH) ? readFileSync(PG_SCHEMA_PATH, "utf8") : null;
  if (previous === derived) return null;
  const sql = await withScratchDatabase(adminUrl, (url) => diffSchemas(url, previous, derived));
  if (options.dryRun) return sql;
  const folder = sql ? writeMigration("postgresql", options.folderName ?? migrationFolderName(name), sql) : null;
  writeFileSync(PG_SCHEMA_PATH, derived);
  return folder;
}

/** The SQL from one PostgreSQL schema text (null: an empty database) to another. */
async function diffSchemas(url: string, from: string | null, to: string): Promise<string | null> {
  const { engine, close } = await openEngine(url, to);
  try {
    const diff = await engine.diff({
      from:
        from === null
          ? { tag: "empty" }
          : { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: from }] },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: to }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    const sql = diff.stdout ?? "";
    return !sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim()) ? null : sql;
  } finally {
    await close();
  }
}

/** Tables, columns, indexes and constraints of a PostgreSQL database's public schema, one line each. */
async function describePostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const skip = "'_prisma_migrations'";
    const queries = [
      `SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable ||
         ' default=' || coalesce(column_default, '-') AS line
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> ${skip}`,
      `SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename <> ${skip}`,
      `SELECT 'constraint ' || t.relname || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relname <> ${skip}`,
    ];
    const lines: string[] = [];
    for (const sql of queries) lines.push(...(await client.query<{ line: string }>(sql)).rows.map((r) => r.line));
    return lines.sort();
  } finally {
    await client.end();
  }
}

/**
 * Proves on a real server that prisma/migrations-postgres builds exactly the schema of
 * prisma/schema.postgres.prisma: one scratch database migrated, one built from the schema file in
 * one step, their catalogs compared. Returns the lines that differ (empty: they agree).
 */
export async function postgresMigrationsDrift(adminUrl: string): Promise<string[]> {
  const schema = committedSchema("postgresql");
  const migrated = await withScratchDatabase(adminUrl, async (url) => {
    await applyMigrations(url);
    return describePostgres(url);
  });
  const expected = await withScratchDatabase(adminUrl, async (url) => {
    const sql = (await diffSchemas(url, null, schema)) ?? "";
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return describePostgres(url);
  });
  const a = new Set(migrated);
  const b = new Set(expected);
  return [
    ...migrated.filter((l) => !b.has(l)).map((l) => `+ ${l}`),
    ...expected.filter((l) => !a.has(l)).map((l) => `- ${l}`),
  ];
}
