import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Document, Packer, Paragraph } from "docx";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as checkRoute from "@/app/api/v1/citations/check/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import { createCorpus } from "@/lib/db/corpora";
import type { UserRecord } from "@/lib/db/users";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { startRouteServer } from "../support/route-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

// No statute imported: the statutes are only listed, as before a statute corpus exists
// (tests/brief/statute-check.test.ts checks them against imported ones).
vi.mock("@/lib/statutes/lookup", async () => ({
  ...(await import("../support/statute-sample")),
  listLaws: async () => [],
}));

// 서면 검증 over real HTTP: the REST route and the MCP tool, with personal tokens, over our fixtures.
const DRAFT =
  "드론 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있습니다" +
  "(대법원 2099. 1. 16. 선고 2098다1001 판결). 이와 달리 본 판례(2031다99999)는 확인할 수 없습니다. 민법 제750조.";
let server: { url: string; close(): Promise<void> };
let lawyer: UserRecord;
let token: string;

beforeAll(async () => {
  useTestDatabase();
  Object.assign(process.env, { DATA_DIR: mkdtempSync(join(tmpdir(), "rar-brief-api-")) });
  for (const key of ["LLM_BASE_URL", "LLM_MODEL", "EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  const corpusId = (await createCorpus("서면 판례")).id;
  await seedFixtureDecisions(await getStore(), corpusId, { documents: true });
  lawyer = await registerUser({ email: "brief@firm.test", name: "변호사", role: "lawyer", password: "brief-pass-12" });
  token = (await createApiToken(lawyer, { name: "서면", scope: "read", days: 30 })).secret;
  server = await startRouteServer({ "/api/v1/citations/check": checkRoute, "/api/mcp": mcpRoute });
});
afterAll(async () => {
  await server?.close();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/citations/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body,
  });

describe("POST /api/v1/citations/check", () => {
  it("returns each citation's status, the sentence, support and a link; audits the count, never the text", async () => {
    const res = await post(JSON.stringify({ text: DRAFT }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { citations: Record<string, unknown>[]; statutes: unknown[] };
    expect(body.citations.map((c) => [c.caseNo, c.status])).toEqual([
      ["2098다1001", "date_mismatch"],
      ["2031다99999", "not_found"],
    ]);
    expect(body.citations[0]).toMatchObject({ date: "2099-01-16", foundDate: "2099-01-15", foundCourt: "대법원" });
    expect(String(body.citations[0]?.url)).toMatch(/^http:\/\/.+\/precedents\/2098/);
    expect(body.citations[0]?.sentence).toContain("드론 배송 사업자는");
    expect(body.citations[0]?.support).toMatchObject({ verdict: "supported" });
    expect(body.citations[1]?.url).toBeUndefined();
    expect(body.statutes).toEqual([{ text: "민법 제750조", law: "민법", article: "제750조" }]);
    const audit = await listAuditEntries({ actions: ["brief.check"] });
    expect(audit[0]?.detail).toBe("API: 인용 2건, 조문 1건");
    expect(JSON.stringify(await listAuditEntries({ take: 500 }))).not.toContain("드론");
  });

  it("refuses a caller without a token before reading the body, and bounds the body without a length", async () => {
    const anonymous = await fetch(`${server.url}/api/v1/citations/check`, { method: "POST", body: DRAFT });
    expect(anonymous.status).toBe(401);
    // A chunked body (no Content-Length) past the limit: 413 with the plain message, quickly.
    const started = Date.now();
    const status = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(`${server.url}/api/v1/citations/check`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
      });
      req.on("response", (r) => {
        let body = "";
        r.on("data", (c) => (body += c));
        r.on("end", () => done({ status: r.statusCode ?? 0, body }));
      });
      req.on("error", fail);
      const piece = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const write = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });
    expect(status.status).toBe(413);
    expect(status.body).toContain("너무 큽니다");
    expect(Date.now() - started).toBeLessThan(10_000);
    const bad = await post("{not json");
    expect(bad.status).toBe(400);
    const empty = await post(JSON.stringify({ text: "   " }));
    expect(empty.status).toBe(400);
  });
});

describe("a draft uploaded as a file", () => {
  it("reads a .docx written by the project's own Word writer and checks it", async () => {
    const doc = new Document({
      sections: [{ children: DRAFT.split(/(?<=다\.)\s/).map((line) => new Paragraph(line)) }],
    });
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await Packer.toBuffer(doc))]), "준비서면.docx");
    const res = await fetch(`${server.url}/api/v1/citations/check`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { citations: { caseNo: string; status: string }[] };
    expect(body.citations.map((c) => [c.caseNo, c.status])).toEqual([
      ["2098다1001", "date_mismatch"],
      ["2031다99999", "not_found"],
    ]);
  });

  it("refuses a 21 MB file with 413, an encrypted-looking or unreadable one with its own message", async () => {
    const big = new FormData();
    big.set("file", new Blob([new Uint8Array(21 * 1024 * 1024)]), "큰서면.pdf");
    const tooBig = await fetch(`${server.url}/api/v1/citations/check`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: big,
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toContain("20MB");
    const hwp = new FormData();
    hwp.set(
      "file",
      new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])]),
      "서면.hwp",
    );
    const refused = await fetch(`${server.url}/api/v1/citations/check`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: hwp,
    });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: string }).error).toContain("HWPX");
  });
});

describe("MCP check_citations", () => {
  it("gives the same statuses to an assistant", async () => {
    const client = new Client({ name: "firm-assistant", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toContain("check_citations");
      const result = await client.callTool({ name: "check_citations", arguments: { text: DRAFT } });
      const structured = result.structuredContent as { citations: { caseNo: string; status: string }[] };
      expect(structured.citations.map((c) => c.status)).toEqual(["date_mismatch", "not_found"]);
      const text = (result.content as { text: string }[]).map((c) => c.text).join("\n");
      expect(text).toContain("2098다1001: 선고일 불일치 / 인용 2099-01-16 · 판례 2099-01-15");
      expect(text).toContain("2031다99999: 확인할 수 없는 사건번호");
    } finally {
      await client.close();
    }
  });
});
