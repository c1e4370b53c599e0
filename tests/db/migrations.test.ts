import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { derivePostgresSchema, PG_SCHEMA_HEADER, PG_SCHEMA_PATH, SCHEMA_PATH } from "@/lib/db/schema-variants";
import { createTestDb, onPostgres } from "../support/test-db";

const run = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

/** An empty PostgreSQL database on the run's server (not a copy of the migrated template). */
async function emptyPostgresDatabase(): Promise<string> {
  const adminUrl = inject("pgAdminUrl");
  const name = `${inject("pgTemplate").replace(/_template$/, "")}_empty_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe("migrations", () => {
  it("cover the whole schema for both providers (no change is missing a migration)", () => {
    // On PostgreSQL the check also builds the schema both ways on the server and compares them.
    const args = onPostgres() ? ["--check", "--postgres-server", inject("pgAdminUrl")] : ["--check"];
    expect(run("scripts/db-new-migration.ts", args)).toContain("일치");
  });

  it("apply to an empty database and are idempotent", async () => {
    const url = onPostgres() ? await emptyPostgresDatabase() : `file:./data/test/migrate-${process.pid}.db`;
    expect(run("scripts/db-migrate.ts", [], { DATABASE_URL: url })).toContain("마이그레이션 적용");
    expect(run("scripts/db-migrate.ts", [], { DATABASE_URL: url })).toContain("최신 상태");
  });

  it("give this run's tests a database of its provider", async () => {
    const { db, url } = createTestDb();
    expect(db.$provider()).toBe(onPostgres() ? "postgresql" : "sqlite");
    expect(url.startsWith(onPostgres() ? "postgresql://" : "file:")).toBe(true);
    expect(await db.user.count()).toBe(0);
    await db.$disconnect();
  });
});

describe("after a merge that added only a SQLite migration", () => {
  it.runIf(onPostgres())(
    "db:check names the missing PostgreSQL migration, which --postgres-only writes",
    () => {
      // A copy of prisma/ in a scratch folder: the scripts resolve prisma/ from the working directory.
      const dir = mkdtempSync(join(tmpdir(), "rar-migrations-"));
      cpSync(resolve("prisma"), join(dir, "prisma"), { recursive: true });
      const schema = join(dir, "prisma", "schema.prisma");
      writeFileSync(
        schema,
        readFileSync(schema, "utf8").replace(
          "  deactivatedAt DateTime?",
          "  deactivatedAt DateTime?\n  nickname String?",
        ),
      );
      const script = (args: string[]) =>
        spawnSync(
          process.execPath,
          [
            "--experimental-wasm-modules",
            "--no-warnings",
            "--import",
            // tsx by its path: the scratch folder has no node_modules to find it in.
            import.meta.resolve("tsx"),
            resolve("scripts/db-new-migration.ts"),
            ...args,
          ],
          { cwd: dir, encoding: "utf8", env: process.env },
        );
      const server = ["--postgres-server", inject("pgAdminUrl")];

      expect(script(["add_nickname", "--sqlite-only"]).status).toBe(0);
      const check = script(["--check"]);
      expect(check.status).toBe(1);
      expect(check.stdout).toContain("--postgres-only");
      expect(check.stdout).not.toContain("SQLite 마이그레이션이 없는");

      const written = script(["add_nickname", "--postgres-only", ...server]);
      expect(written.stdout).toContain("새 PostgreSQL 마이그레이션");
      const folder = readdirSync(join(dir, "prisma", "migrations-postgres")).find((n) => n.endsWith("_add_nickname"));
      expect(
        readFileSync(join(dir, "prisma", "migrations-postgres", folder as string, "migration.sql"), "utf8"),
      ).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"nickname" TEXT/);
      const after = script(["--check", ...server]);
      expect(after.stdout).toContain("일치");
      expect(after.status).toBe(0);
    },
    120_000,
  );
});

describe("the PostgreSQL schema", () => {
  it("is prisma/schema.prisma with the provider and the client's folder swapped, and nothing else", () => {
    const sqlite = readFileSync(SCHEMA_PATH, "utf8");
    const derived = derivePostgresSchema(sqlite);
    expect(derived).toContain('provider = "postgresql"');
    expect(derived).toContain('output       = "../lib/db/generated-pg"');
    const body = derived.slice(PG_SCHEMA_HEADER.length);
    expect(body.replace('"postgresql"', '"sqlite"').replace("generated-pg", "generated")).toBe(sqlite);
    // The committed copy is what the PostgreSQL migrations reach (db:check fails when it lags).
    expect(readFileSync(PG_SCHEMA_PATH, "utf8")).toBe(derived);
  });

  it("refuses a schema whose datasource it does not recognise", () => {
    expect(() => derivePostgresSchema('datasource db {\n  provider = "mysql"\n}')).toThrow(/provider/);
  });
});
