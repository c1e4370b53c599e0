import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The database tests again, on PostgreSQL (`npx vitest run --config vitest.postgres.config.ts`; the
 * test command runs it after the SQLite run). A private server is started for the run
 * (scripts/pg-test-server.sh), or TEST_POSTGRES_URL names one. Where PostgreSQL cannot be had,
 * every test of this run is reported skipped — never passed.
 */

/**
 * Test files that exercise lib/db through a real database (opened with tests/support/test-db.ts).
 * Left out: the suites of SQLite's in-process job queue (tests/ingest/job-control, server-start),
 * whose PostgreSQL counterpart is tests/jobs/*.pg.test.ts, and suites that only add model-call or
 * retrieval paths on top of the same queries.
 */
export const POSTGRES_TEST_FILES = [
  "tests/db/**/*.test.ts",
  "tests/jobs/**/*.test.ts",
  "tests/auth/auth.test.ts",
  "tests/auth/session-idle.test.ts",
  "tests/auth/user-admin.test.ts",
  "tests/auth/shared-limits.test.ts",
  "tests/matters/ownership.test.ts",
  "tests/chat/answers.test.ts",
  "tests/chat/answer-liveness.test.ts",
  "tests/chat/held-question.test.ts",
  "tests/chat/filters-retrieval.test.ts",
  "tests/ingest/run-job.test.ts",
  "tests/ingest/upload.test.ts",
  "tests/ingest/cli-kill.test.ts",
  "tests/eval/index-version.test.ts",
];

function postgresAvailable(): boolean {
  if (process.env.TEST_POSTGRES_URL) return true;
  try {
    execFileSync("bash", ["scripts/pg-test-server.sh", "available"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const available = postgresAvailable();
// Read by tests/support/pg-global-setup.ts, which runs in this process.
process.env.RAR_PG_AVAILABLE = available ? "1" : "0";
if (!available) console.warn("PostgreSQL를 쓸 수 없어 PostgreSQL 시험을 모두 건너뜁니다 (skipped).");

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    include: POSTGRES_TEST_FILES,
    environment: "node",
    globalSetup: ["tests/support/pg-global-setup.ts"],
    // No test name matches: every test is collected and reported skipped.
    ...(available ? {} : { testNamePattern: /(?!)/ }),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
  },
});
