import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// With the shared decisions ingested the question targets a real one (92므143, outside the dev
// benchmark's gold decisions); a clone without
// ../shared asks about our own fixture decision instead.
const real = existsSync(resolve("../shared/data/precedents"));
const QUESTION = real
  ? "이혼 소송 도중에 배우자가 사망했습니다. 진행 중이던 이혼 소송은 어떻게 되나요?"
  : "배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?";
const CASE_NO = real ? "92므143" : "2098다1001";

test.describe("chat", () => {
  test("asks, watches the queries and the answer stream in, and follows a citation to the highlighted passage", async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await expect(page.getByTestId("chat-empty")).toBeVisible();
    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("chat-input").press("Enter");

    await expect(page.getByTestId("question")).toHaveText(QUESTION);
    await expect(page.getByTestId("analytical-query")).not.toContainText("작성 중", { timeout: 20_000 });
    await expect(page.getByTestId("analytical-query")).toContainText(real ? "소송 종료" : "드론");
    await expect(page.getByTestId("rationale-query")).toContainText(real ? "일신전속" : "책임", { timeout: 20_000 });
    const answer = page.getByTestId("answer");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    await expect(page.getByTestId("evidence-case").first()).toBeVisible();

    const citation = answer.getByTestId("citation-link").filter({ hasText: CASE_NO });
    await expect(citation).toBeVisible();
    if (real) await expect(answer.getByTestId("citation-unverified")).toContainText("2000다99999");

    await citation.click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText(CASE_NO);
    await expect(page.getByTestId("highlighted-passage").first()).toBeVisible();
  });

  test("Stop halts an answer mid-stream and the chat keeps what was written and found, after reload too", async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await page
      .getByTestId("chat-input")
      .fill("천천히 답해 주세요: 이혼 소송 중에 배우자가 사망하면 소송은 어떻게 되나요?");
    await page.getByTestId("send").click();
    const answer = page.getByTestId("answer");
    await expect(answer).toContainText("92므143", { timeout: 30_000 });
    await page.getByTestId("stop").click();
    await expect(answer).toHaveAttribute("data-status", "stopped", { timeout: 10_000 });
    await expect(answer).not.toContainText("마지막 문장입니다");
    await expect(answer).toContainText("중지했습니다");
    await expect(page.getByTestId("send")).toBeVisible();

    await page.reload();
    const kept = page.getByTestId("answer");
    await expect(kept).toHaveAttribute("data-status", "stopped");
    await expect(kept).toContainText("천천히");
    // The work done before Stop is still there: queries, the precedents found, the linked citation, the trace.
    await expect(page.getByTestId("analytical-query")).toContainText("소송 종료");
    await expect(page.getByTestId("rationale-query")).toContainText("일신전속");
    await expect(page.getByTestId("evidence-case").first()).toBeVisible();
    await expect(page.getByTestId("pipeline-trace")).toBeAttached();
    if (real) await expect(kept.getByTestId("citation-link").filter({ hasText: "92므143" })).toBeVisible();
    else await expect(kept.getByTestId("citation-unverified")).toContainText("92므143");
  });

  test("keyboard: the skip link reaches the question box, / focuses it, Esc stops the answer", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    const input = page.getByTestId("chat-input");
    // The first Tab lands on the skip link, whatever the header and the chat list hold.
    await page.locator("body").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("skip-link")).toBeFocused();
    await expect(page.getByTestId("skip-link")).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(input).toBeFocused();

    // "/" from anywhere but a field puts the cursor in the question box; in the box it is a slash.
    await page.getByTestId("nav-research").focus();
    await page.keyboard.press("/");
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("");
    // The fake model stops sending midway through this answer (e2e/fake-rules.json): only Esc ends it.
    await page.keyboard.type("키보드로 멈출 답변: 이혼 소송 중 배우자 사망 / 소송은?");
    await expect(input).toHaveValue(/사망 \/ 소송은/);
    await page.keyboard.press("Enter");
    const answer = page.getByTestId("answer");
    await expect(answer).toContainText("92므143", { timeout: 30_000 });
    // Esc works from anywhere on the desk, not only in the question box.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Escape");
    await expect(answer).toHaveAttribute("data-status", "stopped", { timeout: 10_000 });
    await expect(answer).not.toContainText("나오지 않습니다");
  });

  test("a lawyer never sees another user's chat", async ({ page, browser }) => {
    await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("send").click();
    await expect(page.getByTestId("answer")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    const adminChatUrl = page.url();

    const other = await browser.newPage();
    await signIn(other, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    const response = await other.goto(adminChatUrl);
    expect(response?.status()).toBe(404);
    await other.close();
  });
});
