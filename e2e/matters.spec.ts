import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const { admin, lawyer } = E2E_USERS;
const real = existsSync(resolve("../shared/data/precedents"));
const CASE_NO = real ? "92므143" : "2098다1001";
const ABOUT = real
  ? "이혼 소송 중에 배우자가 사망하면 소송은 어떻게 되나요?"
  : "배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?";

/** Asks in a new chat and waits for the answer; returns the chat's id. */
async function ask(page: Page, question: string): Promise<string> {
  await page.goto("/");
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("send").click();
  await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  // The page re-renders under the chat's own address once the answer is saved; start from there
  // so the clicks below do not race that refresh.
  const url = page.url();
  // That refresh can itself abort a reload in flight (net::ERR_ABORTED): then load the address again.
  await page.reload().catch(async () => {
    await page.goto(url);
  });
  await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", "done");
  return url.split("/").pop() as string;
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "대화 목록" });
const row = (page: Page, id: string) => sidebar(page).locator(`[data-testid="chat-item"][data-chat-id="${id}"]`);

test.describe("matters, history, bookmarks, feedback", () => {
  test("renames, searches, files into a matter, deletes (asked first); another user sees none of it", async ({
    page,
    browser,
  }) => {
    // The strict CSP (proxy.ts) allows no inline script or handler: none of these controls may need one.
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await signIn(page, lawyer.email, lawyer.password);
    const first = await ask(page, `임대차 보증금 사건 메모: ${ABOUT}`);
    const second = await ask(page, `두 번째 질문입니다. ${ABOUT}`);

    // Rename the first chat: the sidebar shows the new title.
    await row(page, first).getByTestId("chat-menu").click();
    await row(page, first).getByTestId("chat-rename-input").fill("김OO 보증금 반환 (2024가단1234)");
    await row(page, first).getByTestId("chat-rename-save").click();
    await expect(row(page, first).getByTestId("chat-title")).toHaveText("김OO 보증금 반환 (2024가단1234)");

    // Search by title, then by the text of a question (not in any title).
    const search = sidebar(page).getByTestId("chat-search");
    await search.fill("2024가단");
    const results = sidebar(page).getByTestId("chat-search-results");
    await expect(results.getByTestId("chat-item")).toHaveCount(1);
    await expect(results.getByTestId("chat-title")).toHaveText("김OO 보증금 반환 (2024가단1234)");
    await search.fill("보증금 사건 메모");
    await expect(results.getByTestId("chat-item")).toHaveCount(1);
    await expect(results).toContainText("임대차 보증금 사건 메모");
    await search.fill("어디에도 없는 말");
    await expect(sidebar(page).getByTestId("chat-search-empty")).toBeVisible();
    await search.fill("");

    // A matter: create, file the first chat under it, rename it.
    await sidebar(page).getByTestId("new-matter").click();
    await sidebar(page).getByTestId("new-matter-name").fill("의뢰인 김OO");
    await sidebar(page).getByTestId("new-matter-save").click();
    const matter = sidebar(page).locator('[data-testid="matter"][data-matter-name="의뢰인 김OO"]');
    await expect(matter).toBeVisible();
    await row(page, first).getByTestId("chat-menu").click();
    await row(page, first).getByTestId("chat-move").selectOption({ label: "의뢰인 김OO" });
    await expect(matter.locator(`[data-chat-id="${first}"]`)).toBeVisible();
    await expect(sidebar(page).getByTestId("chat-list").locator(`[data-chat-id="${first}"]`)).toHaveCount(0);
    await matter.getByTestId("matter-menu").click();
    await matter.getByTestId("matter-rename-input").fill("의뢰인 김OO (임대차)");
    await matter.getByTestId("matter-rename-save").click();
    const renamed = sidebar(page).locator('[data-testid="matter"][data-matter-name="의뢰인 김OO (임대차)"]');
    await expect(renamed.locator(`[data-chat-id="${first}"]`)).toBeVisible();
    // A second folder with the same name is refused with a message.
    await sidebar(page).getByTestId("new-matter").click();
    await sidebar(page).getByTestId("new-matter-name").fill("의뢰인 김OO (임대차)");
    await sidebar(page).getByTestId("new-matter-save").click();
    await expect(sidebar(page).getByTestId("new-matter-error")).toContainText("같은 이름");

    // Another lawyer's view: none of these chats, matters or search hits; the chat itself is a 404.
    const other = await browser.newPage();
    await signIn(other, admin.email, admin.password);
    await expect(sidebar(other).locator(`[data-chat-id="${first}"]`)).toHaveCount(0);
    await expect(sidebar(other).getByTestId("matter")).toHaveCount(0);
    await sidebar(other).getByTestId("chat-search").fill("2024가단");
    await expect(sidebar(other).getByTestId("chat-search-empty")).toBeVisible();
    expect((await other.goto(`/chat/${first}`))?.status()).toBe(404);
    await other.close();

    // Delete the matter: its chat stays, unfiled.
    await renamed.getByTestId("matter-menu").click();
    await renamed.getByTestId("matter-delete").click();
    await renamed.getByTestId("matter-delete-confirm").click();
    await expect(sidebar(page).getByTestId("matter")).toHaveCount(0);
    await expect(sidebar(page).getByTestId("chat-list").locator(`[data-chat-id="${first}"]`)).toBeVisible();

    // Delete the open chat: asked first; cancelling keeps it; confirming removes it and leaves the page.
    await page.goto(`/chat/${second}`);
    await row(page, second).getByTestId("chat-menu").click();
    await row(page, second).getByTestId("chat-delete").click();
    await expect(row(page, second).getByTestId("chat-delete-question")).toBeVisible();
    await row(page, second).getByTestId("chat-delete-cancel").click();
    await expect(row(page, second)).toBeVisible();
    await row(page, second).getByTestId("chat-delete").click();
    await row(page, second).getByTestId("chat-delete-confirm").click();
    await expect(page).toHaveURL(/\/$/);
    await expect(row(page, second)).toHaveCount(0);
    expect((await page.goto(`/chat/${second}`))?.status()).toBe(404);
    expect(violations).toEqual([]);
  });

  test("bookmarks a precedent with a note from the evidence and the viewer; only its owner sees it", async ({
    page,
    browser,
  }) => {
    await signIn(page, lawyer.email, lawyer.password);
    await ask(page, ABOUT);
    const evidenceRow = page.getByTestId("evidence-case").filter({ hasText: CASE_NO }).first();
    const button = evidenceRow.getByTestId("bookmark-button");
    await expect(button).toBeEnabled();
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await evidenceRow.getByTestId("bookmark-note").fill("배우자 사망과 이혼소송 종료 — 의견서 인용");
    await evidenceRow.getByTestId("bookmark-save").click();
    await expect(button).toHaveAttribute("aria-pressed", "true");

    // The viewer knows it is bookmarked and edits the same note.
    await page.goto(`/precedents/${encodeURIComponent(CASE_NO)}`);
    const viewerButton = page.getByTestId("bookmark-button");
    await expect(viewerButton).toHaveAttribute("aria-pressed", "true");
    await viewerButton.click();
    await expect(page.getByTestId("bookmark-note")).toHaveValue("배우자 사망과 이혼소송 종료 — 의견서 인용");
    await page.getByTestId("bookmark-note").fill("배우자 사망과 이혼소송 종료 — 의견서 2면");
    await page.getByTestId("bookmark-save").click();

    await page.getByTestId("nav-bookmarks").click();
    const item = page.getByTestId("bookmark-item").filter({ hasText: CASE_NO });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId("bookmark-item-note")).toHaveText("배우자 사망과 이혼소송 종료 — 의견서 2면");
    await item.getByTestId("bookmark-link").click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText(CASE_NO);

    const other = await browser.newPage();
    await signIn(other, admin.email, admin.password);
    await other.goto("/bookmarks");
    await expect(other.getByTestId("bookmarks-empty")).toBeVisible();
    await other.close();

    // Removed from the bookmarks page.
    await page.goto("/bookmarks");
    await item.getByTestId("bookmark-button").click();
    await item.getByTestId("bookmark-remove").click();
    await expect(page.getByTestId("bookmarks-empty")).toBeVisible();
  });

  test("feedback stored: 👍 and 인용 오류 신고 on an answer appear on the admin feedback page", async ({
    page,
    browser,
  }) => {
    await signIn(page, lawyer.email, lawyer.password);
    const question = `피드백 확인용 질문: ${ABOUT}`;
    await ask(page, question);
    const answer = page.getByTestId("answer").last();
    await answer.getByTestId("feedback-up").click();
    await expect(answer.getByTestId("feedback-up")).toHaveAttribute("aria-pressed", "true");
    await answer.getByTestId("feedback-report").click();
    await answer.getByTestId("feedback-report-text").fill(`${CASE_NO} 인용이 질문과 맞지 않습니다`);
    await answer.getByTestId("feedback-report-send").click();
    await expect(answer.getByTestId("feedback-report-done")).toBeVisible();

    // Kept after a reload.
    await page.reload();
    await expect(page.getByTestId("answer").last().getByTestId("feedback-up")).toHaveAttribute("aria-pressed", "true");

    const adminPage = await browser.newPage();
    await signIn(adminPage, admin.email, admin.password);
    await adminPage.goto("/admin/feedback");
    const entries = adminPage.getByTestId("feedback-entry").filter({ hasText: question });
    await expect(entries.and(adminPage.locator('[data-kind="up"]'))).toHaveCount(1);
    const report = entries.and(adminPage.locator('[data-kind="citation_error"]'));
    await expect(report).toHaveCount(1);
    await expect(report.getByTestId("feedback-comment")).toHaveText(`${CASE_NO} 인용이 질문과 맞지 않습니다`);
    await expect(report).toContainText(lawyer.email);
    // A lawyer cannot open the list.
    expect((await page.goto("/admin/feedback"))?.status()).toBe(403);
    await adminPage.close();
  });
});
