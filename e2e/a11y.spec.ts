import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// axe-core on the main pages: no serious or critical violation of WCAG 2.1 A/AA. Add a page by
// adding its path below; `optional` pages (built by another change) are checked when they exist.
// (The desk and the viewer are checked with an answer on screen, in the first test.)
const LAWYER_PAGES: { path: string; optional?: boolean }[] = [
  { path: "/bookmarks" },
  { path: "/search", optional: true },
];
const ADMIN_PAGES = ["/admin", "/admin/users"];
// axe takes seconds a page on two busy cores.
const AXE_TEST_TIMEOUT_MS = 240_000;

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  // The page's own late content (streamed parts, fonts) first.
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(report, `${where}\n${report.join("\n")}`).toEqual([]);
}

test.describe("accessibility (axe-core)", () => {
  test("the desk with an answer, its precedent viewer and the lawyer's pages", async ({ page }) => {
    test.setTimeout(AXE_TEST_TIMEOUT_MS);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await page.getByTestId("chat-input").fill("배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?");
    await page.getByTestId("chat-input").press("Enter");
    const answer = page.getByTestId("answer");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    await expectNoSeriousViolations(page, "chat");

    await answer.getByTestId("citation-link").first().click();
    await expect(page.getByTestId("precedent-page")).toBeVisible();
    await expect(page.getByTestId("decision-download-text")).toBeVisible();
    await expectNoSeriousViolations(page, "precedent viewer");

    for (const { path, optional } of LAWYER_PAGES) {
      const response = await page.goto(path);
      if (optional && response?.status() === 404) {
        test.info().annotations.push({ type: "skipped page", description: `${path}: not built (404)` });
        continue;
      }
      expect(response?.ok(), path).toBe(true);
      await expectNoSeriousViolations(page, path);
    }
  });

  test("the admin pages", async ({ page }) => {
    test.setTimeout(AXE_TEST_TIMEOUT_MS);
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    for (const path of ADMIN_PAGES) {
      const response = await page.goto(path);
      expect(response?.ok(), path).toBe(true);
      await expectNoSeriousViolations(page, path);
    }
  });
});
