import { resolve } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Suites that assert how long this process's event loop may stall (a worker keeps the thread free,
 * a slice yields in time). They run last, one file at a time, so the bound measures our code and not
 * another test file sharing the two cores.
 */
const TIMING_FILES = [
  "tests/precedent/viewer-worker.test.ts",
  "tests/ingest/time-slice.test.ts",
  "tests/ingest/job-responsiveness.test.ts",
  "tests/ingest/job-control.test.ts",
  "tests/store/index-worker.test.ts",
  "tests/db/durability.test.ts",
];

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forks keep native modules (better-sqlite3) isolated per test file. Vitest's default on two
    // cores is one worker; most suites wait on child processes and local servers, so two files at
    // a time keep both cores busy (about 270 s instead of 400 s here).
    pool: "forks",
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
          // PostgreSQL-only suites run in vitest.postgres.config.ts.
          exclude: [...configDefaults.exclude, "**/*.pg.test.ts", ...TIMING_FILES],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: "timing", include: TIMING_FILES, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
