import { spawn } from "node:child_process";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ssoStart from "@/app/api/auth/sso/start/route";
import { SlidingWindow } from "@/lib/auth/api-rate";
import { PASSWORD_LIMITS, SharedPasswordLimiter } from "@/lib/auth/rate-limit";
import { SharedWindow } from "@/lib/auth/shared-limits";
import { resetEnvCache } from "@/lib/env";
import { startRouteServer } from "../support/route-server";
import { onPostgres, useTestDatabase } from "../support/test-db";

/**
 * Rate limits shared by server processes through the database: two limiter instances — and two
 * real child processes on one SQLite file — hold a key to one limit, not one each.
 */
let databaseUrl: string;
beforeAll(() => {
  useTestDatabase();
  databaseUrl = process.env.DATABASE_URL ?? "";
});

function child(kind: "api" | "password", count: number, startAt: number, env: Record<string, string>) {
  return new Promise<{ ok: number; refused: number }>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/rate-child.ts", kind, String(count), String(startAt)],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => {
      out += d;
    });
    proc.stderr.on("data", (d) => {
      err += d;
    });
    proc.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line));
      else reject(new Error(`child exited ${code}: ${out}\n${err}`));
    });
  });
}

describe("shared sliding window", () => {
  it("keeps the in-memory window's rules: units all or none, exact Retry-After", async () => {
    const shared = new SharedWindow("test:units", () => 5);
    const memory = new SlidingWindow(() => 5);
    const steps: [string, number, number][] = [
      ["t", 0, 3],
      ["t", 10_000, 1],
      ["t", 20_000, 3],
      ["t", 20_000, 1],
      ["t", 20_000, 1],
      ["t", 80_001, 5],
      ["u", 0, 6],
    ];
    for (const [key, now, units] of steps) {
      expect(await shared.take(key, now, units)).toEqual(memory.take(key, now, units));
    }
  });

  it("two instances (two processes' limiters) share one limit", async () => {
    const a = new SharedWindow("test:two", () => 10);
    const b = new SharedWindow("test:two", () => 10);
    const now = 1_000_000;
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).take("token", now + i, 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false });
    expect(refused && !refused.ok && refused.retryAfterMs).toBeGreaterThan(59_000);
  });
});

describe("shared sign-in back-off", () => {
  it("failures counted by one limiter block the same account and address on another", async () => {
    const first = new SharedPasswordLimiter();
    const second = new SharedPasswordLimiter();
    await first.clear();
    const now = Date.now();
    for (let i = 0; i < PASSWORD_LIMITS.pair.free; i++) {
      await (await (i % 2 ? first : second).begin("a@firm.test", "192.0.2.1", now)).failed();
    }
    await expect(second.begin("a@firm.test", "192.0.2.1", now)).rejects.toMatchObject({
      code: "auth:rate_limited",
      userMessage: "로그인 시도가 너무 많습니다. 1초 후에 다시 시도해 주세요.",
    });
    await expect(first.begin("a@firm.test", "192.0.2.1", now)).rejects.toMatchObject({ code: "auth:rate_limited" });
    // A refused try costs nothing; after the delay, one more is let in.
    const later = await first.begin("a@firm.test", "192.0.2.1", now + 1_000);
    await later.failed();
    expect(await first.pair.failures("a@firm.test\n192.0.2.1", now + 1_000)).toBe(PASSWORD_LIMITS.pair.free + 1);
  });
});

describe(`two server processes on one ${onPostgres() ? "PostgreSQL" : "SQLite"} database`, () => {
  it("share the API token's limit: 2 × 8 requests against 10 a minute let exactly 10 in", async () => {
    const startAt = Date.now() + 4_000;
    const env = { API_RATE_PER_MINUTE: "10" };
    const [a, b] = await Promise.all([child("api", 8, startAt, env), child("api", 8, startAt, env)]);
    expect(a.ok + b.ok).toBe(10);
    expect(a.refused + b.refused).toBe(6);
  }, 60_000);

  it("share the sign-in back-off: the free tries are counted once for both", async () => {
    const startAt = Date.now() + 4_000;
    const [a, b] = await Promise.all([child("password", 6, startAt, {}), child("password", 6, startAt, {})]);
    expect(a.ok + b.ok).toBe(PASSWORD_LIMITS.pair.free);
    expect(a.refused + b.refused).toBe(12 - PASSWORD_LIMITS.pair.free);
  }, 60_000);
});

const startAsNext = (request: Request) => ssoStart.GET(new NextRequest(request));

describe("single sign-on routes", () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    process.env.SSO_RATE_PER_MINUTE = "3";
    resetEnvCache();
    // As Next calls it: a NextRequest (the route reads nextUrl).
    server = await startRouteServer({ "/api/auth/sso/start": { GET: startAsNext } });
  });
  afterAll(async () => {
    await server.close();
    delete process.env.SSO_RATE_PER_MINUTE;
    resetEnvCache();
  });

  it("SSO start answers 429 with Retry-After past its limit per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/auth/sso/start`, { redirect: "manual" });
      statuses.push(response.status);
    }
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const refused = await fetch(`${server.url}/api/auth/sso/start`, { redirect: "manual" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^회사 계정 로그인 요청이 너무 많습니다\. \d+초 후에 다시 시도해 주세요\.$/);
  });
});
