import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { hydrated, signIn } from "./helpers";

// 참조조문 → 조문: the fixture decision 2098다1001 (corpus "테스트 판례") cites "[1] 민법 제750조,
// 제756조 / [2] 민법 제396조 , 제763조". The e2e data imports 민법 (e2e/start-app.sh): the shared
// statutes when present, else a few of its articles (tests/fixtures/statutes/e2e). 제750조 is then cited
// by our three fixture decisions (and, with the shared decisions, by many more); the fixtures are the
// newest (2096–2099), so 2098다1001 is on the first page, newest first.
const CASE_NO = "2098다1001";

test("a 참조조문 reference shows its article on hover, opens its page, and the way back works", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await page.goto(`/precedents/${encodeURIComponent(CASE_NO)}`);
  await expect(page.getByTestId("precedent-case-no")).toHaveText(CASE_NO);
  await hydrated(page);

  const refs = page.getByRole("region", { name: "참조조문" }).getByTestId("statute-link");
  await expect(refs).toHaveCount(4);
  await expect(refs.nth(1)).toHaveAttribute("data-article", "제756조");
  const link = page
    .getByRole("region", { name: "참조조문" })
    .locator('[data-testid="statute-link"][data-law="민법"][data-article="제750조"]');
  // The body cites it too (판결요지: "민법 제750조에 따라"): the same link, in running text.
  const inBody = page.getByRole("region", { name: "판결요지" }).getByTestId("statute-link");
  await expect(inBody).toHaveCount(1);
  await expect(inBody).toHaveAttribute("data-article", "제750조");

  // Hover: the article's title, text and 시행일자 in a small panel; the decision (2099) is after it.
  await link.hover();
  const panel = page.getByTestId("statute-panel");
  await expect(panel).toContainText("불법행위의 내용");
  await expect(panel).toContainText("고의 또는 과실로 인한 위법행위로");
  await expect(panel).toContainText("시행일자 2021. 1. 26.");
  await expect(panel.getByTestId("statute-panel-note")).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expect(panel).toHaveCount(0);

  // Keyboard: the button beside the link pins the panel open; Esc closes it.
  const toggle = page.getByRole("region", { name: "참조조문" }).getByTestId("statute-panel-toggle").first();
  await expect(toggle).toHaveAccessibleName("민법 제750조 조문 보기");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("statute-panel")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("statute-panel")).toHaveCount(0);

  const viewerUrl = page.url();
  await link.click();
  await expect(page).toHaveURL(/\/statutes\/.+\/.+/);
  await expect(page.getByTestId("statute-heading")).toContainText("민법 제750조");
  await expect(page.getByTestId("statute-heading")).toContainText("불법행위의 내용");
  await expect(page.getByTestId("statute-text")).toContainText("그 손해를 배상할 책임이 있다");
  await expect(page.getByTestId("statute-effective")).toContainText("2021. 1. 26.");
  await expect(page.getByRole("heading", { name: /이 조문을 인용한 판례/ })).toBeVisible();
  const total = Number(((await page.getByTestId("statute-cited-total").textContent()) ?? "").replace(/[^\d]/g, ""));
  expect(total).toBeGreaterThanOrEqual(3);
  const cited = page.getByTestId("statute-cited-link");
  await expect(cited.filter({ hasText: CASE_NO })).toHaveCount(1);
  await expect(page.getByTestId("statute-next")).toContainText("제751조");

  // 오래된순: the oldest citing decision first (2096다5101 of 2096 among the fixtures, an older one
  // with the shared decisions): never the newest fixture.
  await page.getByTestId("statute-cited-order-old").click();
  await expect(page).toHaveURL(/order=old/);
  await expect(cited.first()).not.toHaveText("2097다7202");

  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(viewerUrl);
  await expect(page.getByTestId("precedent-case-no")).toHaveText(CASE_NO);
});

test("판례 검색에서 보기 lists the decisions citing the article, with the search page's facets", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await page.goto(`/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제750조")}`);
  const total = Number(((await page.getByTestId("statute-cited-total").textContent()) ?? "").replace(/[^\d]/g, ""));
  await page.getByTestId("statute-cited-search").click();
  await expect(page).toHaveURL(/\/search\?ref=/);
  // No words: every citing decision (at most 500 counted, as every search).
  const counted = page.getByTestId("search-total");
  if (total <= 500) await expect(counted).toContainText(`${total.toLocaleString("ko-KR")}건`);
  else await expect(counted).toContainText("이상");
  await expect(page.getByTestId("search-input")).toHaveValue("");
  const chosen = page.getByTestId("facet-ref").locator('[aria-current="true"]');
  await expect(chosen).toContainText("민법 제750조");
  // 최신순: the fixtures are the newest decisions citing it.
  await page.getByTestId("sort-newest").click();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page.getByTestId("search-results")).toContainText(CASE_NO);
});

test("an article no imported statute holds, or a broken address, is a plain not-found page", async ({ page }) => {
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  const missing = await page.goto(`/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제1200조")}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("statute-not-found")).toContainText("가져온 법령에 없는 조문입니다");
  // An article segment that is a stray percent sign once decoded: 404, never a server error. (A path
  // Next.js itself cannot decode, "%E0%A4%A", is answered by the framework before any page runs.)
  const broken = await page.goto(`/statutes/${encodeURIComponent("민법")}/%25E0%25A4%25A`);
  expect(broken?.status()).toBe(404);
  await expect(page.getByTestId("statute-not-found")).toBeVisible();
});
