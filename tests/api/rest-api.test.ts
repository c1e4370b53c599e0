import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as askRoute from "@/app/api/v1/ask/route";
import * as decisionRoute from "@/app/api/v1/decisions/[caseNo]/route";
import * as searchRoute from "@/app/api/v1/search/route";
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

/**
 * The REST API over real HTTP with personal tokens: what a token may do, what it is refused (and
 * that each refusal is audited), and that an answer comes back with its citation marks — as
 * Server-Sent Events or as JSON.
 */
const ANSWER =
  "드론 운용자는 낙하물로 생긴 손해를 배상할 책임이 있습니다(대법원 2098다1001). 같은 취지로 2031다99999도 있습니다.";

let llm: FakeOpenAI;
let api: { url: string; close(): Promise<void> };
let lawyer: UserRecord;
let other: UserRecord;
let readToken: string;
let askToken: string;

beforeAll(async () => {
  useTestDatabase();
  llm = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: ANSWER },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "rar-api-"));
  Object.assign(process.env, { LLM_BASE_URL: llm.url, LLM_MODEL: "fake", DATA_DIR: dir, FILES_DIR: dir });
  for (const key of ["EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  const corpusId = (await createCorpus("API 판례")).id;
  await seedFixtureDecisions(await getStore(), corpusId, { documents: true, archive: true, statuteRefs: true });
  lawyer = await registerUser({ email: "api@firm.test", name: "변호사", role: "lawyer", password: "api-password-1" });
  other = await registerUser({
    email: "other@firm.test",
    name: "다른 변호사",
    role: "lawyer",
    password: "api-password-2",
  });
  readToken = (await createApiToken(lawyer, { name: "읽기", scope: "read", days: 30 })).secret;
  askToken = (await createApiToken(lawyer, { name: "질문", scope: "ask", days: 30 })).secret;
  api = await startRouteServer({
    "/api/v1/search": searchRoute,
    "/api/v1/decisions/:caseNo": decisionRoute,
    "/api/v1/ask": askRoute,
  });
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
});

