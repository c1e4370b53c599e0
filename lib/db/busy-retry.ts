import { AppError } from "../errors";

/**
 * SQLITE_BUSY (another process holds the write lock: the import CLI, a job's child process, an
 * admin's shell) surfaces from Prisma's SQLite adapter as a "SocketTimeout" driver error. It is
 * retried here on a timer, with growing pauses, until `budgetMs` has passed — then the caller gets
 * a typed `db:busy` error instead of an "unexpected error".
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

/** Prisma reports it as P1008 with `meta.driverAdapterError.cause = { originalCode: "SQLITE_BUSY", kind: "SocketTimeout" }`. */
export function isBusyError(error: unknown): boolean {
  const seen: unknown[] = [error];
  for (let i = 0; i < seen.length && i < 10; i++) {
    const e = seen[i] as ErrorLike | null;
    if (!e || typeof e !== "object") continue;
    for (const code of [e.code, e.originalCode]) {
      if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
    }
    if (e.kind === "SocketTimeout") return true;
    seen.push(e.cause, e.meta?.driverAdapterError);
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withBusyRetry<T>(work: () => Promise<T>, budgetMs: number): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(MAX_PAUSE_MS, pause * 2)) {
    try {
      return await work();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) throw new AppError("db:busy", { cause: error });
      await sleep(Math.min(pause, left));
    }
  }
}
