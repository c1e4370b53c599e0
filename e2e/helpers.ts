import { type Cookie, expect, type Page, test } from "@playwright/test";

/**
 * Sessions already made through the login form, by address and e-mail. Signing in again through the
 * form costs two page loads and a password hash (about 1.5 s of a two-core machine's time, 63 times
 * in the suite); every later test of the same user starts from the session's cookie instead. Specs
 * run one at a time in one worker, so this module lives for the whole run.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in as this user: through the login form the first time (and whenever the kept session has
 * ended: a test signed it out, or the user's password changed), with the kept cookie otherwise.
 * Either way the page ends on the chat, signed in and hydrated.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const key = `${test.info().project.use.baseURL ?? ""} ${email.toLowerCase()}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto("/");
    if (!new URL(page.url()).pathname.startsWith("/login")) {
      await expect(page.getByTestId("current-user")).toBeVisible();
      await hydrated(page);
      return;
    }
    sessions.delete(key);
    await page.context().clearCookies();
  }
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  await hydrated(page);
  sessions.set(key, await page.context().cookies());
}

/**
 * Waits until React has hydrated the page (components/hydration-mark.tsx). A page is visible before
 * its controls answer: a choice made in that moment (a picker's option) is shown but never reaches
 * the app's state, which on a busy machine made tests fail at random.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "1");
}

/**
 * A new chat's first question moves the page to the chat's own address (/chat/…) and re-renders it
 * there once the server answers; that render starts the page's panels afresh (an open filter panel
 * closes). On a busy machine it can land after the answer itself: a test that goes on to use the
 * page waits for it — the chat's row in the list marked as the current one.
 */
export async function chatSettled(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/chat\/[^/?#]+/);
  await expect(page.locator('[data-testid="chat-link"][aria-current="page"]').first()).toBeAttached();
}

/**
 * Scopes the next question to one corpus, chosen by (part of) its name in the chat's scope picker.
 * The e2e data always has several corpora (the fixtures, the citation fixtures, and the shared
 * decisions in CI), so the picker is always there: it is waited for, never counted at once, which let
 * a slow page leave a question unscoped.
 */
export async function scopeTo(page: Page, corpusName: string): Promise<void> {
  const scope = page.getByTestId("chat-scope");
  const value = (await scope.locator("option", { hasText: corpusName }).getAttribute("value")) ?? "";
  await scope.selectOption(value);
  await expect(scope).toHaveValue(value);
}
