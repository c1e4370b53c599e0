import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { chatSettled, signIn } from "./helpers";

// The research desk: layout at desktop and phone sizes, answers as Markdown, evidence by decision,
// filters in retrieval, lookup by 사건번호. The shared real decisions make the questions realistic;
// without them the tests that need them say so and are skipped.
const real = existsSync(resolve("../shared/data/precedents"));
const LONG = "긴답변확인: 이혼 소송 중에 배우자가 사망하면 소송이 어떻게 되는지 자세히 알려 주세요";

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
}

/** The page itself never scrolls: only the conversation and the evidence panes do. */
async function pageDoesNotScroll(page: Page): Promise<void> {
  const { scrollHeight, innerHeight, scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight + 1);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth + 1);
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the question box and 중지 stay in view through a long answer at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await page.setViewportSize(size);
    await ask(page, LONG);
    const answer = page.getByTestId("answer").last();
    const messages = page.getByTestId("messages");
    await expect(page.getByTestId("stop")).toBeInViewport({ timeout: 30_000 });
    // Still streaming once the answer is longer than its pane: 중지 is still in view. Overflow and
    // status are read together, often, so a busy machine cannot let the answer end between them.
    const overflowWhile = () =>
      messages.evaluate((e) => {
        if (e.scrollHeight <= e.clientHeight) return "short";
        const last = [...document.querySelectorAll('[data-testid="answer"]')].at(-1);
        const stop = document.querySelector('[data-testid="stop"]')?.getBoundingClientRect();
        const inView = stop !== undefined && stop.bottom > 0 && stop.top < window.innerHeight;
        return `${last?.getAttribute("data-status")}${inView ? "" : " (중지 hidden)"}`;
      });
    await expect.poll(overflowWhile, { timeout: 30_000, intervals: [100] }).toBe("running");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(answer).toContainText("긴 답변의 마지막 줄입니다");
    // Markdown is rendered, not shown raw.
    await expect(answer.locator("h2").first()).toHaveText("결론");
    await expect(answer.locator("strong").first()).toHaveText("배우자 일방이 사망하면");
    await expect(answer).not.toContainText("**");
    // The answer is longer than the window; the box and its button are still there.
    expect(await messages.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    await expect(page.getByTestId("chat-input")).toBeInViewport();
    await expect(page.getByTestId("send")).toBeInViewport();
    await pageDoesNotScroll(page);

    if (size.width < 1024) {
      // The strategy picker is whole on the phone's toolbar, not cut at the screen's edge.
      const toolbar = await page.getByTestId("composer-toolbar").boundingBox();
      const picker = await page.getByTestId("chat-strategy").boundingBox();
      expect(toolbar && picker).toBeTruthy();
      if (toolbar && picker)
        expect(picker.x + picker.width).toBeLessThanOrEqual(Math.min(toolbar.x + toolbar.width, size.width));
      // A phone shows the evidence as a tab above the same question box.
      await expect(page.getByTestId("evidence-panel")).toBeHidden();
      await page.getByTestId("tab-evidence").click();
      await expect(page.getByTestId("evidence-case").first()).toBeVisible();
      await expect(page.getByTestId("chat-input")).toBeInViewport();
      await page.getByTestId("tab-chat").click();
      await expect(answer).toBeVisible();
    } else {
      await expect(page.getByTestId("evidence-case").first()).toBeInViewport();
    }
    await pageDoesNotScroll(page);
  });
}

test("an unverified case number is explained inline, by keyboard too", async ({ page }) => {
  test.skip(!real, "needs the shared decisions (../shared/data)");
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await ask(page, "이혼 소송 도중에 배우자가 사망했습니다. 진행 중이던 이혼 소송은 어떻게 되나요?");
  const answer = page.getByTestId("answer");
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const flag = answer.getByTestId("citation-unverified");
  await expect(flag).toContainText("2000다99999");
  await expect(flag).toContainText("확인 필요");
  await expect(answer.getByTestId("unverified-summary")).toContainText("어느 말뭉치에도 없는 사건번호");
  await flag.focus();
  await page.keyboard.press("Enter");
  await expect(answer.getByTestId("citation-unverified-note")).toBeVisible();
});

