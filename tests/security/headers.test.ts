import { describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, createNonce, pageContentSecurityPolicy } from "@/lib/security/headers";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name as string, values];
    }),
  );
}

describe("content security policy", () => {
  it("pages: scripts only by nonce (and what they load), no framing, no plugins, no foreign forms", () => {
    const nonce = createNonce();
    const csp = directives(pageContentSecurityPolicy(nonce));
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // eval only for the development server.
    expect(pageContentSecurityPolicy(nonce, { dev: true })).toContain("'unsafe-eval'");
    expect(pageContentSecurityPolicy(nonce)).not.toContain("unsafe-eval");
  });

  it("nonces are fresh and unguessable", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });

  it("API routes: nothing may load or frame them", () => {
    const csp = directives(API_CONTENT_SECURITY_POLICY);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});
