import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { crossSiteReason, refuseCrossSite } from "@/lib/security/same-origin";

function request(method: string, headers: Record<string, string>) {
  return { method, headers: new Headers(headers) };
}

describe("cross-site refusal of unsafe requests", () => {
  const cases: [string, string, Record<string, string>, boolean, boolean][] = [
    // [label, method, headers, trustProxy, refused]
    ["same origin", "POST", { host: "rag.firm.test", origin: "https://rag.firm.test" }, false, false],
    ["same origin with a port", "POST", { host: "localhost:3000", origin: "http://localhost:3000" }, false, false],
    [
      "same host in other letter case",
      "POST",
      { host: "RAG.firm.test", origin: "https://rag.FIRM.test" },
      false,
      false,
    ],
    ["foreign origin", "POST", { host: "rag.firm.test", origin: "http://evil.example" }, false, true],
    ["same host, other port", "POST", { host: "localhost:3000", origin: "http://localhost:4000" }, false, true],
    ["foreign origin on DELETE", "DELETE", { host: "rag.firm.test", origin: "http://evil.example" }, false, true],
    ["foreign origin on PUT", "PUT", { host: "rag.firm.test", origin: "http://evil.example" }, false, true],
    ["foreign origin on PATCH", "PATCH", { host: "rag.firm.test", origin: "http://evil.example" }, false, true],
    ["opaque origin (sandboxed frame)", "POST", { host: "rag.firm.test", origin: "null" }, false, true],
    ["malformed origin", "POST", { host: "rag.firm.test", origin: "not a url" }, false, true],
    ["origin but no Host to compare with", "POST", { origin: "https://rag.firm.test" }, false, true],
    ["Sec-Fetch-Site: cross-site", "POST", { "sec-fetch-site": "cross-site" }, false, true],
    ["Sec-Fetch-Site: same-site (a sibling subdomain)", "POST", { "sec-fetch-site": "same-site" }, false, true],
    ["Sec-Fetch-Site: same-origin", "POST", { "sec-fetch-site": "same-origin" }, false, false],
    ["Sec-Fetch-Site: none (typed by the user)", "POST", { "sec-fetch-site": "none" }, false, false],
    [
      "Sec-Fetch-Site: cross-site decides even when Origin matches",
      "POST",
      { host: "rag.firm.test", origin: "https://rag.firm.test", "sec-fetch-site": "cross-site" },
      false,
      true,
    ],
    [
      "Sec-Fetch-Site: same-origin passes behind a proxy that rewrites Host",
      "POST",
      { host: "127.0.0.1:3000", origin: "https://rag.firm.test", "sec-fetch-site": "same-origin" },
      false,
      false,
    ],
    ["neither Origin nor Sec-Fetch-Site (curl, a script)", "POST", { host: "rag.firm.test" }, false, false],
    ["safe method from another site", "GET", { host: "rag.firm.test", origin: "http://evil.example" }, false, false],
    ["HEAD from another site", "HEAD", { host: "rag.firm.test", "sec-fetch-site": "cross-site" }, false, false],
    [
      "behind a proxy: the forwarded host is ours",
      "POST",
      { host: "127.0.0.1:3000", "x-forwarded-host": "rag.firm.test", origin: "https://rag.firm.test" },
      true,
      false,
    ],
    [
      "behind a proxy: a foreign origin against the forwarded host",
      "POST",
      { host: "127.0.0.1:3000", "x-forwarded-host": "rag.firm.test", origin: "http://evil.example" },
      true,
      true,
    ],
    [
      "behind a proxy: the right-most forwarded host is the proxy's",
      "POST",
      { host: "127.0.0.1:3000", "x-forwarded-host": "evil.example, rag.firm.test", origin: "http://evil.example" },
      true,
      true,
    ],
    [
      "behind a proxy that sets no X-Forwarded-Host: Host",
      "POST",
      { host: "rag.firm.test", origin: "https://rag.firm.test" },
      true,
      false,
    ],
    [
      "no TRUST_PROXY: a client's X-Forwarded-Host is ignored",
      "POST",
      { host: "rag.firm.test", "x-forwarded-host": "evil.example", origin: "http://evil.example" },
      false,
      true,
    ],
  ];

  it.each(cases)("%s", (_label, method, headers, trustProxy, refused) => {
    const reason = crossSiteReason(request(method, headers), trustProxy);
    if (refused) expect(reason).toEqual(expect.any(String));
    else expect(reason).toBeNull();
  });

  it("refuses with auth:cross_site, a 403 and a Korean message", () => {
    const error = (() => {
      try {
        refuseCrossSite(request("POST", { host: "rag.firm.test", origin: "http://evil.example" }), false);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("auth:cross_site");
    expect((error as AppError).status).toBe(403);
    expect((error as AppError).userMessage).toMatch(/다른 사이트/);
  });
});

describe("every route handler that changes something is guarded", () => {
  function routeFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(path);
      return entry.name === "route.ts" ? [path] : [];
    });
  }

  it("each POST/PUT/PATCH/DELETE handler under app/api calls refuseCrossSite", () => {
    const unsafe = routeFiles("app/api").filter((file) =>
      /export (async )?function (POST|PUT|PATCH|DELETE)\b|export const (POST|PUT|PATCH|DELETE)\b/.test(
        readFileSync(file, "utf8"),
      ),
    );
    // The two known today; a new one shows up here and must call the guard too.
    expect(unsafe.length).toBeGreaterThanOrEqual(2);
    // The API for other systems (REST /api/v1, MCP /api/mcp) reads no cookie: a bearer token is the
    // only credential (lib/api/guard.ts), which a cross-site page cannot attach — so no origin check,
    // and an assistant on another host may call it. Those routes must go through the token guard.
    const bearerOnly = (file: string) => /^app\/api\/(v1|mcp)\//.test(file.replaceAll("\\", "/"));
    for (const file of unsafe) {
      const source = readFileSync(file, "utf8");
      if (bearerOnly(file)) {
        expect(source, file).toMatch(/withApiCaller\(request,|handleMcpPost\(request\)/);
        expect(source, file).not.toMatch(/next\/headers|currentUser|cookies\(/);
      } else expect(source, file).toMatch(/refuseCrossSite\(request,/);
    }
  });
});
