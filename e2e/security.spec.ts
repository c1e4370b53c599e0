import { request as httpRequest } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const { admin, lawyer } = E2E_USERS;
const FAKE_OPENAI_PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 11;

/** A page navigation's or an API request's response. */
type AnyResponse = { headers(): Record<string, string>; url(): string };

function expectSecurityHeaders(response: AnyResponse | null, kind: "page" | "api") {
  if (!response) throw new Error("no response");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `CSP on ${response.url()}`).toContain("frame-ancestors 'none'");
  if (kind === "page") {
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
  } else {
    expect(csp).toContain("default-src 'none'");
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

/**
 * A GET whose path goes on the wire byte for byte: node:http sends it as given, where a browser or
 * a URL parser might re-encode it. Only the status, the type and the body's start come back.
 */
function rawGet(baseURL: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        if (body.length < 4096) body += d;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Collects CSP violations: the console reports and the DOM's securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on("console", (msg) => {
    if (msg.text().includes("Content Security Policy")) messages.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test.describe("security", () => {
  test("sign-in does not follow a next= that leaves the app", async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    for (const next of ["/%5Cevil.example", "//evil.example", "https://evil.example/", "/%09/evil.example"]) {
      await page.context().clearCookies();
      await page.goto(`/login?next=${next}`);
      await page.getByTestId("login-email").fill(lawyer.email);
      await page.getByTestId("login-password").fill(lawyer.password);
      await page.getByTestId("login-submit").click();
      await expect(page.getByTestId("current-user")).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      expect(new URL(page.url()).pathname).toBe("/");
    }
    // A path of the app is followed.
    await page.context().clearCookies();
    await page.goto("/login?next=/account");
    await page.getByTestId("login-email").fill(lawyer.email);
    await page.getByTestId("login-password").fill(lawyer.password);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(`${origin}/account`);
  });

  test("CSP and the other security headers are on every kind of page and on API routes", async ({ page, request }) => {
    expectSecurityHeaders(await page.goto("/login"), "page");
    expectSecurityHeaders(await request.get("/api/health"), "api");
    expectSecurityHeaders(await request.get("/no-such-page"), "page");

    await signIn(page, admin.email, admin.password);
    expectSecurityHeaders(await page.goto("/"), "page");
    expectSecurityHeaders(await page.goto("/admin"), "page");
    expectSecurityHeaders(await page.goto("/admin/corpora"), "page");
    expectSecurityHeaders(await page.goto("/account"), "page");
    expectSecurityHeaders(await page.goto(`/precedents/${encodeURIComponent("2098다1001")}`), "page");
    await expect(page.getByTestId("precedent-page")).toBeVisible();
    // An API route with the signed-in cookie (the admin job endpoint answers 404 for no such job).
    expectSecurityHeaders(await page.request.get("/api/admin/jobs/none"), "api");

    // Each page view gets its own nonce.
    const a = (await page.goto("/"))?.headers()["content-security-policy"];
    const b = (await page.goto("/"))?.headers()["content-security-policy"];
    expect(a).not.toBe(b);
  });

  test("no CSP violation while signing in and asking a question (the page hydrates and streams)", async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page, lawyer.email, lawyer.password);
    const chat = await page.goto("/");
    expectSecurityHeaders(chat, "page");
    await page.getByTestId("chat-input").fill("배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?");
    await page.getByTestId("chat-input").press("Enter");
    // Only a hydrated page streams the answer in (a server action over fetch, RSC flight).
    await expect(page.getByTestId("answer")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    // The page refreshes the sidebar after an answer; a reload started during that refresh is
    // aborted by Chromium (net::ERR_ABORTED), which says nothing about the headers checked here.
    await page.waitForLoadState("networkidle");
    expectSecurityHeaders(await page.reload(), "page");
    await expect(page.getByTestId("answer")).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("route handlers refuse an admin's cookie sent from another site (403) and take the app's own requests", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, admin.email, admin.password);
    // page.request carries the signed-in cookie, as a browser would on a cross-site form post.
    const routes = ["/api/admin/corpora/no-such-corpus/upload", "/api/admin/evals"];
    for (const route of routes) {
      const foreign = await page.request.post(route, {
        headers: { Origin: "http://evil.example" },
        multipart: { note: "x" },
      });
      expect(foreign.status(), route).toBe(403);
      expect((await foreign.json()).code).toBe("auth:cross_site");
      const fromSite = await page.request.post(route, {
        headers: { Origin: baseURL ?? "", "Sec-Fetch-Site": "cross-site" },
        multipart: { note: "x" },
      });
      expect(fromSite.status(), `${route} with Sec-Fetch-Site: cross-site`).toBe(403);
      // The app's own origin passes the guard and meets the route's own checks (no such corpus,
      // no benchmark file) — never the cross-site refusal.
      const own = await page.request.post(route, { headers: { Origin: baseURL ?? "" }, multipart: { note: "x" } });
      expect(own.status(), route).not.toBe(403);
      expect([400, 404]).toContain(own.status());
    }
  });

  test("an address with malformed %-encoding gets 400 in Korean over real HTTP, never a bare 500", async ({
    baseURL,
  }) => {
    const base = baseURL ?? "";
    // API routes: the JSON error, before any token is asked for.
    for (const path of ["/api/v1/decisions/2009%", "/api/v1/decisions/%ff", "/api/v1/statutes/%E0%A4%A"]) {
      const response = await rawGet(base, path);
      expect(response.status, path).toBe(400);
      expect(response.type, path).toContain("application/json");
      expect(JSON.parse(response.body).error, path).toContain("주소");
    }
    // Pages: a small Korean page, for a signed-out visitor too (no sign-in redirect first).
    for (const path of ["/precedents/%ff", "/precedents/2009%", "/search/%C0%AF"]) {
      const response = await rawGet(base, path);
      expect(response.status, path).toBe(400);
      expect(response.type, path).toContain("text/html");
      expect(response.body, path).toContain("주소를 읽을 수 없습니다");
    }
    // Well-formed encodings still reach their routes (a missing decision is 404 or the sign-in wall).
    const fine = await rawGet(base, `/api/v1/decisions/${encodeURIComponent("2009다1234")}`);
    expect(fine.status).not.toBe(400);
    expect(fine.status).toBeLessThan(500);
  });

  test("a lawyer's status panel shows states without model hosts; an admin's shows them", async ({ page }) => {
    await signIn(page, lawyer.email, lawyer.password);
    const panel = page.getByTestId("status-panel");
    await expect(panel.getByTestId("status-llm")).toHaveAttribute("data-state", "active");
    // Not in the panel, and not anywhere in what the browser received.
    expect(await page.content()).not.toContain(`:${FAKE_OPENAI_PORT}`);
    await expect(panel).not.toContainText("fake-chat");

    await page.context().clearCookies();
    await signIn(page, admin.email, admin.password);
    await expect(page.getByTestId("status-panel")).toContainText(`127.0.0.1:${FAKE_OPENAI_PORT}`);
  });
});
