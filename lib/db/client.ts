import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { env } from "../env";
import { PrismaClient } from "./generated/client";
import { sqlitePath } from "./sqlite-path";

export type Db = InstanceType<typeof PrismaClient>;

/** Opens a client on a SQLite file (tests open their own throwaway databases with this). */
export function createDb(databaseUrl: string): Db {
  const path = sqlitePath(databaseUrl);
  mkdirSync(dirname(path), { recursive: true });
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${path}` }) });
}

// Next.js dev reloads modules on every edit; keeping the client on globalThis avoids one
// SQLite connection per reload.
const holder = globalThis as unknown as { __db?: Db };

/** The process-wide client for DATABASE_URL. */
export function db(): Db {
  holder.__db ??= createDb(env().DATABASE_URL);
  return holder.__db;
}
