// Imported first by every command-line script (instead of ./load-env, which it loads): the .env
// files, and one plain Korean line — never a stack trace — for whatever stops the command. An
// unprepared or out-of-date database, a missing file or folder (../shared exists only beside the
// developers' checkouts), a bad setting, a typed app error: each says what happened and what to run,
// and the command exits 1. `DEBUG=1` prints the stack as well.
import "./load-env";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { migrationStatus } from "../lib/db/migration-status";
import { env } from "../lib/env";
import { cliErrorLine, MIGRATE_HINT, missingPathLine } from "./cli-error-line";

export { cliErrorLine };

// The lines lib/ logs (lib/util/log.ts) read as they always did, `[area] message`, unless
// LOG_FORMAT asks for JSON; the job processes a command starts inherit it. Set before anything
// reads the settings (they are read on first use, after the imports).
if (!process.env.LOG_FORMAT || process.env.LOG_FORMAT === "auto") process.env.LOG_FORMAT = "text";

function fail(error: unknown): never {
  console.error(cliErrorLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}

// A rejected top-level await of the script lands here too.
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

/**
 * Stops with one line unless DATABASE_URL's database has every committed migration. Asked before
 * the first query: without it, Prisma's "table does not exist" surfaces somewhere in the middle.
 */
export async function requireDatabase(): Promise<void> {
  const url = env().DATABASE_URL;
  let status: Awaited<ReturnType<typeof migrationStatus>>;
  try {
    status = await migrationStatus(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.error(`데이터베이스를 열 수 없습니다 (${reason}). DATABASE_URL 을 확인하세요.`);
    process.exit(1);
  }
  if (!status.prepared) {
    console.error(`데이터베이스가 아직 준비되지 않았습니다. ${MIGRATE_HINT}`);
    process.exit(1);
  }
  if (status.pending.length > 0) {
    console.error(
      `데이터베이스가 최신이 아닙니다 (적용되지 않은 마이그레이션 ${status.pending.length}개). ${MIGRATE_HINT}`,
    );
    process.exit(1);
  }
}

/** The path resolved, or one line and exit 1 when it does not exist. */
export function requirePath(path: string): string {
  const full = resolve(path);
  if (!existsSync(full)) {
    console.error(missingPathLine(path));
    process.exit(1);
  }
  return full;
}
