// Writes the migrations for the current prisma/schema.prisma, for both providers:
//   prisma/migrations/<timestamp>_<name>/migration.sql            (SQLite)
//   prisma/migrations-postgres/<timestamp>_<name>/migration.sql   (PostgreSQL, + prisma/schema.postgres.prisma)
// Usage: npm run db:new-migration -- <name> [--sqlite-only | --postgres-only] [--postgres-server <admin url>]
//        npm run db:check            (exit 1 when a schema change has no migration, for either provider)
// The PostgreSQL migration is computed on a scratch database: the server given by --postgres-server,
// else a private throwaway one (scripts/pg-test-server.sh) when PostgreSQL is installed here.
// After merging a branch that only added a SQLite migration, `--postgres-only` writes the missing one.
import "./cli";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createMigration, migrationFolderName } from "../lib/db/migrate";
import { createPostgresMigration, postgresMigrationMissing, postgresMigrationsDrift } from "../lib/db/migrate-postgres";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const serverAt = args.indexOf("--postgres-server");
const givenServer = serverAt >= 0 ? args[serverAt + 1] : undefined;
const check = flag("--check");
const name = check ? "check" : args.find((a, i) => !a.startsWith("--") && (serverAt < 0 || i !== serverAt + 1));
if (!name || (flag("--sqlite-only") && flag("--postgres-only"))) {
  console.error(
    "사용법: npm run db:new-migration -- <이름> [--sqlite-only | --postgres-only] [--postgres-server <url>]",
  );
  process.exit(2);
}

/** A PostgreSQL server to compute on: the given one, or a private one started (and stopped) here. */
async function withPostgres<T>(work: (adminUrl: string) => Promise<T>): Promise<T | undefined> {
  if (givenServer) return work(givenServer);
  try {
    execFileSync("bash", ["scripts/pg-test-server.sh", "available"], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  const [url, dir] = execFileSync("bash", ["scripts/pg-test-server.sh", "start"], { encoding: "utf8" })
    .trim()
    .split(" ");
  try {
    return await work(url as string);
  } finally {
    execFileSync("bash", ["scripts/pg-test-server.sh", "stop", dir as string], { stdio: "ignore" });
  }
}

const SQLITE_SCRATCH = "./data/.migration-scratch.db";
async function sqliteMigration(dryRun: boolean, folderName: string): Promise<string | null> {
  rmSync(SQLITE_SCRATCH, { force: true });
  try {
    return await createMigration(name as string, `file:${SQLITE_SCRATCH}`, { dryRun, folderName });
  } finally {
    rmSync(SQLITE_SCRATCH, { force: true });
  }
}

const MISSING_PG =
  "PostgreSQL 마이그레이션이 없는 스키마 변경이 있습니다: npm run db:new-migration -- <이름> --postgres-only (PostgreSQL이 설치된 곳에서)";

if (check) {
  let failed = false;
  if (await sqliteMigration(true, "check")) {
    console.log("스키마에 SQLite 마이그레이션이 없는 변경이 있습니다: npm run db:new-migration -- <이름>");
    failed = true;
  }
  if (postgresMigrationMissing()) {
    console.log(MISSING_PG);
    failed = true;
  } else if (givenServer) {
    // With a server at hand, prove it: the committed PostgreSQL migrations reach the schema.
    const drift = await postgresMigrationsDrift(givenServer);
    if (drift.length > 0) {
      console.log(
        `prisma/migrations-postgres가 prisma/schema.postgres.prisma와 다른 스키마를 만듭니다:\n${drift.join("\n")}`,
      );
      failed = true;
    }
  }
  if (!failed) console.log("마이그레이션이 스키마와 일치합니다 (SQLite, PostgreSQL).");
  process.exit(failed ? 1 : 0);
}

// One folder name for both providers: the pair reads as one change.
const folderName = migrationFolderName(name);
if (!flag("--postgres-only")) {
  const folder = await sqliteMigration(false, folderName);
  console.log(folder ? `새 SQLite 마이그레이션: ${folder}` : "SQLite: 스키마 변경 없음.");
}
if (!flag("--sqlite-only")) {
  const result = await withPostgres((url) => createPostgresMigration(name, url, { folderName }));
  if (result === undefined) {
    console.error(`PostgreSQL을 찾지 못해 PostgreSQL 마이그레이션을 만들지 못했습니다. ${MISSING_PG}`);
    process.exit(1);
  }
  console.log(result ? `새 PostgreSQL 마이그레이션: ${result}` : "PostgreSQL: 스키마 변경 없음.");
}
// The wasm engine leaves a 10 s timer behind after PostgreSQL's advisory lock: do not wait for it.
process.exit(0);
