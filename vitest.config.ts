import { resolve } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    // PostgreSQL-only suites run in vitest.postgres.config.ts.
    exclude: [...configDefaults.exclude, "**/*.pg.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: forks keep native modules (better-sqlite3, LanceDB) isolated per test file.
    pool: "forks",
    reporters: process.env.VITEST_JSON ? ["default", ["json", { outputFile: process.env.VITEST_JSON }]] : ["default"],
  },
});
