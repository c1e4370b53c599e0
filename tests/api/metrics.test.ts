import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as metricsRoute from "@/app/api/metrics/route";
import * as askRoute from "@/app/api/v1/ask/route";
import * as decisionRoute from "@/app/api/v1/decisions/[caseNo]/route";
import * as searchRoute from "@/app/api/v1/search/route";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { createApiToken } from "@/lib/auth/api-tokens";
import { registerUser } from "@/lib/auth/users";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { setLogSink } from "@/lib/util/log";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { parsePrometheusText, type Scrape, seriesValue } from "../support/prom-text";
import { startRouteServer } from "../support/route-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

/**
 * GET /api/metrics and the JSON log lines, over real HTTP: the token that guards the scrape, the
 * metric families an admin's Prometheus reads (API requests by route pattern, answers by outcome,
 * model errors by role, index lag, job queue depth, the event loop's lag), counts that rise with the
 * requests made, and log lines that carry a request id and no secret or question.
 */
const METRICS_TOKEN = "metrics-token-for-tests-0123";
const QUESTION = "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";
const ANSWER = "드론 운용자는 낙하물로 생긴 손해를 배상할 책임이 있습니다(대법원 2098다1001).";

let llm: FakeOpenAI;
let api: { url: string; close(): Promise<void> };
let readToken: string;
let askToken: string;
let corpusId: string;
const lines: string[] = [];

beforeAll(async () => {
  useTestDatabase();
  setLogSink((line) => lines.push(line));
  llm = await startFakeOpenAI({
    rules: [
      { system: "리서치 어시스턴트", user: /모델 오류/, error: { status: 500 } },
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: ANSWER },
    ],
  });
  const dir = mkdtempSync(join(tmpdir(), "rar-metrics-"));
  Object.assign(process.env, { LLM_BASE_URL: llm.url, LLM_MODEL: "fake", DATA_DIR: dir, FILES_DIR: dir });
  for (const key of ["EMBEDDINGS_BASE_URL", "RERANK_BASE_URL", "METRICS_TOKEN", "LOG_QUESTIONS", "LOG_FORMAT"]) {
    delete process.env[key];
  }
  resetEnvCache();
  corpusId = (await createCorpus("지표 판례")).id;
  await seedFixtureDecisions(await getStore(), corpusId, { documents: true, archive: true });
  const lawyer = await registerUser({ email: "m@firm.test", name: "변호사", role: "lawyer", password: "metrics-pw-1" });
  readToken = (await createApiToken(lawyer, { name: "읽기", scope: "read", days: 30 })).secret;
  askToken = (await createApiToken(lawyer, { name: "질문", scope: "ask", days: 30 })).secret;
  api = await startRouteServer({
    "/api/metrics": metricsRoute,
    "/api/v1/search": searchRoute,
    "/api/v1/decisions/:caseNo": decisionRoute,
    "/api/v1/ask": askRoute,
  });
});

afterAll(async () => {
  setLogSink(undefined);
  await api?.close();
  await llm?.close();
  delete process.env.METRICS_TOKEN;
  delete process.env.LOG_QUESTIONS;
  resetEnvCache();
});

