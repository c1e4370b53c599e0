import { execFileSync } from "node:child_process";
import pg from "pg";
import type { TestProject } from "vitest/node";

/**
 * The PostgreSQL run's set-up (vitest.postgres.config.ts): a private server from
 * scripts/pg-test-server.sh (its own temp data directory and port, removed afterwards), or the one
 * TEST_POSTGRES_URL names (an admin URL; databases are created there and dropped afterwards). The
 * committed PostgreSQL migrations build one template database through the same script the set-up
 * uses; each test file gets a copy of it (tests/support/test-db.ts).
 */

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

const PREFIX = `rar_test_${process.pid}`;

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.RAR_PG_AVAILABLE !== "1") return async () => {};
  let serverDir: string | undefined;
  let adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    const started = execFileSync("bash", ["scripts/pg-test-server.sh", "start"], { encoding: "utf8" }).trim();
    [adminUrl, serverDir] = started.split(" ");
    // Also when the run is interrupted (Ctrl+C) and teardown never comes: no server is left behind.
    const dir = serverDir as string;
    process.once("exit", () => {
      try {
        execFileSync("bash", ["scripts/pg-test-server.sh", "stop", dir], { stdio: "ignore" });
      } catch {
        // Already stopped by the teardown.
      }
    });
  }
  const url = adminUrl as string;
  const template = `${PREFIX}_template`;
  await admin(url, (c) => c.query(`CREATE DATABASE "${template}"`));
  execFileSync(
    process.execPath,
    ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/db-migrate.ts"],
    { env: { ...process.env, DATABASE_URL: withDatabase(url, template) }, stdio: "pipe" },
  );
  project.provide("pgAdminUrl", url);
  project.provide("pgTemplate", template);
  return async () => {
    if (serverDir) {
      execFileSync("bash", ["scripts/pg-test-server.sh", "stop", serverDir], { stdio: "ignore" });
      return;
    }
    // A server of someone else's: drop only what this run created.
    await admin(url, async (c) => {
      const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `${PREFIX}%`,
      ]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}
