import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const { admin } = E2E_USERS;

async function createLawyer(page: Page, email: string, password: string, name: string) {
  await page.goto("/admin/users");
  await page.getByTestId("new-user-name").fill(name);
  await page.getByTestId("new-user-email").fill(email);
  await page.getByTestId("new-user-password").fill(password);
  await page.getByTestId("create-user-submit").click();
  await expect(page.getByTestId("create-user-ok")).toBeVisible();
}

async function lawyerContext(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

const userRow = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);

test.describe("admin user management", () => {
  test("a deactivated lawyer is signed out at once, cannot sign in, and is let back in when reactivated", async ({
    page,
    browser,
  }) => {
    // The strict CSP (proxy.ts) allows no inline script or handler: none of these controls may need one.
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    const email = "deactivate-me@e2e.test";
    await signIn(page, admin.email, admin.password);
    await createLawyer(page, email, "deactivate-password", "정변호");
    const lawyer = await lawyerContext(browser, email, "deactivate-password");

    const row = userRow(page, email);
    await row.getByTestId("user-deactivate").click();
    await row.getByTestId("user-deactivate-confirm").click();
    await expect(row.getByTestId("user-status")).toHaveText("비활성");

    // The lawyer's very next navigation lands on the sign-in page, saying why.
    await lawyer.page.goto("/");
    await expect(lawyer.page).toHaveURL(/\/login\?ended=deactivated$/);
    await expect(lawyer.page.getByTestId("login-notice")).toContainText("비활성화");
    await lawyer.page.getByTestId("login-email").fill(email);
    await lawyer.page.getByTestId("login-password").fill("deactivate-password");
    await lawyer.page.getByTestId("login-submit").click();
    await expect(lawyer.page.getByTestId("login-error")).toHaveText("비활성화된 계정입니다. 관리자에게 문의해 주세요.");

    await row.getByTestId("user-reactivate").click();
    await expect(row.getByTestId("user-status")).toHaveText("활성");
    await signIn(lawyer.page, email, "deactivate-password");
    await lawyer.context.close();

    // The audit list: who did what to whom, newest first (user management only: the log also
    // has this lawyer's sign-ins).
    await page.goto("/admin/audit?action=user");
    const rows = page.getByTestId("audit-row").filter({ hasText: email });
    await expect(rows.nth(0)).toHaveAttribute("data-action", "user.reactivate");
    await expect(rows.nth(1)).toHaveAttribute("data-action", "user.deactivate");
    await expect(rows.nth(2)).toHaveAttribute("data-action", "user.create");
    await expect(rows.nth(1)).toContainText(admin.email);
    expect(violations).toEqual([]);
  });

  test("resets a password (shown once), changes a role, deletes a user; never the last admin", async ({
    page,
    browser,
  }) => {
    const email = "reset-me@e2e.test";
    await signIn(page, admin.email, admin.password);
    await createLawyer(page, email, "reset-password-old", "최변호");
    const lawyer = await lawyerContext(browser, email, "reset-password-old");
    const row = userRow(page, email);

    await row.getByTestId("user-reset-password").click();
    await row.getByTestId("user-reset-password-confirm").click();
    const shown = row.getByTestId("user-new-password");
    await expect(shown).toHaveText(/^[A-Za-z0-9]{16}$/);
    const password = (await shown.textContent()) as string;
    // Their session ended; the new password works, the old one does not.
    await lawyer.page.goto("/");
    await expect(lawyer.page.getByTestId("login-notice")).toContainText("비밀번호");
    await signIn(lawyer.page, email, password);
    // Shown once: gone after a reload of the admin page.
    await page.reload();
    await expect(userRow(page, email).getByTestId("user-new-password")).toHaveCount(0);

    // Promote: the lawyer's next page shows the admin menu.
    await userRow(page, email).getByTestId("user-role-select").selectOption("admin");
    await expect(userRow(page, email).getByTestId("user-role-select")).toHaveValue("admin");
    await lawyer.page.reload();
    await expect(lawyer.page.getByTestId("nav-admin")).toBeVisible();
    await userRow(page, email).getByTestId("user-role-select").selectOption("lawyer");
    await lawyer.page.reload();
    await expect(lawyer.page.getByTestId("nav-admin")).toHaveCount(0);

    // The only admin cannot demote themselves, and has no delete button on their own row.
    const own = userRow(page, admin.email);
    await expect(own.getByTestId("user-delete")).toHaveCount(0);
    await own.getByTestId("user-role-select").selectOption("lawyer");
    await expect(own.getByTestId("user-action-error")).toContainText("마지막 관리자");
    await page.reload();
    await expect(userRow(page, admin.email).getByTestId("user-role-select")).toHaveValue("admin");

    // Delete: asked first, then gone; their session with it.
    await userRow(page, email).getByTestId("user-delete").click();
    await userRow(page, email).getByTestId("user-delete-confirm").click();
    await expect(userRow(page, email)).toHaveCount(0);
    await lawyer.page.goto("/");
    await expect(lawyer.page).toHaveURL(/\/login/);
    await lawyer.context.close();

    await page.goto("/admin/audit?action=user");
    const actions = await page
      .getByTestId("audit-row")
      .filter({ hasText: email })
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    expect(actions).toEqual(["user.delete", "user.role", "user.role", "user.reset_password", "user.create"]);
    // The password never appears in the log.
    await expect(page.getByTestId("audit-table")).not.toContainText(password);
  });

  test("the users, audit and feedback pages fit a phone's width (tables scroll inside); a token is revoked with 폐기", async ({
    page,
  }) => {
    await signIn(page, admin.email, admin.password);
    // A personal token is revoked with 폐기; backing out of the question is 닫기, not a second 취소.
    await page.goto("/account");
    await page.getByTestId("token-name").fill("회계 시스템 연결");
    await page.getByTestId("token-create").click();
    await expect(page.getByTestId("token-secret")).toBeVisible();
    const tokenRow = page.getByTestId("token-row").filter({ hasText: "회계 시스템 연결" });
    const revoke = tokenRow.locator('[data-testid^="token-revoke-"]').first();
    await expect(revoke).toHaveText("폐기");
    await revoke.click();
    await expect(tokenRow.locator('[data-testid$="-cancel"]')).toHaveText("닫기");
    await expect(tokenRow.locator('[data-testid$="-confirm"]')).toHaveText("토큰 폐기");
    await tokenRow.locator('[data-testid$="-confirm"]').click();
    await expect(tokenRow).toContainText("폐기됨");
    await expect(page.getByTestId("token-table")).not.toContainText(/\bAM\b|\bPM\b/);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/admin/users", "/admin/audit", "/admin/feedback", "/bookmarks"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});
