import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { E2E_OIDC_CLIENT, freePort, startOidcProvider, type TestAccount } from "./oidc-provider";

/**
 * Single sign-on through a real OpenID provider (oidc-provider on a free port). The suite's main
 * server has no SSO, so this spec starts a second one on the same build, with its own database, in
 * SSO-only mode with a break-glass admin: the SSO flows work the same in either mode, and one
 * server covers both.
 */

// Three sign-ins at a real provider per test: more than the suite's 30 s on two busy cores.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const BREAK_GLASS = { email: "breakglass@firm.test", password: "break-glass-password-e2e" };
const LAWYER = { email: "pw-lawyer@firm.test", password: "lawyer-password-sso-e2e" };
const DATA_DIR = "./data/e2e-sso";

const accounts = new Map<string, TestAccount>([
  ["kim", { email: "kim@firm.test", email_verified: true, name: "김관리", groups: ["rar-admins", "staff"] }],
  ["lee", { email: "Lee@Firm.test", email_verified: true, name: "이변호", groups: ["rar-lawyers"] }],
  ["park", { email: "park@firm.test", email_verified: false, name: "박미확인", groups: ["rar-lawyers"] }],
  ["choi", { email: "choi@firm.test", email_verified: true, name: "최외부", groups: ["contractors"] }],
]);

let appUrl = "";
let app: ChildProcess | undefined;
let provider: Awaited<ReturnType<typeof startOidcProvider>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(appUrl, accounts);
  const env = {
    ...process.env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: `file:${DATA_DIR}/app.db`,
    DATA_DIR,
    ADMIN_EMAIL: BREAK_GLASS.email,
    ADMIN_PASSWORD: BREAK_GLASS.password,
    APP_URL: appUrl,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
    OIDC_DISPLAY_NAME: "사내 계정",
    OIDC_SCOPES: "openid email profile groups",
    OIDC_ROLE_CLAIM: "groups",
    OIDC_ADMIN_VALUES: "rar-admins",
    OIDC_LAWYER_VALUES: "rar-lawyers, rar-staff",
    SSO_ONLY: "true",
    SSO_BREAK_GLASS_EMAIL: BREAK_GLASS.email,
  };
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  execFileSync("npm", ["run", "--silent", "db:migrate"], { env, stdio: "inherit" });
  execFileSync("npm", ["run", "--silent", "db:seed", "--", "--user", `${LAWYER.email}:${LAWYER.password}:lawyer`], {
    env,
    stdio: "inherit",
  });
  app = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env,
    stdio: "inherit",
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || app.exitCode !== null) throw new Error("the SSO app server did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  await provider?.close();
});

/** At the provider: its login form (any password), then its consent page when it asks. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  const loginPage = page.url();
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Next: the consent page (a new interaction) or, consent already given, back at the app.
  await page.waitForURL((url) => url.href !== loginPage);
  if (!page.url().startsWith(appUrl)) {
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.href.startsWith(appUrl));
  }
}

/** Starts a sign-in as the button would, and returns the provider's address with one parameter changed. */
async function tamperedStart(page: Page, parameter: "state" | "nonce"): Promise<string> {
  const started = await page.request.get(`${appUrl}/api/auth/sso/start`, { maxRedirects: 0 });
  expect(started.status()).toBe(303);
  const url = new URL(started.headers().location ?? "");
  expect(url.searchParams.get(parameter)).toBeTruthy();
  url.searchParams.set(parameter, `tampered-${parameter}-value`);
  return url.href;
}

