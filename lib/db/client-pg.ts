import { PrismaPg } from "@prisma/adapter-pg";
import type { PrismaClient as SqliteClient } from "./generated/client";
import { PrismaClient } from "./generated-pg/client";
import { QUERY_PLAN_CACHE_SIZE } from "./plan-cache";

/**
 * PostgreSQL through Prisma's pg driver adapter. The client is generated from the same schema for
 * the other provider (lib/db/generated-pg) and has the same API; it is typed as the SQLite client so
 * that lib/db is written once (only features both providers have are used there).
 *
 * Waits are bounded like SQLite's: a statement that waits on a row or table lock longer than the
 * busy budget fails with lock_not_available (55P03), and taking a pooled connection waits no longer
 * either; both become `db:busy` (lib/db/busy-retry.ts). Waiting here never blocks the event loop.
 */
export function openPostgres(databaseUrl: string, busyTimeoutMs: number, poolMax: number): SqliteClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: poolMax,
    connectionTimeoutMillis: busyTimeoutMs,
    options: `-c lock_timeout=${busyTimeoutMs}`,
  });
  return new PrismaClient({ adapter, queryPlanCacheMaxSize: QUERY_PLAN_CACHE_SIZE }) as unknown as SqliteClient;
}
