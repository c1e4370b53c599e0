import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { createApiToken, revokeToken } from "@/lib/auth/api-tokens";
import { registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import { createCorpus } from "@/lib/db/corpora";
import type { UserRecord } from "@/lib/db/users";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { startRouteServer } from "../support/route-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

// Imported statutes without importing any: a small 민법 (get_statute).
vi.mock("@/lib/statutes/lookup", () => import("../support/statute-sample"));

/** The MCP server through the official SDK's client over Streamable HTTP, with personal tokens. */
const ANSWER = "운용자는 낙하물 손해를 배상해야 합니다(대법원 2098다1001). 2031다99999도 같습니다.";

let llm: FakeOpenAI;
let server: { url: string; close(): Promise<void> };
let lawyer: UserRecord;
const clients: Client[] = [];

beforeAll(async () => {
  useTestDatabase();
  llm = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: ANSWER },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "rar-mcp-"));
  Object.assign(process.env, { LLM_BASE_URL: llm.url, LLM_MODEL: "fake", DATA_DIR: dir, FILES_DIR: dir });
  for (const key of ["EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  const corpusId = (await createCorpus("MCP 판례")).id;
  await seedFixtureDecisions(await getStore(), corpusId, { documents: true, archive: true });
  lawyer = await registerUser({ email: "mcp@firm.test", name: "변호사", role: "lawyer", password: "mcp-password-1" });
  server = await startRouteServer({ "/api/mcp": mcpRoute });
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server?.close();
  await llm?.close();
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "firm-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: Record<string, unknown>) =>
  ((result.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");

describe("MCP server at /api/mcp", () => {
  it("lists the six tools and searches, reads and finds similar decisions with a read token", async () => {
    const { secret } = await createApiToken(lawyer, { name: "비서", scope: "read", days: 30 });
    const client = await connect(secret);
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual([
      "ask_with_citations",
      "check_citations",
      "find_similar",
      "get_decision",
      "get_statute",
      "search_precedents",
    ]);

    const search = await client.callTool({
      name: "search_precedents",
      arguments: { query: "드론 손해배상", size: 3 },
    });
    expect(search.isError).toBeFalsy();
    expect(textOf(search)).toContain("2098다1001");
    expect(textOf(search)).toContain(`${server.url}/precedents/`);

    const decision = await client.callTool({ name: "get_decision", arguments: { caseNo: "2098다1001" } });
    expect(textOf(decision)).toContain("2098다1001");
    const missing = await client.callTool({ name: "get_decision", arguments: { caseNo: "2031다99999" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("찾을 수 없습니다");

    const statute = await client.callTool({ name: "get_statute", arguments: { law: "민법", article: "750" } });
    expect(statute.isError).toBeFalsy();
    expect(textOf(statute)).toContain("민법 제750조(불법행위의 내용)");
    expect(textOf(statute)).toContain("이 조문을 인용한 판례 25건 중 최신 20건");
    expect(textOf(statute)).toContain(`${server.url}/precedents/`);
    const noArticle = await client.callTool({ name: "get_statute", arguments: { law: "민법", article: "제1200조" } });
    expect(noArticle.isError).toBe(true);
    expect(textOf(noArticle)).toContain("가져온 법령에 없는 조문입니다");

    const similar = await client.callTool({
      name: "find_similar",
      arguments: { passage: "드론을 날리다 상자가 떨어져 주차된 차량이 부서졌고 소유자가 손해배상을 청구하였다." },
    });
    expect(textOf(similar)).toContain("겹치는 말");

    const resource = await client.readResource({ uri: `decision://${encodeURIComponent("2098다1001")}` });
    expect(JSON.stringify(resource.contents)).toContain("2098다1001");
  });

  it("answers with citations, marks and viewer links with an ask token; a read token is refused and audited", async () => {
    const asker = await connect((await createApiToken(lawyer, { name: "질문 비서", scope: "ask", days: 30 })).secret);
    const answered = await asker.callTool({
      name: "ask_with_citations",
      arguments: { question: "드론 낙하물로 부서진 차의 배상" },
    });
    const text = textOf(answered);
    expect(answered.isError).toBeFalsy();
    expect(text).toContain(ANSWER);
    expect(text).toMatch(/2098다1001: 근거 (확인|약함|없음)/);
    expect(text).toContain("⚠ 2031다99999");
    expect(text).toContain("/precedents/2098");

    const reader = await connect((await createApiToken(lawyer, { name: "읽기 비서", scope: "read", days: 30 })).secret);
    const refused = await reader.callTool({ name: "ask_with_citations", arguments: { question: "드론 낙하물 배상" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("질문 권한");
    const audit = await listAuditEntries({ take: 50 });
    expect(audit.find((e) => e.action === "api.refused")?.detail).toContain("MCP ask_with_citations");
    expect(audit.some((e) => e.action === "api.call" && e.detail.includes("tools/call search_precedents"))).toBe(true);
  });

  it("refuses a revoked token at connection with 401", async () => {
    const made = await createApiToken(lawyer, { name: "잃어버린", scope: "read", days: 30 });
    await revokeToken(lawyer, made.token.id);
    // The SDK reports the refused POST with our JSON body (401, code api:token_expired).
    await expect(connect(made.secret)).rejects.toThrow(/api:token_expired/);
  });
});
