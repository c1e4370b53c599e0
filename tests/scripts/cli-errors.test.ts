import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrationStatus } from "@/lib/db/migration-status";
import { AppError, toAppError } from "@/lib/errors";
import { cliErrorLine } from "@/scripts/cli-error-line";

/**
 * Issue 20: a command-line tool on a database nobody prepared (a fresh clone) or one older than the
 * code printed a Prisma P2021 stack trace. Every CLI now says in one Korean line what to run and
 * exits 1 — here the real scripts are run as `npm run …` runs them, on throwaway databases.
 */

const work = mkdtempSync(join(tmpdir(), "rar-cli-errors-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], databaseUrl: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: join(work, "data") };
  delete env.DEBUG;
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** Exactly one line of output, and nothing that looks like a stack frame or a Prisma dump. */
function expectOneLine(result: Run, includes: string): void {
  const lines = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.trim());
  expect(lines, lines.join("\n")).toHaveLength(1);
  expect(lines[0]).toContain(includes);
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+|P2021|prisma/i);
  expect(result.code).toBe(1);
}

describe("command-line tools on an unprepared database", () => {
  const empty = `file:${join(work, "never-migrated.db")}`;

  it("npm run ingest says to run db:migrate in one line, exits 1, and creates no database file", async () => {
    const result = await run("ingest", ["tests/fixtures/decisions", "--corpus", "시험"], empty);
    expectOneLine(result, "npm run db:migrate");
    expect(existsSync(join(work, "never-migrated.db"))).toBe(false);
  });

  it.each([
    ["enrich", ["--corpus", "시험", "--kind", "context"]],
    ["eval", ["--bench", "tests/fixtures/strategies-bench.jsonl", "--corpus", "시험"]],
    ["citations", ["--all"]],
    ["db-seed", []],
  ])("npm run %s says the same", async (script, args) => {
    expectOneLine(await run(script, args, empty), "npm run db:migrate");
  });

  it("an out-of-date database (a migration missing) is named as such", async () => {
    // The migrated template of this run, with its newest migration unrecorded: what a database
    // prepared by the previous version of the code looks like to the status check.
    const path = join(work, "older.db");
    copyFileSync(resolve("data/test/template.db"), path);
    const url = `file:${path}`;
    const newest = (await migrationStatus(url)).pending;
    expect(newest).toEqual([]);
    const raw = new Database(path);
    const last = raw
      .prepare("SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1")
      .get() as {
      migration_name: string;
    };
    raw.prepare("DELETE FROM _prisma_migrations WHERE migration_name = ?").run(last.migration_name);
    raw.close();
    expect(await migrationStatus(url)).toEqual({ prepared: true, pending: [last.migration_name] });

    const result = await run("ingest", ["tests/fixtures/decisions", "--corpus", "시험"], url);
    expectOneLine(result, "최신이 아닙니다");
    expect(result.stderr).toContain("npm run db:migrate");
  });
});

describe("command-line tools given a path that is not there", () => {
  it("ingest names the missing folder in one line", async () => {
    const result = await run("ingest", [join(work, "no-such-folder"), "--corpus", "시험"], "file:unused.db");
    expectOneLine(result, `파일이나 폴더가 없습니다: ${join(work, "no-such-folder")}`);
  });

  it("a missing ../shared file says what ../shared is", async () => {
    const result = await run(
      "eval",
      ["--bench", "../shared/no-such/bench.jsonl", "--corpus", "시험"],
      "file:unused.db",
    );
    expectOneLine(result, "../shared 는 개발용 예제 데이터");
  });
});

describe("the one line for an error", () => {
  it("maps a query on a missing table (Prisma P2021) to the migrate hint", () => {
    const prismaLike = Object.assign(new Error("The table `main.Corpus` does not exist in the current database."), {
      code: "P2021",
    });
    expect(toAppError(prismaLike).code).toBe("db:not_migrated");
    expect(cliErrorLine(prismaLike)).toContain("npm run db:migrate");
    expect(toAppError(new Error("SqliteError: no such column: tokenizerVersion")).code).toBe("db:not_migrated");
  });

  it("keeps typed messages and shortens anything else to its first line", () => {
    expect(cliErrorLine(new AppError("ingest:busy"))).toBe("이 말뭉치에 이미 진행 중인 색인 작업이 있습니다.");
    const line = cliErrorLine(new Error("첫 줄\n    at somewhere (file.ts:1:2)"));
    expect(line).toContain("첫 줄");
    expect(line).not.toContain("somewhere");
  });
});
