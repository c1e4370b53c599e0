import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";
import { inject } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";

/** True in the PostgreSQL run (vitest.postgres.config.ts): test databases are PostgreSQL ones. */
export function onPostgres(): boolean {
  return Boolean(inject("pgAdminUrl"));
}

/** A fresh PostgreSQL database, copied from the run's migrated template. */
function createPostgresDb(): string {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `${template.replace(/_template$/, "")}_${process.pid}_${randomBytes(3).toString("hex")}`;
  // Synchronous, like the SQLite copy: test files open their database outside async code too.
  execFileSync(process.execPath, ["tests/support/pg-create-db.mjs", adminUrl, template, name], { stdio: "pipe" });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database of its own for one test file: SQLite, or PostgreSQL in that run. */
export function createTestDb(): { db: Db; url: string } {
  if (onPostgres()) {
    const url = createPostgresDb();
    return { db: createDb(url), url };
  }
  const dir = mkdtempSync(join(resolve("data/test"), "db-"));
  const path = join(dir, "test.db");
  copyFileSync(resolve("data/test/template.db"), path);
  const url = `file:${path}`;
  return { db: createDb(url), url };
}

/**
 * Points this test file's process at a fresh database: lib code that uses the default client
 * (db() from DATABASE_URL) then talks to it. Call before the first query.
 */
export function useTestDatabase(): Db {
  const { db, url } = createTestDb();
  process.env.DATABASE_URL = url;
  resetEnvCache();
  (globalThis as { __db?: Db }).__db = db;
  return db;
}
