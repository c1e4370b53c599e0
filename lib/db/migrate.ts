import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { type DbProvider, providerOf } from "./provider";
import {
  derivePostgresSchema,
  lockFileText,
  MIGRATIONS_DIR,
  migrationNames,
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

export async function openEngine(databaseUrl: string, schemaText: string): Promise<OpenEngine> {
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
export function committedSchema(provider: DbProvider): string {
  const sqlite = readFileSync(SCHEMA_PATH, "utf8");
  if (provider === "sqlite") return sqlite;
  return existsSync(PG_SCHEMA_PATH) ? readFileSync(PG_SCHEMA_PATH, "utf8") : derivePostgresSchema(sqlite);
}

function loadMigrations(dir: string) {
  const lockPath = join(dir, "migration_lock.toml");
  const names = migrationNames(dir);
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

export function writeMigration(provider: DbProvider, folderName: string, sql: string): string {
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
