import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { env } from "../env";
import { withBusyRetry } from "./busy-retry";
import { openPostgres } from "./client-pg";
import { PrismaClient } from "./generated/client";
import { QUERY_PLAN_CACHE_SIZE } from "./plan-cache";
import { type DbProvider, providerOf } from "./provider";
import { sqlitePath } from "./sqlite-path";

/**
 * better-sqlite3 waits for a lock by sleeping in the calling thread — the server's only thread.
 * So the driver's own wait is kept short, and longer waits happen in `withBusyRetry`, which sleeps
 * on a timer and leaves the event loop free for other lawyers meanwhile.
 */
const SYNC_BUSY_WAIT_MS = 50;

/**
 * WAL: readers (a backup, an admin's sqlite3 shell, the import CLI) never block the server's
 * writes, and a write never waits for them. The mode is stored in the file; setting it again is
 * cheap. A database that cannot switch (another process holds it exclusively) keeps its mode.
 */
function prepareFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const raw = new Database(path, { timeout: 2_000 });
  try {
    raw.pragma("journal_mode = WAL");
  } catch {
    // Switching needs a moment without other connections; the next start tries again.
  } finally {
    raw.close();
  }
}

function openSqlite(databaseUrl: string): PrismaClient {
  const path = sqlitePath(databaseUrl);
  prepareFile(path);
  return new PrismaClient({
    adapter: new PrismaBetterSqlite3({ url: `file:${path}`, timeout: SYNC_BUSY_WAIT_MS }),
    queryPlanCacheMaxSize: QUERY_PLAN_CACHE_SIZE,
  });
}

/**
 * Opens a client on DATABASE_URL's database: a SQLite file (`file:`), or PostgreSQL
 * (`postgres://`, see client-pg.ts). Tests open their own throwaway databases with this.
 */
export function createDb(databaseUrl: string, busyTimeoutMs = env().DB_BUSY_TIMEOUT_MS) {
  const provider = providerOf(databaseUrl);
  const client =
    provider === "postgresql" ? openPostgres(databaseUrl, busyTimeoutMs, env().DB_POOL_MAX) : openSqlite(databaseUrl);
  // Every single operation retries while the database is busy (SQLITE_BUSY; a PostgreSQL
  // serialization failure or deadlock) within the budget, then fails with `db:busy`.
  return client.$extends({
    name: "busy-retry",
    client: { $provider: (): DbProvider => provider },
    query: { $allOperations: ({ args, query }) => withBusyRetry(() => query(args), busyTimeoutMs) },
  });
}

export type Db = ReturnType<typeof createDb>;

// Next.js dev reloads modules on every edit; keeping the client on globalThis avoids one
// connection (pool) per reload.
const holder = globalThis as unknown as { __db?: Db };

/** Which database DATABASE_URL names (what SQLite-only and PostgreSQL-only paths branch on). */
export function dbProvider(): DbProvider {
  return providerOf(env().DATABASE_URL);
}

/** The process-wide client for DATABASE_URL. */
export function db(): Db {
  holder.__db ??= createDb(env().DATABASE_URL);
  return holder.__db;
}
