import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const run = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

describe("migrations", () => {
  it("cover the whole schema (no change is missing a migration)", () => {
    expect(run("scripts/db-new-migration.ts", ["--check"])).toContain("일치");
  });

  it("apply to an empty database and are idempotent", () => {
    const url = `file:./data/test/migrate-${process.pid}.db`;
    expect(run("scripts/db-migrate.ts", [], { DATABASE_URL: url })).toContain("마이그레이션 적용");
    expect(run("scripts/db-migrate.ts", [], { DATABASE_URL: url })).toContain("최신 상태");
  });
});
