import { AppError } from "../errors";

/**
 * SQLITE_BUSY (another process holds the write lock: the import CLI, a job's child process, an
 * admin's shell) surfaces from Prisma's SQLite adapter as a "SocketTimeout" driver error. It is
 * retried here on a timer, with growing pauses, until `budgetMs` has passed — then the caller gets
 * a typed `db:busy` error instead of an "unexpected error".
 *
 * PostgreSQL's counterparts: a serialization failure or deadlock (40001, 40P01: Prisma's
 * "TransactionWriteConflict") is retried the same way; a lock waited on past `lock_timeout`
 * (55P03, set to the budget in client-pg.ts), a statement cancelled by a `statement_timeout` an
 * administrator set on the role or database (57014: on a busy server, a statement waiting on a
 * lock), or a pool with no free connection within the budget has already spent it, so it becomes
 * `db:busy` at once (a question is then held and stored later, lib/chat/question-intake.ts).
 */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 500;

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** PostgreSQL SQLSTATEs that mean "another transaction is in the way". */
const PG_BUSY_CODES = new Set(["40001", "40P01", "55P03", "57014"]);
/** Of those, the waits that already lasted the whole budget (retrying would wait as long again). */
const PG_SPENT_CODES = new Set(["55P03", "57014"]);
/**
 * node-postgres's errors when no connection is had within connectionTimeoutMillis: none of the
 * pool's frees up, or a new one is not established in time (a server too busy to accept it).
 */
const PG_POOL_TIMEOUT = /timeout exceeded when trying to connect|connection terminated due to connection timeout/i;

/** What kind of error it is: busy (retry), busy with the budget spent (give up now), or another error. */
function classify(error: unknown): "busy" | "spent" | null {
  const seen: unknown[] = [error];
  let found: "busy" | null = null;
  for (let i = 0; i < seen.length && i < 10; i++) {
    const e = seen[i] as (ErrorLike & { message?: unknown }) | null;
    if (!e || typeof e !== "object") continue;
    for (const code of [e.code, e.originalCode]) {
      if (typeof code !== "string") continue;
      if (PG_SPENT_CODES.has(code)) return "spent";
      if (code.startsWith("SQLITE_BUSY") || PG_BUSY_CODES.has(code)) found = "busy";
    }
    if (typeof e.message === "string" && PG_POOL_TIMEOUT.test(e.message)) return "spent";
    if (e.kind === "SocketTimeout" || e.kind === "TransactionWriteConflict") found = "busy";
    seen.push(e.cause, e.meta?.driverAdapterError);
  }
  return found;
}

/**
 * SQLite: Prisma reports it as P1008 with `meta.driverAdapterError.cause = { originalCode:
 * "SQLITE_BUSY", kind: "SocketTimeout" }`. PostgreSQL: P2034 (TransactionWriteConflict) or a
 * driver error whose `originalCode` is one of PG_BUSY_CODES, or the pool's connect timeout.
 */
export function isBusyError(error: unknown): boolean {
  return classify(error) !== null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withBusyRetry<T>(work: () => Promise<T>, budgetMs: number): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(MAX_PAUSE_MS, pause * 2)) {
    try {
      return await work();
    } catch (error) {
      const kind = classify(error);
      if (!kind) throw error;
      const left = deadline - Date.now();
      if (left <= 0 || kind === "spent") throw new AppError("db:busy", { cause: error });
      await sleep(Math.min(pause, left));
    }
  }
}
