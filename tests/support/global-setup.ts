import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Builds one migrated template database for the whole run (through the same script the set-up
 * uses), so each test file can start from a copy in milliseconds. Migrations need Node's wasm
 * flag, hence a child process rather than an import.
 */
export const TEMPLATE_DB = resolve("data/test/template.db");

export default function setup(): void {
  mkdirSync(resolve("data/test"), { recursive: true });
  rmSync(TEMPLATE_DB, { force: true });
  execFileSync(
    process.execPath,
    ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/db-migrate.ts"],
    { env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` }, stdio: "pipe" },
  );
}
