import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { docxText } from "../tests/support/docx-text";
import { signIn } from "./helpers";

const real = existsSync(resolve("../shared/data/precedents"));
const QUESTION = real
  ? "이혼 소송 도중에 배우자가 사망했습니다. 진행 중이던 이혼 소송은 어떻게 되나요?"
  : "배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?";
const CITATION = real ? "대법원 1993. 5. 27. 선고 92므143 판결" : "대법원 2099. 1. 15. 선고 2098다1001 판결";

test.describe("export and print", () => {
  test("an answer exports to DOCX, copies as formatted text and prints without the app around it", async ({
    page,
    context,
    browser,
  }) => {
    // An answer, two documents, the clipboard and two print layouts: well over the default 30 s on busy cores.
    test.setTimeout(90_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    const sidebar = page.getByRole("complementary", { name: "대화 목록" });
    await expect(sidebar).toBeVisible();
    // Any page printed drops the sidebar and the composer.
    await page.emulateMedia({ media: "print" });
    await expect(sidebar).toBeHidden();
    await expect(page.getByTestId("chat-input")).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("chat-input").press("Enter");
    const answer = page.getByTestId("answer");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });

    // DOCX: a download with a Korean name, whose text holds the question and the formatted citation.
    const downloading = page.waitForEvent("download");
    await answer.getByTestId("export-docx").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^판례리서치_\d{8}_.+\.docx$/);
    const text = await docxText(readFileSync((await download.path()) as string));
    expect(text).toContain(QUESTION);
    expect(text).toContain(CITATION);
    expect(text).toContain("인용된 부분");

    // The whole conversation: one .docx with every question and answer.
    const downloadingChat = page.waitForEvent("download");
    await page.getByTestId("export-chat-docx").click();
    const chatText = await docxText(readFileSync((await (await downloadingChat).path()) as string));
    expect(chatText).toContain("질문 1");
    expect(chatText).toContain(QUESTION);
    expect(chatText).toContain(CITATION);

    // Someone else's answer is not theirs to export.
    const href = (await answer.getByTestId("export-docx").getAttribute("href")) as string;
    const other = await browser.newPage();
    await signIn(other, E2E_USERS.admin.email, E2E_USERS.admin.password);
    expect((await other.request.get(href)).status()).toBe(404);
    await other.close();
    expect((await page.request.get(href.replace("/messages/", "/messages/x"))).status()).toBe(404);

    // 복사: the same formatted text.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await answer.getByTestId("copy-answer").click();
    await expect(answer.getByTestId("copy-answer")).toHaveText("복사됨");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`[질문]\n${QUESTION}`);
    expect(copied).toContain("[답변]");
    expect(copied).toContain(`1. ${CITATION}`);
    // …with the formatted version beside it (what Word or a mail pastes).
    const html = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return item?.types.includes("text/html") ? (await item.getType("text/html")).text() : "";
    });
    expect(html).toContain(CITATION);
    expect(html).not.toContain("인용된 부분");

    // Print: the answer's sheet alone — no sidebar, no chat list, no composer.
    await page.evaluate(() => {
      window.print = () => {}; // the dialog itself is the browser's; what it prints is ours
    });
    await answer.getByTestId("print-answer").click();
    const sheet = page.getByTestId("print-sheet");
    await expect(sheet).toHaveCount(1);
    await expect(sheet).toBeHidden(); // on screen
    await expect(sheet).toHaveAttribute("data-print-chosen", "");
    await page.emulateMedia({ media: "print" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(QUESTION);
    await expect(sheet.getByTestId("print-citations")).toContainText(CITATION);
    await expect(sheet.locator("mark").first()).toBeVisible(); // the cited passage's supporting sentence
    await expect(sidebar).toBeHidden();
    for (const list of await page.getByTestId("chat-list").all()) await expect(list).toBeHidden();
    await expect(page.getByTestId("chat-input")).toBeHidden();
    await expect(page.getByTestId("evidence-panel")).toBeHidden();

    // A plain print of the chat (nothing chosen): the conversation's sheet, not each answer's.
    await page.emulateMedia({ media: "screen" });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await page.emulateMedia({ media: "print" });
    await expect(sheet).toBeHidden();
    const whole = page.getByTestId("print-conversation");
    await expect(whole).toBeVisible();
    await expect(whole.getByTestId("print-turn")).toHaveCount(1);
    await expect(whole).toContainText(QUESTION);
  });
});