/** Settings changed for the rest of the file: the logger is rebuilt from them. */
function settings(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  setLogSink((line) => lines.push(line));
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api.url}${path}`, { headers });
const ask = (question: string) =>
  fetch(`${api.url}/api/v1/ask`, {
    method: "POST",
    headers: { authorization: `Bearer ${askToken}`, "content-type": "application/json" },
    body: JSON.stringify({ question }),
  });

async function scrape(): Promise<Scrape> {
  const response = await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parsePrometheusText(await response.text());
}

const decisionRequests = (s: Scrape) =>
  seriesValue(s, "panrye_http_requests_total", {
    route: "/api/v1/decisions/[caseNo]",
    method: "GET",
    status: "200",
  }) ?? 0;

describe("GET /api/metrics: the token", () => {
  it("is off (404, a plain message) while METRICS_TOKEN is unset", async () => {
    const response = await get("/api/metrics", { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(await response.text()).toContain("METRICS_TOKEN");
  });

  it("refuses a missing or wrong token with 401; the right one is answered", async () => {
    settings({ METRICS_TOKEN });
    const missing = await get("/api/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect((await get("/api/metrics", { authorization: "Bearer metrics-token-for-tests-0124" })).status).toBe(401);
    // An API token is no metrics token.
    expect((await get("/api/metrics", { authorization: `Bearer ${readToken}` })).status).toBe(401);
    await scrape();
  });
});

describe("GET /api/metrics: what it says", () => {
  beforeEach(() => settings({ METRICS_TOKEN }));

  it("has every family, with the types Prometheus expects", async () => {
    const s = await scrape();
    expect(s.types.get("panrye_http_requests_total")).toBe("counter");
    expect(s.types.get("panrye_http_request_duration_seconds")).toBe("histogram");
    expect(s.types.get("panrye_answers_total")).toBe("counter");
    expect(s.types.get("panrye_model_errors_total")).toBe("counter");
    expect(s.types.get("panrye_jobs")).toBe("gauge");
    expect(s.types.get("panrye_index_lag_changes")).toBe("gauge");
    expect(s.types.get("panrye_page_requests_total")).toBe("counter");
    // prom-client's default metrics: the event loop's lag among them.
    expect(s.types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(seriesValue(s, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(seriesValue(s, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts API requests under the route pattern, never the address asked", async () => {
    const before = decisionRequests(await scrape());
    for (let i = 0; i < 3; i++) {
      const response = await get(`/api/v1/decisions/${encodeURIComponent("2098다1001")}`, {
        authorization: `Bearer ${readToken}`,
      });
      expect(response.status).toBe(200);
    }
    const missing = await get(`/api/v1/decisions/${encodeURIComponent("2099다9")}`, {
      authorization: `Bearer ${readToken}`,
    });
    expect(missing.status).toBe(404);
    const s = await scrape();
    expect(decisionRequests(s)).toBe(before + 3);
    expect(
      seriesValue(s, "panrye_http_requests_total", { route: "/api/v1/decisions/[caseNo]", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(s.samples.filter((x) => x.labels.route).map((x) => x.labels.route));
    expect(routes).toContain("/api/metrics");
    for (const route of routes) expect(route).toMatch(/^\/api(\/([a-z0-9.-]+|\[[.\w]+\]))+$/);
    expect(JSON.stringify([...routes])).not.toContain("2098");
    // The latency histogram saw them too.
    expect(
      seriesValue(s, "panrye_http_request_duration_seconds_count", { route: "/api/v1/decisions/[caseNo]" }),
    ).toBeGreaterThanOrEqual(4);
    expect(
      seriesValue(s, "panrye_http_request_duration_seconds_bucket", {
        route: "/api/v1/decisions/[caseNo]",
        le: "+Inf",
      }),
    ).toBeGreaterThanOrEqual(4);
  });

  it("counts answers by outcome", async () => {
    const before = seriesValue(await scrape(), "panrye_answers_total", { outcome: "answered" }) ?? 0;
    const response = await ask(QUESTION);
    expect(response.status).toBe(200);
    expect((await response.json()).answer).toContain("드론 운용자");
    expect(seriesValue(await scrape(), "panrye_answers_total", { outcome: "answered" })).toBe(before + 1);
  });

  it("gives the job queue's depth by kind and status", async () => {
    const s = await scrape();
    expect(seriesValue(s, "panrye_jobs", { kind: "ingest", status: "queued" })).toBe(0);
    expect(seriesValue(s, "panrye_jobs", { kind: "eval", status: "running" })).toBe(0);
    await createJob({ corpusId, kind: "upload" });
    const after = await scrape();
    expect(seriesValue(after, "panrye_jobs", { kind: "ingest", status: "queued" })).toBe(1);
    expect(seriesValue(after, "panrye_jobs", { kind: "enrich", status: "queued" })).toBe(0);
  });

  it("gives the embedded index's lag once its worker runs (searched above)", async () => {
    const s = await scrape();
    expect(seriesValue(s, "panrye_index_loaded", { store: "main" })).toBe(1);
    expect(seriesValue(s, "panrye_index_lag_changes", { store: "main" })).toBe(0);
  });

  it("counts a model call's failure under its role", async () => {
    const before = seriesValue(await scrape(), "panrye_model_errors_total", { role: "chat" }) ?? 0;
    const response = await ask("모델 오류를 일으키는 질문");
    expect(response.status).toBeLessThan(600);
    await response.text();
    expect(seriesValue(await scrape(), "panrye_model_errors_total", { role: "chat" })).toBeGreaterThan(before);
  });
});

describe("log lines", () => {
  beforeEach(() => settings({ METRICS_TOKEN }));

  const entries = () =>
    lines.map((line) => {
      expect(line.endsWith("\n")).toBe(true);
      return JSON.parse(line) as Record<string, unknown>;
    });

  it("are JSON, one per API request, with the request id the response carries", async () => {
    lines.length = 0;
    const response = await get("/api/v1/search?q=드론", { authorization: `Bearer ${readToken}` });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = entries().find((e) => e.area === "http" && e.reqId === id);
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/api/v1/search", status: 200 });
    expect(typeof line?.ms).toBe("number");
    expect(typeof line?.time).toBe("string");
    // The address asked (its query: the words searched) is not logged.
    expect(lines.join("")).not.toContain("드론");
  });

  it("take a sane x-request-id from the caller, and replace one that is not", async () => {
    const sent = await get("/api/v1/search?q=x", { authorization: `Bearer ${readToken}`, "x-request-id": "lb-7f3a.1" });
    expect(sent.headers.get("x-request-id")).toBe("lb-7f3a.1");
    expect(entries().some((e) => e.reqId === "lb-7f3a.1" && e.route === "/api/v1/search")).toBe(true);
    const odd = await get("/api/v1/search?q=x", { authorization: `Bearer ${readToken}`, "x-request-id": 'a b"<c>' });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Refusals carry one too.
    expect((await get("/api/v1/search?q=x")).headers.get("x-request-id")).toBeTruthy();
  });

  it("carry no token and no question text unless LOG_QUESTIONS=1", async () => {
    lines.length = 0;
    expect((await ask(QUESTION)).status).toBe(200);
    await scrape();
    const text = lines.join("");
    const answer = entries().find((e) => e.area === "chat" && e.outcome);
    expect(answer).toMatchObject({ level: "info", outcome: expect.any(String), strategy: expect.any(String) });
    // Logged inside the request: the answer's line has the request's id.
    expect(answer?.reqId).toEqual(expect.any(String));
    expect(answer).not.toHaveProperty("question");
    for (const secret of [askToken, readToken, METRICS_TOKEN, QUESTION, "드론이 떨어뜨린"]) {
      expect(text).not.toContain(secret);
    }

    settings({ LOG_QUESTIONS: "1" });
    lines.length = 0;
    expect((await ask(QUESTION)).status).toBe(200);
    expect(entries().find((e) => e.area === "chat" && e.outcome)).toMatchObject({ question: QUESTION });
    expect(lines.join("")).not.toContain(askToken);
    settings({ LOG_QUESTIONS: undefined });
  });
});
