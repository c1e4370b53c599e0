import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// 판례 검색 over the e2e corpora (e2e/start-app.sh): our fixtures, and the shared real decisions,
// which give a query enough results to page through.
const real = existsSync(resolve("../shared/data/precedents"));

test("판례 검색: operator and facet, newest first, paging, a result at its snippet and back, similar decisions", async ({
  page,
}) => {
  test.skip(!real, "needs the shared decisions (../shared/data)");
  // Many steps, each a page load on a busy machine (the first search also loads the index).
  test.setTimeout(120_000);
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await page.getByTestId("nav-search").click();

  // "/" from anywhere on the page puts the cursor in the box; typed in the box, it is a slash.
  await expect(page.getByTestId("search-form")).toBeVisible();
  await expect(async () => {
    await page.getByRole("heading").first().click();
    await page.keyboard.press("/");
    await expect(page.getByTestId("search-input")).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("/");
  await expect(page.getByTestId("search-input")).toHaveValue("/");

  // An operator, and a malformed one: a hint, and the rest still searched.
  await page.getByTestId("search-input").fill("손해배상 -로봇 OR");
  await page.getByTestId("search-input").press("Enter");
  await expect(page.getByTestId("search-hints")).toContainText("OR");
  await expect(page.getByTestId("search-hit").first()).toBeVisible();
  await expect(page.getByTestId("search-results")).not.toContainText("2096다5101");

  // A facet narrows to exactly its count.
  const minsa = page.getByTestId("facet-type").getByTestId("facet-value").filter({ hasText: "민사" });
  const count = Number(((await minsa.locator("span").last().textContent()) ?? "").replace(/,/g, ""));
  expect(count).toBeGreaterThan(20);
  await minsa.click();
  await expect(page).toHaveURL(/type=%EB%AF%BC%EC%82%AC/);
  await expect(page.getByTestId("search-total")).toContainText(`${count.toLocaleString("ko-KR")}건`);

  // Newest first.
  await page.getByTestId("sort-newest").click();
  await expect(page).toHaveURL(/sort=newest/);
  const dates = await page.getByTestId("search-hit").evaluateAll((els) => els.map((e) => e.getAttribute("data-date")));
  expect(dates).toEqual([...dates].sort().reverse());

  // The next page by relevance, then a result opened at its marked snippet. (Every match is listed:
  // newest first, the other corpora's decisions named 손해배상 but not writing it may fill a page,
  // each opening at its first passage; by relevance the decisions writing the word come first.)
  await page.getByTestId("sort-relevance").click();
  await expect(page).not.toHaveURL(/sort=newest/);
  await page.getByTestId("page-next").click();
  await expect(page).toHaveURL(/page=2/);
  const resultsUrl = page.url();
  const hit = page
    .getByTestId("search-hit")
    .filter({ has: page.getByTestId("hit-snippet").getByTestId("search-mark") })
    .first();
  const caseNo = (await hit.getByTestId("hit-link").textContent()) ?? "";
  await expect(hit.getByTestId("search-mark").first()).toContainText("손해배상");
  await hit.getByTestId("hit-snippet").first().getByRole("link").click();
  await expect(page.getByTestId("precedent-case-no")).toHaveText(caseNo);
  expect(new URL(page.url()).searchParams.get("hl")).toBeTruthy();
  await expect(page.getByTestId("highlighted-passage").first()).toBeVisible();

  // Back to the same results.
  await page.goBack();
  await expect(page).toHaveURL(resultsUrl);
  await expect(hit.getByTestId("hit-link")).toHaveText(caseNo);

  // A common word under a rare 원심: matched and counted in the index, not after a ranked cut. On the
  // shared decisions the word's top 400 passages hold no 대전고등법원 decision (a pre-cut showed 0).
  await page.goto("/search?q=%EC%86%90%ED%95%B4%EB%B0%B0%EC%83%81");
  const daejeon = page.getByTestId("facet-lower").getByTestId("facet-value").filter({ hasText: "대전고등법원" });
  const daejeonCount = Number(((await daejeon.locator("span").last().textContent()) ?? "").replace(/,/g, ""));
  expect(daejeonCount).toBeGreaterThan(0);
  await daejeon.click();
  await expect(page).toHaveURL(/lower=/);
  await expect(page.getByTestId("search-total")).toContainText(`${daejeonCount.toLocaleString("ko-KR")}건`);
  await expect(page.getByTestId("search-total")).not.toContainText("약");
  await expect(page.getByTestId("search-hit")).toHaveCount(daejeonCount);
  await expect(page.getByTestId("search-results")).toContainText("94다13046");
  await page.goto(resultsUrl);

  // On a phone the filters fold behind one button, and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("facet-type")).toBeHidden();
  await page.getByTestId("facet-toggle").click();
  await expect(page.getByTestId("facet-type")).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth + 1);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Similar decisions from a pasted passage, with the words they share; too long a passage is refused.
  await page.getByTestId("nav-similar").click();
  await page.getByTestId("similar-input").fill("가".repeat(5_001));
  await expect(page.getByTestId("similar-count")).toContainText("1자를 줄여 주세요");
  await expect(page.getByTestId("similar-submit")).toBeDisabled();
  await page
    .getByTestId("similar-input")
    .fill(
      "무인 배송로봇이 보도를 지나다 보행자와 부딪쳤다. 운영자가 점검과 속도 제한으로 주의를 다하였는지가 다투어진다.",
    );
  await page.getByTestId("similar-submit").click();
  const first = page.getByTestId("similar-results").getByTestId("search-hit").first();
  await expect(first.getByTestId("hit-link")).toHaveText(/2096다5101|2097다7202/);
  await expect(first.getByTestId("hit-shared-terms")).toContainText("보행자");
});
