import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
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