const get = (path: string, token?: string) =>
  fetch(`${api.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const ask = (body: unknown, token: string, accept = "application/json") =>
  fetch(`${api.url}/api/v1/ask`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept },
    body: JSON.stringify(body),
  });

async function refusals(): Promise<string[]> {
  return (await listAuditEntries({ take: 500 })).filter((e) => e.action === "api.refused").map((e) => e.detail);
}

describe("GET /api/v1/search and /api/v1/decisions/{사건번호}", () => {
  it("a read token searches the corpus and gets decisions with snippets and viewer links", async () => {
    const response = await get(`/api/v1/search?q=${encodeURIComponent("드론 손해배상")}&size=5`, readToken);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.hits.length).toBeGreaterThan(0);
    expect(body.hits[0]).toMatchObject({ caseNo: "2098다1001" });
    expect(body.hits[0].url).toMatch(new RegExp(`^${api.url}/precedents/2098`));
    // The search page's query language: 2097다7202 also holds 드론, and 보행자 too.
    const excluded = await get(`/api/v1/search?q=${encodeURIComponent("드론 -보행자")}`, readToken);
    expect(((await excluded.json()).hits as { caseNo: string }[]).map((h) => h.caseNo)).toEqual(["2098다1001"]);
    const filtered = await get(`/api/v1/search?q=${encodeURIComponent("손해배상")}&caseType=가사`, readToken);
    const hits = (await filtered.json()).hits as { caseType: string }[];
    expect(hits.every((h) => h.caseType === "가사")).toBe(true);
  });

  it("keeps the decisions citing an article (ref), and lists them all with no words", async () => {
    const caseNosOf = async (path: string) => {
      const response = await get(path, readToken);
      expect(response.status).toBe(200);
      return ((await response.json()).hits as { caseNo: string }[]).map((h) => h.caseNo);
    };
    // Of these fixtures only 2098다1001 has a 참조조문 naming 민법 제750조 (and none 제758조).
    const ref = (article: string) => `ref=${encodeURIComponent(`민법 ${article}`)}`;
    expect(await caseNosOf(`/api/v1/search?${ref("제750조")}`)).toEqual(["2098다1001"]);
    expect(await caseNosOf(`/api/v1/search?q=${encodeURIComponent("손해배상")}&${ref("제750조")}`)).toEqual([
      "2098다1001",
    ]);
    expect(await caseNosOf(`/api/v1/search?q=${encodeURIComponent("손해배상")}&${ref("제758조")}`)).toEqual([]);
    const bad = await get(`/api/v1/search?ref=${encodeURIComponent("민법")}`, readToken);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("참조조문");
  });

  it("a malformed search says what is wrong in Korean with 400", async () => {
    const response = await get("/api/v1/search?q=", readToken);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain("검색어");
  });

  it("gets one decision's heading and text by 사건번호, and 404 for an unknown one", async () => {
    const response = await get(`/api/v1/decisions/${encodeURIComponent("2098다1001")}`, readToken);
    expect(response.status).toBe(200);
    const decision = await response.json();
    expect(decision).toMatchObject({ caseNo: "2098다1001", truncated: false });
    expect(decision.text.length).toBeGreaterThan(50);
    expect((await get(`/api/v1/decisions/${encodeURIComponent("2031다99999")}`, readToken)).status).toBe(404);
  });

  it("refuses a missing, unknown, revoked or expired token with 401 and audits each refusal", async () => {
    const before = (await refusals()).length;
    const noToken = await get("/api/v1/search?q=x");
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("www-authenticate")).toContain("Bearer");
    expect((await get("/api/v1/search?q=x", "prt_notarealtoken")).status).toBe(401);
    const revoked = await createApiToken(lawyer, { name: "취소될", scope: "read", days: 30 });
    await revokeToken(lawyer, revoked.token.id);
    const revokedResponse = await get("/api/v1/search?q=x", revoked.secret);
    expect(revokedResponse.status).toBe(401);
    expect((await revokedResponse.json()).code).toBe("api:token_expired");
    const expired = await createApiToken(
      lawyer,
      { name: "만료될", scope: "read", days: 1 },
      { now: new Date(Date.now() - 2 * 86_400_000) },
    );
    expect((await get("/api/v1/search?q=x", expired.secret)).status).toBe(401);
    const details = (await refusals()).slice(0, (await refusals()).length - before);
    expect(details.some((d) => d.includes("토큰 없음"))).toBe(true);
    expect(details.some((d) => d.includes("알 수 없는 토큰"))).toBe(true);
    expect(details.some((d) => d.includes("폐기된 토큰"))).toBe(true);
    expect(details.some((d) => d.includes("만료된 토큰"))).toBe(true);
  });

  it("someone else cannot revoke a token; a lawyer sees only their own", async () => {
    const mine = await createApiToken(lawyer, { name: "내 것", scope: "read", days: 30 });
    await expect(revokeToken(other, mine.token.id)).rejects.toMatchObject({ code: "not_found:resource" });
    expect((await get("/api/v1/search?q=x", mine.secret)).status).toBe(200);
  });
});

describe("POST /api/v1/ask", () => {
  it("a read-only token is refused with 403, audited", async () => {
    const response = await ask({ question: "드론 낙하물 손해배상은?" }, readToken);
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("api:scope");
    expect((await refusals())[0]).toContain("질문 권한 없는 토큰");
  });

  it("returns the finished answer with each citation's mark, link and the invented number flagged", async () => {
    const response = await ask({ question: "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?" }, askToken);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.status).toBe("done");
    expect(answer.answer).toBe(ANSWER);
    const real = answer.citations.find((c: { caseNo: string }) => c.caseNo === "2098다1001");
    expect(real).toMatchObject({ status: "evidence", inContext: true });
    expect(["근거 확인", "근거 약함", "근거 없음"]).toContain(real.support);
    expect(real.url).toContain("/precedents/2098");
    const invented = answer.citations.find((c: { caseNo: string }) => c.caseNo === "2031다99999");
    // The corpora were searched for it: the flag says no corpus holds it.
    expect(invented).toMatchObject({ status: "unknown", inContext: false });
    expect(invented.flagged).toContain("어느 말뭉치에도 없는 사건번호");
  });

  it("streams the chat's events as Server-Sent Events, ending with the answer", async () => {
    const response = await ask({ question: "드론 낙하물로 차가 부서진 손해의 배상" }, askToken, "text/event-stream");
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const text = await response.text();
    const events = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(events[0]).toBe("started");
    expect(events).toContain("answer-delta");
    expect(events.at(-1)).toBe("answer");
    const last = text.trim().split("\n\n").at(-1) ?? "";
    expect(JSON.parse(last.split("\ndata: ")[1] ?? "{}")).toMatchObject({ status: "done", answer: ANSWER });
  });

  it("keeps a quiet stream alive: comment lines arrive while the answer is held up", async () => {
    process.env.SSE_KEEPALIVE_SECONDS = "0.2";
    resetEnvCache();
    // The model takes 1.2 s before its first token (a busy GPU; the same holds for a locked database).
    llm.setRules([
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: ANSWER, delayMs: 1_200 },
    ]);
    try {
      const response = await ask({ question: "드론 낙하물 손해의 배상 책임" }, askToken, "text/event-stream");
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const arrivals: { at: number; text: string }[] = [];
      const opened = Date.now();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arrivals.push({ at: Date.now() - opened, text: decoder.decode(value, { stream: true }) });
      }
      const text = arrivals.map((a) => a.text).join("");
      const firstDelta = text.indexOf("event: answer-delta");
      expect(firstDelta).toBeGreaterThan(0);
      // Before the first token: the opening comment and at least three more in the 1.2 s wait.
      const before = text.slice(text.indexOf("event: started"), firstDelta);
      expect(before.match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
      expect(text.startsWith(": keep-alive\n\n")).toBe(true);
      expect(text.trim().split("\n\n").at(-1)).toMatch(/^event: answer\n/);
    } finally {
      llm.setRules([
        { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
        { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
        { system: "리서치 어시스턴트", reply: ANSWER },
      ]);
      delete process.env.SSE_KEEPALIVE_SECONDS;
      resetEnvCache();
    }
  });

  it("never reaches another user's chat: a follow-up to it is 404", async () => {
    const first = await (await ask({ question: "드론 낙하물 손해배상 책임은?" }, askToken)).json();
    const otherToken = (await createApiToken(other, { name: "남의", scope: "ask", days: 30 })).secret;
    const response = await ask({ question: "그 판례의 요지는?", chatId: first.chatId }, otherToken);
    expect(response.status).toBe(404);
    // Its owner can follow up.
    const own = await ask({ question: "그 판례의 요지는?", chatId: first.chatId }, askToken);
    expect(own.status).toBe(200);
    expect((await own.json()).chatId).toBe(first.chatId);
  });

  it("limits each token's questions per minute with 429 and Retry-After", async () => {
    process.env.API_ASK_RATE_PER_MINUTE = "1";
    resetEnvCache();
    try {
      const limited = (await createApiToken(lawyer, { name: "한도", scope: "ask", days: 30 })).secret;
      expect((await ask({ question: "드론 낙하물 손해배상?" }, limited)).status).toBe(200);
      const second = await ask({ question: "드론 낙하물 손해배상?" }, limited);
      expect(second.status).toBe(429);
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      delete process.env.API_ASK_RATE_PER_MINUTE;
      resetEnvCache();
    }
  });
});
