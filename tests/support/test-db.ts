import { copyFileSync, mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";
import { createDb, type Db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";

/** A fresh, migrated SQLite database of its own for one test file. */
export function createTestDb(): { db: Db; url: string } {
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
