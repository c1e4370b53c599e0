import { expect, type Page } from "@playwright/test";

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  await hydrated(page);
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
