import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as askRoute from "@/app/api/v1/ask/route";
import * as checkRoute from "@/app/api/v1/citations/check/route";
import { MAX_BATCH_CALLS } from "@/lib/api/mcp-handler";
import { createApiToken } from "@/lib/auth/api-tokens";
import { registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import type { UserRecord } from "@/lib/db/users";
import { resetEnvCache } from "@/lib/env";
import { startRouteServer } from "../support/route-server";
import { useTestDatabase } from "../support/test-db";

/**
 * Lawyers, searches and assistants at once: a body is bounded before it is read (a stranger's is
 * never read at all), and every unit of work is metered — each call of an MCP batch counts toward
 * the token's limit, and a batch past MAX_BATCH_CALLS is refused whole. Over real HTTP, with bodies
 * sent chunked (no Content-Length) and generated as they are sent.
 */

let server: { url: string; close(): Promise<void> };
let lawyer: UserRecord;
let readToken: string;
let askToken: string;

beforeAll(async () => {
  useTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), "rar-limits-"));
  Object.assign(process.env, { DATA_DIR: dir, FILES_DIR: dir });
  for (const key of ["LLM_BASE_URL", "EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  lawyer = await registerUser({ email: "limits@firm.test", name: "변호사", role: "lawyer", password: "limits-pass-1" });
  readToken = (await createApiToken(lawyer, { name: "읽기", scope: "read", days: 30 })).secret;
  askToken = (await createApiToken(lawyer, { name: "질문", scope: "ask", days: 30 })).secret;
  server = await startRouteServer({
    "/api/mcp": mcpRoute,
    "/api/v1/ask": askRoute,
    "/api/v1/citations/check": checkRoute,
  });
});
afterAll(async () => {
  await server?.close();
});

const MB = 1024 * 1024;

interface Flood {
  status: number;
  body: string;
  /** From the first byte sent to the response's headers. */
  ms: number;
  /** Bytes the client had sent when the response came. */
  sent: number;
  /** The largest growth of this process's RSS (server and client) while it ran. */
  rssGrowth: number;
}

/**
 * POSTs up to `total` bytes chunked, made 64 KB at a time as the socket takes them, and stops
 * sending when the response comes (or the server closes the connection).
 */
function flood(path: string, total: number, headers: Record<string, string> = {}): Promise<Flood> {
  const url = new URL(path, server.url);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const chunk = Buffer.alloc(64 * 1024, "a");
  const started = performance.now();
  let sent = 0;
  let responded = false;
  return new Promise<Flood>((resolve, reject) => {
    const req = httpRequest(url, {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked", ...headers },
    });
    const done = (result: Omit<Flood, "rssGrowth">) => {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      req.destroy();
      resolve({ ...result, rssGrowth: peak - baseline });
    };
    req.on("response", (res) => {
      responded = true;
      const ms = performance.now() - started;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), ms, sent }));
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!responded) reject(error);
    });
    const pump = () => {
      while (!responded && sent < total) {
        sent += chunk.byteLength;
        // The first bytes open a JSON string, so that a server reading it all would parse a string.
        if (!req.write(sent === chunk.byteLength ? Buffer.concat([Buffer.from('{"text":"'), chunk]) : chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!responded && sent >= total) req.end();
    };
    pump();
  });
}

