import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { Document, Packer, Paragraph } from "docx";
import { E2E_USERS } from "../playwright.config";
import { docxText } from "../tests/support/docx-text";
import { hydrated, signIn } from "./helpers";

// 서면 검증 over the e2e fixtures: 2097다7202 (대법원 2099. 6. 20., 전원합의체) overrules 2096다5101;
// 2098다1001 is 대법원 2099. 1. 15.; 2031다99999 is in no corpus.
const SUPPORTED =
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있습니다(대법원 2099. 6. 20. 선고 2097다7202 전원합의체 판결).";
const DRAFT = [
  "준 비 서 면",
  "1. 배송로봇의 책임",
  SUPPORTED,
  "종전에는 운영자에게 과실이 있어야 배상 책임이 있다고 보았습니다(대법원 2096. 5. 10. 선고 2096다5101 판결).",
  "2. 드론 배송의 책임",
  "드론 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있습니다(대법원 2099. 1. 16. 선고 2098다1001 판결).",
  "같은 취지의 판결로 서울고등법원 2099. 1. 15. 선고 2098다1001 판결이 있습니다.",
  "다른 취지로 대법원 2031. 3. 3. 선고 2031다99999 판결이 있습니다. 민법 제750조도 참조하십시오.",
];

async function draftDocx(): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: DRAFT.map((line) => new Paragraph(line)) }] });
  return Packer.toBuffer(doc);
}

const row = (page: Page, caseNo: string, status: string) =>
  page.locator(`[data-testid="brief-row"][data-case-no="${caseNo}"][data-status="${status}"]`);

async function openBrief(page: Page): Promise<void> {
  await page.getByTestId("nav-brief").click();
  await expect(page.getByTestId("brief-page")).toBeVisible();
  await hydrated(page);
}

test.describe("서면 검증", () => {
  test("a .docx draft: every status, the viewer, Word export, save, open and delete", async ({ page, browser }) => {
    // A check, two Word files, a save and a second user: well over the default 30 s on busy cores.
    test.setTimeout(120_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await openBrief(page);
    await expect(page.getByTestId("brief-limits")).toContainText("한글 .hwp는 HWPX나 PDF로 저장해 올려 주세요");

    await page.getByTestId("brief-file").setInputFiles({
      name: "준비서면.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: await draftDocx(),
    });
    await page.getByTestId("brief-submit").click();
    const report = page.getByTestId("brief-report");
    await expect(report).toBeVisible({ timeout: 30_000 });

    // In the draft's order, each with its status.
    await expect(page.getByTestId("brief-row")).toHaveCount(5);
    const found = row(page, "2097다7202", "found");
    await expect(found.getByTestId("brief-en-banc")).toBeVisible();
    await expect(found.getByTestId("brief-support")).toHaveAttribute("data-verdict", "supported");
    await expect(row(page, "2096다5101", "found").getByTestId("brief-overruled")).toContainText("2097다7202");
    await expect(row(page, "2098다1001", "date_mismatch")).toContainText("서면 2099. 1. 16. · 판례 2099. 1. 15.");
    await expect(row(page, "2098다1001", "court_mismatch")).toContainText("서울고등법원");
    const missing = row(page, "2031다99999", "not_found");
    await expect(missing).toContainText("확인할 수 없는 사건번호");
    await expect(missing).toContainText("말뭉치에 없는 판례일 수 있으니");
    await expect(page.getByTestId("brief-statutes")).toContainText("제750조");

    // A found decision opens in the viewer; coming back finds the report as it was.
    await found.getByTestId("brief-link").click();
    await expect(page.getByTestId("precedent-case-no")).toContainText("2097다7202");
    await page.goBack();
    await expect(row(page, "2031다99999", "not_found")).toBeVisible();
    await hydrated(page);

    // Word: the same table (인용 / 상태 / 문장 / 근거) with the same wording.
    const downloading = page.waitForEvent("download");
    await page.getByTestId("brief-export-docx").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const text = await docxText(readFileSync((await download.path()) as string));
    for (const word of ["인용", "상태", "문장", "근거", "선고일 불일치", "2031다99999"]) expect(text).toContain(word);

    // Saved only when asked, under a title of the lawyer's choosing.
    const title = `배송로봇 준비서면 ${Date.now()}`;
    await page.getByTestId("brief-save-title").fill(title);
    await page.getByTestId("brief-save").click();
    await expect(page.getByTestId("brief-save-done")).toBeVisible();
    const saved = page.getByTestId("brief-saved").filter({ hasText: title });
    await expect(saved).toBeVisible();
    await saved.getByTestId("brief-saved-open").click();
    await expect(page).toHaveURL(/\/brief\/[^/]+$/);
    await expect(page.getByTestId("brief-saved-title")).toHaveText(title);
    await expect(page.getByTestId("brief-row")).toHaveCount(5);
    const href = (await page.getByTestId("brief-export-docx").getAttribute("href")) as string;
    const savedDocx = await page.request.get(href);
    expect(savedDocx.status()).toBe(200);
    expect(await docxText(await savedDocx.body())).toContain("법원 불일치");

    // On a phone the table scrolls in its own box, never the page.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Another user's saved check is not theirs to see.
    const other = await browser.newPage();
    await signIn(other, E2E_USERS.admin.email, E2E_USERS.admin.password);
    expect((await other.request.get(href)).status()).toBe(404);
    expect((await other.goto(new URL(page.url()).pathname))?.status()).toBe(404);
    await other.close();

    // Deleted after a second confirmation.
    await page.getByTestId("brief-back").click();
    await expect(saved).toBeVisible();
    await hydrated(page);
    await saved.getByTestId("brief-saved-delete").click();
    await saved.getByTestId("brief-saved-delete-confirm").click();
    await expect(saved).toHaveCount(0);
  });

  test("an empty file says why and keeps the pasted text; pasted text is checked", async ({ page }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await openBrief(page);
    await page.getByTestId("brief-text").fill(SUPPORTED);
    await page
      .getByTestId("brief-file")
      .setInputFiles({ name: "빈 서면.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) });
    await page.getByTestId("brief-submit").click();
    await expect(page.getByTestId("brief-error")).toContainText("서면에 글이 없습니다");
    await expect(page.getByTestId("brief-text")).toHaveValue(SUPPORTED);

    // Still usable: without the file, the pasted text is what is checked.
    await page.getByTestId("brief-file-clear").click();
    await page.getByTestId("brief-submit").click();
    await expect(page.getByTestId("brief-error")).toHaveCount(0);
    const found = row(page, "2097다7202", "found");
    await expect(found).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("brief-row")).toHaveCount(1);
    await expect(found.getByTestId("brief-support")).toHaveAttribute("data-verdict", "supported");

    // 인쇄: the report alone, without the menu, the draft's box or the buttons.
    await page.evaluate(() => {
      window.print = () => {}; // the dialog itself is the browser's; what it prints is ours
    });
    await page.getByTestId("brief-print").click();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("brief-report")).toBeVisible();
    for (const id of ["nav-brief", "brief-text", "brief-print", "brief-save", "brief-saved-none"])
      await expect(page.getByTestId(id)).toBeHidden();
  });
});