test("evidence is grouped by decision, the cited decisions first and marked", async ({ page }) => {
  test.skip(!real, "needs the shared decisions (../shared/data)");
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await ask(page, "인용순서확인: 이혼 소송 중에 배우자가 사망하면 소송은 어떻게 되나요?");
  await expect(page.getByTestId("answer")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const cases = page.getByTestId("evidence-case");
  await expect(cases.first()).toBeVisible();
  // The page refreshes once after an answer (the chat list, the new chat's address): read the panel
  // again if that refresh replaced it mid-read.
  let rows: { caseNo: string; cited: boolean; rank: number; passages: number }[] = [];
  await expect(async () => {
    rows = await cases.evaluateAll((els) =>
      els.map((e) => ({
        caseNo: e.getAttribute("data-case-no") ?? "",
        cited: e.getAttribute("data-cited") === "true",
        rank: Number(e.getAttribute("data-rank")),
        passages: e.querySelectorAll("[data-testid=evidence-passage]").length,
      })),
    );
    expect(rows.length).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  // One entry per decision, its passages folded inside it.
  expect(new Set(rows.map((r) => r.caseNo)).size).toBe(rows.length);
  const passages = rows.reduce((n, r) => n + r.passages, 0);
  expect(passages).toBeGreaterThan(rows.length);
  // The cited decisions come first, in the order the answer cites them, even when ranked lower.
  expect(rows.slice(0, 2).map((r) => [r.caseNo, r.cited])).toEqual([
    ["90므1135", true],
    ["92므143", true],
  ]);
  expect(rows.slice(2).every((r) => !r.cited)).toBe(true);
  // 90므1135 is not the best-ranked decision: the order is the answer's, not the ranking's.
  expect(Math.min(...rows.slice(2).map((r) => r.rank))).toBeLessThan(rows[0]?.rank ?? 0);
  await expect(cases.first().getByTestId("evidence-cited-badge")).toHaveText("답변 인용");
  // The passages unfold; each opens the decision at that passage.
  await cases.first().locator("summary").click();
  await expect(cases.first().getByTestId("evidence-passage").first()).toBeVisible();
});

test("a filter narrows the search, is shown on the answer and is kept with the chat", async ({ page }) => {
  test.skip(!real, "needs the shared decisions (../shared/data)");
  // Damages as well as divorce: the unfiltered evidence spans family and civil decisions.
  const question = "이혼 소송 중에 배우자가 사망하면 위자료 등 손해배상 청구권도 상속인에게 넘어가나요?";
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await ask(page, question);
  await expect(page.getByTestId("answer")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  // The filter panel is opened next: on the chat's own page, not one about to be re-rendered.
  await chatSettled(page);
  const types = () =>
    page.getByTestId("evidence-case").evaluateAll((els) => els.map((e) => e.getAttribute("data-case-type")));
  expect(new Set(await types()).size).toBeGreaterThan(1);

  await page.getByTestId("filter-toggle").click();
  await page.getByTestId("filter-case-type-가사").check();
  await page.getByTestId("filter-court-level").selectOption("대법원");
  await page.getByTestId("filter-close").click();
  await expect(page.getByTestId("filter-summary")).toContainText("사건종류: 가사");
  await ask(page, question);
  const answer = page.getByTestId("answer").last();
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(answer.getByTestId("answer-filters")).toContainText("사건종류: 가사");
  await expect(answer.getByTestId("answer-filters")).toContainText("법원: 대법원");
  const narrowed = await types();
  expect(narrowed.length).toBeGreaterThan(0);
  expect(new Set(narrowed)).toEqual(new Set(["가사"]));
  const courts = await page
    .getByTestId("evidence-case")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-court")));
  expect(new Set(courts)).toEqual(new Set(["대법원"]));

  // The chat remembers its filters.
  await page.reload();
  await expect(page.getByTestId("filter-summary")).toContainText("사건종류: 가사");
  await expect(page.getByTestId("answer").last().getByTestId("answer-filters")).toContainText("사건종류: 가사");
});

test("the lookup opens a decision by 사건번호, joined numbers included, or lists it by 사건명", async ({ page }) => {
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  // Our own fixture: 대법원 2098므21, 22 (joined), asked for by its second number.
  await page.getByTestId("lookup-input").fill("2098므22");
  await page.getByTestId("lookup-input").press("Enter");
  await expect(page.getByTestId("precedent-case-no")).toHaveText("2098므21, 22");
  if (real) {
    await page.getByTestId("lookup-input").fill("94므833");
    await page.getByTestId("lookup-submit").click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("94므826, 833");
  }
  await page.getByTestId("lookup-input").fill("위자료");
  await page.getByTestId("lookup-input").press("Enter");
  await expect(page.getByTestId("lookup-results")).toContainText("2098므21, 22");
  await page.getByTestId("lookup-result").filter({ hasText: "2098므21, 22" }).click();
  await expect(page.getByTestId("precedent-case-no")).toHaveText("2098므21, 22");

  // On a phone the lookup is one tap away in the header.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByTestId("nav-lookup").click();
  await page.getByTestId("lookup-page").getByTestId("lookup-input").fill("2098 므 21");
  await page.getByTestId("lookup-page").getByTestId("lookup-input").press("Enter");
  await expect(page.getByTestId("precedent-case-no")).toHaveText("2098므21, 22");
});

test("admin pages fit a phone: tables scroll inside their box, not the page", async ({ page }) => {
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin", "/admin/corpora", "/admin/eval", "/admin/users"]) {
    await page.goto(path);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth + 1);
  }
});
