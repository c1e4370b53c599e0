import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

/**
 * An address with malformed %-encoding (a stray "%" in a 사건번호, a truncated escape, bytes that
 * are no UTF-8) is 400 with a plain Korean message — a page for pages, the API's JSON error under
 * /api — answered by proxy.ts before Next's route matching fails on it with a bare 500.
 */
const BAD = ["/precedents/2009%", "/precedents/%ff", "/statutes/%ff/x", "/%E0%A4%A"];
const BAD_API = ["/api/v1/decisions/2009%", "/api/v1/decisions/%ff", "/api/v1/statutes/%ff/%EC%A0%9C1%EC%A1%B0"];

const call = (path: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers }));

describe("an address Next cannot decode", () => {
  it("is a 400 page in Korean for pages, with no script to run", async () => {
    for (const path of BAD) {
      const response = call(path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(response.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      const html = await response.text();
      expect(html, path).toContain("주소를 읽을 수 없습니다");
      expect(html).toContain('lang="ko"');
      expect(html).not.toContain("<script");
    }
  });

  it("is the API's JSON error under /api", async () => {
    for (const path of BAD_API) {
      const response = call(path);
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body, path).toMatchObject({ code: "bad_request:address" });
      expect(body.error).toContain("주소");
    }
  });

  it("lets a well-formed address through: a page gets its CSP nonce, an API route nothing", () => {
    const page = call(`/precedents/${encodeURIComponent("2009다228")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-middleware-next")).toBe("1");
    expect(page.headers.get("content-security-policy")).toContain("'nonce-");
    const api = call(`/api/v1/decisions/${encodeURIComponent("2009다228")}`);
    expect(api.headers.get("x-middleware-next")).toBe("1");
    expect(api.headers.get("content-security-policy")).toBeNull();
    // "%25" is a real percent sign, and decodes.
    expect(call("/precedents/100%25").status).toBe(200);
  });

  it("the matcher sends every malformed address to the proxy, and no API request without a %", () => {
    const matches = (url: string, headers?: Record<string, string>) =>
      unstable_doesMiddlewareMatch({ config, url, headers });
    for (const path of [...BAD, ...BAD_API]) expect(matches(path), path).toBe(true);
    // Bodies of API requests are never buffered by the proxy: uploads, MCP, questions.
    for (const path of ["/api/mcp", "/api/v1/ask", "/api/admin/corpora/c1/upload", "/api/v1/search"]) {
      expect(matches(path), path).toBe(false);
    }
    // Server actions are not seen (their bodies are the action's).
    expect(matches("/chat", { "next-action": "abc" })).toBe(false);
    expect(matches("/chat")).toBe(true);
  });
});
