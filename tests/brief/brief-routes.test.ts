import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as savedDocx } from "@/app/(app)/brief/[id]/report.docx/route";
import { POST as check } from "@/app/(app)/brief/check/route";
import { POST as reportDocx } from "@/app/(app)/brief/report.docx/route";
import { signIn } from "@/lib/auth/session";
import { registerUser } from "@/lib/auth/users";
import { saveBriefReport } from "@/lib/brief/history";
import type { BriefReport } from "@/lib/brief/types";
import { resetEnvCache } from "@/lib/env";
import { docxText } from "../support/docx-text";
import { useTestDatabase } from "../support/test-db";

/**
 * The 서면 검증 page's route handlers called as Next calls them: a Request with the session cookie
 * (next/headers' cookies() stubbed, as there is no Next request scope) and the browser's headers.
 */
const session = vi.hoisted(() => ({ token: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (session.token ? { name, value: session.token } : undefined) }),
}));

const HOST = "rag.firm.test";
const REPORT: BriefReport = {
  chars: 40,
  citations: [
    {
      text: "대법원 2099. 1. 16. 선고 2098다1001 판결",
      start: 0,
      end: 30,
      caseNo: "2098다1001",
      status: "date_mismatch",
      date: "2099-01-16",
      foundDate: "2099-01-15",
      enBanc: false,
      sentence: "드론 배송 사업자는 배상할 책임이 있습니다.",
    },
  ],
  statutes: [],
  suggestions: [],
  notes: [],
  ms: 3,
};
let lawyerToken: string;
let otherToken: string;
let savedId: string;

beforeAll(async () => {
  useTestDatabase();
  Object.assign(process.env, { DATA_DIR: mkdtempSync(join(tmpdir(), "rar-brief-routes-")) });
  for (const key of ["LLM_BASE_URL", "LLM_MODEL", "EMBEDDINGS_BASE_URL", "RERANK_BASE_URL"]) delete process.env[key];
  resetEnvCache();
  const lawyer = await registerUser({
    email: "brief-ui@firm.test",
    name: "변호사",
    role: "lawyer",
    password: "brief-pass-12",
  });
  await registerUser({ email: "other@firm.test", name: "다른 변호사", role: "lawyer", password: "other-pass-12" });
  lawyerToken = (await signIn("brief-ui@firm.test", "brief-pass-12")).token;
  otherToken = (await signIn("other@firm.test", "other-pass-12")).token;
  savedId = (await saveBriefReport(lawyer, REPORT, "저장한 서면")).id;
});

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`http://${HOST}${path}`, {
    method: "POST",
    body,
    headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/json", ...headers },
  });

describe("POST /brief/check", () => {
  it("answers a pasted draft with its report, and an empty one with the Korean reason", async () => {
    session.token = lawyerToken;
    const ok = await check(post("/brief/check", JSON.stringify({ text: "판례를 인용하지 않은 글입니다." })));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ citations: [] });
    const empty = await check(post("/brief/check", JSON.stringify({ text: "  " })));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      code: "brief:empty",
      error: expect.stringContaining("서면에 글이 없습니다"),
    });
  });

  it("refuses another site's page and a request with no session", async () => {
    session.token = lawyerToken;
    const foreign = await check(
      post("/brief/check", JSON.stringify({ text: "글" }), { origin: "http://evil.example" }),
    );
    expect(foreign.status).toBe(403);
    session.token = undefined;
    expect((await check(post("/brief/check", JSON.stringify({ text: "글" })))).status).toBe(401);
  });
});

describe("POST /brief/report.docx", () => {
  it("writes the report as a Word file with a Korean name", async () => {
    session.token = lawyerToken;
    const response = await reportDocx(
      post("/brief/report.docx", JSON.stringify({ title: "준비서면", report: REPORT })),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''");
    const text = await docxText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("선고일 불일치");
  });

  it("refuses a body over 5 MB, a report of another shape and another site", async () => {
    session.token = lawyerToken;
    const big = JSON.stringify({ report: { ...REPORT, notes: ["가".repeat(2 * 1024 * 1024)] } });
    const oversize = await reportDocx(post("/brief/report.docx", big));
    expect(oversize.status).toBe(413);
    const malformed = await reportDocx(post("/brief/report.docx", JSON.stringify({ report: { citations: "x" } })));
    expect(malformed.status).toBe(400);
    const body = JSON.stringify({ report: REPORT });
    expect((await reportDocx(post("/brief/report.docx", body, { origin: "http://evil.example" }))).status).toBe(403);
  });
});

describe("GET /brief/{id}/report.docx", () => {
  const get = (id: string) =>
    savedDocx(new Request(`http://${HOST}/brief/${id}/report.docx`, { headers: { host: HOST } }), {
      params: Promise.resolve({ id }),
    });

  it("gives a saved report to its owner alone", async () => {
    session.token = lawyerToken;
    expect((await get(savedId)).status).toBe(200);
    session.token = otherToken;
    expect((await get(savedId)).status).toBe(404);
    expect((await get("../x")).status).toBe(404);
  });
});
