import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const { admin, lawyer } = E2E_USERS;

test("a visitor is sent to the sign-in form", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("login-form")).toBeVisible();
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("login-email").fill(lawyer.email);
  await page.getByTestId("login-password").fill("not-the-password");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toHaveText("이메일 또는 비밀번호가 올바르지 않습니다.");
  await expect(page).toHaveURL(/\/login$/);
});

test("admin signs in through the form, sees the status panel and the admin page, signs out", async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page.getByTestId("current-role")).toHaveText("관리자");

  const panel = page.getByTestId("status-panel");
  await expect(panel).toBeVisible();
  // The e2e server points every model role at the fake servers, so each component is reachable.
  for (const id of ["llm", "embeddings", "reranker", "store"]) {
    await expect(panel.getByTestId(`status-${id}`)).toHaveAttribute("data-state", "active");
  }

  await page.getByTestId("nav-admin").click();
  await expect(page.getByTestId("admin-page")).toBeVisible();
  await expect(page.getByTestId("admin-user-count")).toHaveText("2");

  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});

test("a lawyer is refused the admin page on the server", async ({ page }) => {
  await signIn(page, lawyer.email, lawyer.password);
  await expect(page.getByTestId("current-role")).toHaveText("변호사");
  await expect(page.getByTestId("nav-admin")).toHaveCount(0);

  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("forbidden")).toBeVisible();
  await expect(page.getByTestId("admin-page")).toHaveCount(0);

  const users = await page.goto("/admin/users");
  expect(users?.status()).toBe(403);
});

test("an admin creates a lawyer account that can then sign in", async ({ page, browser }) => {
  await signIn(page, admin.email, admin.password);
  await page.goto("/admin/users");
  await page.getByTestId("new-user-name").fill("박신입");
  await page.getByTestId("new-user-email").fill("new-lawyer@e2e.test");
  await page.getByTestId("new-user-password").fill("new-lawyer-password");
  await page.getByTestId("create-user-submit").click();
  await expect(page.getByTestId("create-user-ok")).toBeVisible();
  await expect(page.getByTestId("user-table")).toContainText("new-lawyer@e2e.test");

  const other = await browser.newPage();
  await signIn(other, "new-lawyer@e2e.test", "new-lawyer-password");
  await expect(other.getByTestId("current-user")).toHaveText("박신입");
  // A password change says so and keeps this browser signed in (other devices: tests/auth/auth.test.ts).
  await other.goto("/account");
  await other.locator('input[name="current"]').fill("new-lawyer-password");
  await other.locator('input[name="next"]').fill("changed-lawyer-password");
  await other.locator('input[name="confirm"]').fill("changed-lawyer-password");
  await other.getByTestId("change-password-form").getByRole("button").click();
  await expect(other.getByTestId("password-changed")).toContainText("비밀번호를 바꿨습니다");
  await other.reload();
  await expect(other).toHaveURL(/\/account$/);
  await other.close();

  // The sign-in and the change are in the audit log.
  await page.goto("/admin/audit?actor=new-lawyer%40e2e.test");
  const actions = await page
    .getByTestId("audit-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
  expect(actions).toEqual(["auth.password_change", "auth.login"]);
});