describe("a body is bounded before it is read", () => {
  it("a stranger's chunked 200 MB body is refused with 401 before it is read, at once and without memory", async () => {
    for (const path of ["/api/mcp", "/api/v1/ask", "/api/v1/citations/check"]) {
      const result = await flood(path, 200 * MB);
      console.log(
        `${path} 401: ${result.ms.toFixed(0)} ms, ${(result.sent / MB).toFixed(1)} MB sent, RSS +${(result.rssGrowth / MB).toFixed(1)} MB`,
      );
      expect(result.status, path).toBe(401);
      expect(JSON.parse(result.body).error).toMatch(/API 토큰/);
      expect(result.ms, path).toBeLessThan(2000);
      expect(result.rssGrowth, path).toBeLessThan(150 * MB);
      // Nowhere near the whole body went over the wire before the answer.
      expect(result.sent, path).toBeLessThan(100 * MB);
    }
  });

  it("a token's chunked body past the limit gets 413 in Korean as soon as the bytes pass it", async () => {
    const cases = [
      { path: "/api/mcp", token: readToken, limit: "256KB" },
      { path: "/api/v1/ask", token: askToken, limit: "64KB" },
      { path: "/api/v1/citations/check", token: readToken, limit: "" },
    ];
    for (const { path, token, limit } of cases) {
      const result = await flood(path, 200 * MB, { authorization: `Bearer ${token}` });
      console.log(
        `${path} 413: ${result.ms.toFixed(0)} ms, ${(result.sent / MB).toFixed(1)} MB sent, RSS +${(result.rssGrowth / MB).toFixed(1)} MB`,
      );
      expect(result.status, path).toBe(413);
      const body = JSON.parse(result.body);
      expect(body.error, path).toMatch(/너무 큽니다/);
      if (limit) expect(body.error, path).toContain(limit);
      expect(result.ms, path).toBeLessThan(2000);
      expect(result.rssGrowth, path).toBeLessThan(150 * MB);
    }
  });

  it("a declared Content-Length past the limit is refused before a byte is read", async () => {
    const response = await fetch(`${server.url}/api/v1/ask`, {
      method: "POST",
      headers: { authorization: `Bearer ${askToken}`, "content-type": "application/json" },
      body: JSON.stringify({ question: "가".repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("bad_request:too_large");
  });

  it("a body within the limit that is not JSON is a plain 400", async () => {
    const response = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${readToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain("JSON");
  });
});

const search = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "search_precedents", arguments: { query: `손해배상 ${id}` } },
});

const mcp = (body: unknown, token: string) =>
  fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-03-26",
    },
    body: JSON.stringify(body),
  });

describe("every unit of work is metered", () => {
  it("refuses a batch of 100 search_precedents calls whole, with a JSON-RPC error in Korean", async () => {
    const response = await mcp(
      Array.from({ length: 100 }, (_, i) => search(i + 1)),
      readToken,
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(body.error.message).toContain(`${MAX_BATCH_CALLS}건까지`);
    expect(body.error.message).toContain("100건");
    const refused = (await listAuditEntries({ take: 50 })).find((e) => e.action === "api.refused");
    expect(refused?.detail).toContain("일괄 요청 한도 초과");
  });

  it("a batch of N calls spends N units of the token's limit", async () => {
    process.env.API_RATE_PER_MINUTE = "25";
    resetEnvCache();
    try {
      const token = (await createApiToken(lawyer, { name: "일괄", scope: "read", days: 30 })).secret;
      const batch = (n: number, from: number) => Array.from({ length: n }, (_, i) => search(from + i));
      // 10 + 10 = 20 of 25: both answered, each call with its own result.
      for (const from of [1, 11]) {
        const response = await mcp(batch(10, from), token);
        expect(response.status).toBe(200);
        const results = (await response.json()) as { id: number; result?: { content: { text: string }[] } }[];
        expect(results).toHaveLength(10);
        expect(results.every((r) => r.result?.content[0]?.text)).toBe(true);
      }
      // 20 + 10 > 25: refused as over the limit, with the wait.
      const over = await mcp(batch(10, 21), token);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await over.json()).error).toContain("API 요청이 너무 많습니다");
      // The refused batch's first unit was spent at the door (21); 4 more fit (25), then none.
      expect((await mcp(batch(4, 31), token)).status).toBe(200);
      expect((await mcp(search(40), token)).status).toBe(429);
    } finally {
      delete process.env.API_RATE_PER_MINUTE;
      resetEnvCache();
    }
  });
});
