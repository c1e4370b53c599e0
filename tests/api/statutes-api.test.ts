import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as statuteRoute from "@/app/api/v1/statutes/[law]/[article]/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { registerUser } from "@/lib/auth/users";
import { resetEnvCache } from "@/lib/env";
import { startRouteServer } from "../support/route-server";
import { useTestDatabase } from "../support/test-db";

// A small imported 민법; 25 decisions cite 제750조 (tests/support/statute-sample.ts).
vi.mock("@/lib/statutes/lookup", () => import("../support/statute-sample"));

let api: { url: string; close(): Promise<void> };
let token: string;

beforeAll(async () => {
  useTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), "rar-statute-api-"));
  Object.assign(process.env, { DATA_DIR: dir, FILES_DIR: dir });
  resetEnvCache();
  const lawyer = await registerUser({
    email: "statute@firm.test",
    name: "변호사",
    role: "lawyer",
    password: "statute-pw-1",
  });
  token = (await createApiToken(lawyer, { name: "읽기", scope: "read", days: 30 })).secret;
  api = await startRouteServer({ "/api/v1/statutes/:law/:article": statuteRoute });
});
afterAll(async () => {
  await api?.close();
});

const get = (path: string, bearer: string | undefined = token) =>
  fetch(`${api.url}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
const path = (law: string, article: string, query = "") =>
  `/api/v1/statutes/${encodeURIComponent(law)}/${encodeURIComponent(article)}${query}`;

interface Body {
  law: string;
  article: string;
  title: string;
  text: string;
  effectiveDate: string;
  url: string;
  citedBy: {
    total: number;
    page: number;
    pages: number;
    decisions: { caseNo: string; decisionDate: string; url: string }[];
  };
}

describe("GET /api/v1/statutes/{law}/{article}", () => {
  it("gives the article in force and the decisions citing it, newest first, with viewer links", async () => {
    const res = await get(path("민법", "제750조"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body).toMatchObject({
      law: "민법",
      article: "제750조",
      title: "불법행위의 내용",
      effectiveDate: "2021-01-26",
      url: `${api.url}/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제750조")}`,
    });
    expect(body.text).toContain("손해를 배상할 책임이 있다");
    expect(body.citedBy).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(body.citedBy.decisions).toHaveLength(20);
    const dates = body.citedBy.decisions.map((d) => d.decisionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = body.citedBy.decisions[0];
    expect(first?.url).toBe(`${api.url}/precedents/${encodeURIComponent(first?.caseNo ?? "")}?corpus=c1`);

    const second = (await (await get(path("민법", "제750조", "?page=2"))).json()) as Body;
    expect(second.citedBy.decisions).toHaveLength(5);
    expect(second.citedBy.page).toBe(2);
  });

  it("reads a bare article number, and answers 404 in Korean for an article or statute not imported", async () => {
    expect(((await (await get(path("민법", "839의2"))).json()) as Body).article).toBe("제839조의2");
    for (const [law, article] of [
      ["민법", "제1200조"],
      ["상법", "제1조"],
    ] as const) {
      const res = await get(path(law, article));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toContain("가져온 법령에 없는 조문입니다");
    }
    // Malformed percent-encoding is no article either: 404, never a 500.
    expect((await get("/api/v1/statutes/%EB%AF%BC%EB/%E0%A4%A")).status).toBe(404);
  });

  it("needs a token", async () => {
    expect((await get(path("민법", "제750조"), "")).status).toBe(401);
  });
});
