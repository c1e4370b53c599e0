import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { type DbProvider, providerOf } from "./provider";
import {
  derivePostgresSchema,
  lockFileText,
  MIGRATIONS_DIR,
  migrationsDirOf,
  PG_SCHEMA_PATH,
  SCHEMA_PATH,
} from "./schema-variants";
import { sqlitePath } from "./sqlite-path";

/**
 * Migrations through Prisma's schema engine compiled to WebAssembly. The Prisma CLI downloads a
 * native engine at start-up, which offline machines cannot do; the wasm engine ships on npm and
 * records applied migrations in `_prisma_migrations` exactly as `prisma migrate deploy` does, so a
 * database prepared here stays valid for the CLI on machines that have it. SQLite migrations live
 * in prisma/migrations, PostgreSQL ones in prisma/migrations-postgres (same folder format); the
 * DATABASE_URL picks which are applied.
 *
 * Node 20 needs `--experimental-wasm-modules` to import the engine (see scripts/db-migrate.ts).
 */

export { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from "./schema-variants";

const NO_FILTERS = { externalTables: [], externalEnums: [] };

type Engine = Awaited<ReturnType<typeof import("@prisma/schema-engine-wasm").SchemaEngine.new>>;

function adapterFor(databaseUrl: string) {
  if (providerOf(databaseUrl) === "postgresql") return new PrismaPg({ connectionString: databaseUrl });
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(path), { recursive: true });
  return new PrismaBetterSqlite3({ url: `file:${path}` });
}

interface OpenEngine {
  engine: Engine;
  /** Frees the engine and closes the connections it opened (a pg pool would keep the process alive). */
  close(): Promise<void>;
}

async function openEngine(databaseUrl: string, schemaText: string): Promise<OpenEngine> {
  const { SchemaEngine } = await import("@prisma/schema-engine-wasm");
  const factory = adapterFor(databaseUrl);
  const opened: { dispose(): Promise<void> }[] = [];
  const tracked = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  } as typeof factory;
  // The engine logs through this callback; we only surface errors (thrown) to the caller.
  const engine = await SchemaEngine.new(
    { datamodels: [["schema.prisma", schemaText]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    },
  };
}

/** The schema text the committed migrations of a provider reach. */
function committedSchema(provider: DbProvider): string {
  const sqlite = readFileSync(SCHEMA_PATH, "utf8");
  if (provider === "sqlite") return sqlite;
  return existsSync(PG_SCHEMA_PATH) ? readFileSync(PG_SCHEMA_PATH, "utf8") : derivePostgresSchema(sqlite);
}

function loadMigrations(dir: string) {
  const lockPath = join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
        .map((e) => e.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(join(dir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** Applies every committed migration not yet applied; returns the names it applied. Idempotent. */
export async function applyMigrations(databaseUrl: string, migrationsDir?: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const { engine, close } = await openEngine(databaseUrl, committedSchema(provider));
  try {
    return await applyWith(engine, migrationsDir ?? migrationsDirOf(provider));
  } finally {
    await close();
  }
}

async function applyWith(engine: Engine, migrationsDir: string): Promise<string[]> {
  // The engine's input types are generated from Rust and stricter than our plain object literal.
  const migrationsList = loadMigrations(migrationsDir) as Parameters<Engine["applyMigrations"]>[0]["migrationsList"];
  const out = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
  return out.appliedMigrationNames;
}

/** The SQL taking the database (migrated with `migrationsDir`) to `schemaText`; null when nothing differs. */
async function diffToSchema(engine: Engine, migrationsDir: string, schemaText: string): Promise<string | null> {
  await applyWith(engine, migrationsDir);
  const files = [{ path: "schema.prisma", content: schemaText }];
  const diff = await engine.diff({
    from: { tag: "schemaDatasource", files, configDir: resolve(".") } as never,
    to: { tag: "schemaDatamodel", files },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  const sql = diff.stdout ?? "";
  return !sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim()) ? null : sql;
}

/** `<UTC timestamp>_<name>`, the folder name `prisma migrate dev` would use. */
export function migrationFolderName(name: string, at = new Date()): string {
  const stamp = at.toISOString().replace(/\D/g, "").slice(0, 14);
  return `${stamp}_${name.replace(/[^a-z0-9_]+/gi, "_").toLowerCase()}`;
}

function writeMigration(provider: DbProvider, folderName: string, sql: string): string {
  const dir = migrationsDirOf(provider);
  const folder = join(dir, folderName);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "migration.sql"), sql);
  const lockPath = join(dir, "migration_lock.toml");
  if (!existsSync(lockPath)) writeFileSync(lockPath, lockFileText(provider));
  return folder;
}

export interface MigrationOptions {
  /** Return the SQL instead of writing it. */
  dryRun?: boolean;
  /** Default: migrationFolderName(name). */
  folderName?: string;
}

/**
 * Writes a new SQLite migration folder with the SQL that takes the committed migrations to the
 * current schema (what `prisma migrate dev --create-only` would write). Returns null when nothing
 * changed; with `dryRun`, returns the SQL instead of writing it.
 */
export async function createMigration(
  name: string,
  scratchDbUrl: string,
  options: MigrationOptions = {},
): Promise<string | null> {
  const schemaText = readFileSync(SCHEMA_PATH, "utf8");
  // One engine for both steps: a second engine on the same file would wait on the first one's lock.
  const { engine, close } = await openEngine(scratchDbUrl, schemaText);
  try {
    const sql = await diffToSchema(engine, MIGRATIONS_DIR, schemaText);
    if (!sql || options.dryRun) return sql;
    return writeMigration("sqlite", options.folderName ?? migrationFolderName(name), sql);
  } finally {
    await close();
  }
}

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