test("first SSO sign-in creates the account with the group's role, the second matches it; sign-out ends both sessions", async ({
  page,
}) => {
  await page.goto(`${appUrl}/login`);
  // SSO-only mode: no password form, one button named after the provider.
  await expect(page.getByTestId("login-sso")).toHaveText("사내 계정으로 로그인");
  await expect(page.getByTestId("login-form")).toHaveCount(0);

  await page.getByTestId("login-sso").click();
  await signInAtProvider(page, "kim");
  await expect(page.getByTestId("current-user")).toBeVisible();
  await expect(page.getByTestId("current-role")).toHaveText("관리자");

  // Sign-out goes through the provider's end-session page and back to ours.
  await page.getByTestId("sign-out").click();
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await page.waitForURL(`${appUrl}/login`);
  await expect(page.getByTestId("login-sso")).toBeVisible();

  // The provider's session ended too: it asks for the login again. Same e-mail: the same account.
  await page.getByTestId("login-sso").click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await signInAtProvider(page, "kim");
  await expect(page.getByTestId("current-role")).toHaveText("관리자");

  await page.goto(`${appUrl}/admin/audit`);
  const logins = page.locator('[data-testid="audit-row"][data-action="auth.sso_login"]');
  await expect(logins).toHaveCount(2);
  // Newest first: the second sign-in matched the account the first one made.
  await expect(logins.nth(1)).toContainText("계정을 새로 만듦 (관리자)");
  await expect(logins.nth(0)).toContainText("기존 계정 (관리자)");
  await expect(logins.nth(0)).toContainText("kim@firm.test");
});

test("a tampered state or nonce, an unverified e-mail and a group outside the list are refused", async ({ page }) => {
  // The state the provider echoes back is not the one in our signed cookie.
  await page.goto(await tamperedStart(page, "state"));
  await signInAtProvider(page, "lee");
  await expect(page).toHaveURL(/\/login\?error=auth%3Asso_failed$/);
  await expect(page.getByTestId("login-sso-error")).toHaveText(/회사 계정 로그인을 확인하지 못했습니다/);

  // The ID token carries a nonce other than ours (the provider's session goes on: no login form).
  await page.goto(await tamperedStart(page, "nonce"));
  await page.waitForURL(/\/login\?error=auth%3Asso_failed$/);
  await expect(page.getByTestId("current-user")).toHaveCount(0);

  // The same account through an untouched request signs in; its group gives 변호사.
  await page.getByTestId("login-sso").click();
  await expect(page.getByTestId("current-role")).toHaveText("변호사");
  await expect(page.getByTestId("current-user")).toContainText("이변호");

  for (const [login, code] of [
    ["park", "auth:sso_email_unverified"],
    ["choi", "auth:sso_not_allowed"],
  ] as const) {
    await page.context().clearCookies();
    await page.goto(`${appUrl}/login`);
    await page.getByTestId("login-sso").click();
    await signInAtProvider(page, login);
    await expect(page).toHaveURL(`${appUrl}/login?error=${encodeURIComponent(code)}`);
    await expect(page.getByTestId("login-sso-error")).toBeVisible();
  }
});

test("SSO-only: a lawyer's password is refused on the server; the break-glass admin signs in and sees every refusal audited", async ({
  page,
}) => {
  // The form is reachable for the break-glass admin only at ?password=1; the server decides.
  await page.goto(`${appUrl}/login?password=1`);
  await page.getByTestId("login-email").fill(LAWYER.email);
  await page.getByTestId("login-password").fill(LAWYER.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toHaveText(
    "비밀번호 로그인은 꺼져 있습니다. 회사 계정으로 로그인해 주세요.",
  );

  await page.getByTestId("login-email").fill(BREAK_GLASS.email);
  await page.getByTestId("login-password").fill(BREAK_GLASS.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("current-role")).toHaveText("관리자");

  await page.goto(`${appUrl}/admin/audit`);
  const refused = page.locator('[data-testid="audit-row"][data-action="auth.sso_refused"]');
  await expect(refused).toHaveCount(5);
  const texts = (await refused.allTextContents()).join("\n");
  expect(texts).toContain("state 값 불일치");
  expect(texts).toContain("nonce 값 불일치");
  expect(texts).toContain("이메일 미확인");
  expect(texts).toContain("허용된 그룹이 아님");
  expect(texts).toContain("비밀번호 로그인 시도");
  expect(texts).toContain(LAWYER.email);
  // lee's sign-in after the refusals, with the e-mail as stored (lower case).
  await expect(page.locator('[data-testid="audit-row"][data-action="auth.sso_login"]').first()).toContainText(
    "lee@firm.test",
  );
});
