import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { docxText } from "../tests/support/docx-text";
import { chatSettled, scopeTo, signIn } from "./helpers";

// Issue 32 in the browser, over our own fixtures. Asked of the corpus "인용 판례" alone, the scripted
// answer (e2e/fake-rules.json, "인용상태확인") cites one decision of its evidence (2097다7202), one
// real decision of another corpus that was not retrieved (2096누3 of "테스트 판례", with a wrong
// date), and a number no corpus holds (2031다99999): the three statuses, everywhere the answer goes.
const QUESTION = "인용상태확인: 배송로봇에 부딪힌 보행자는 운영자에게 배상을 받을 수 있나요?";

test.describe("three honest statuses for a cited number", () => {
  test("on screen, in Word, copied and printed: evidence, outside the evidence, unknown", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await scopeTo(page, "인용 판례");
    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("chat-input").press("Enter");
    const answer = page.getByTestId("answer");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await chatSettled(page);

    // In the evidence: linked to its passage.
    await expect(answer.getByTestId("citation-link")).toHaveText("2097다7202");
    // A real decision outside the evidence: linked to the decision, its own mark, never "지어냈을".
    const outside = answer.getByTestId("citation-outside");
    await expect(outside).toHaveText("2096누3");
    await expect(answer.getByTestId("citation-outside-mark")).toHaveText("검색 근거 밖 판례");
    await answer.getByTestId("citation-outside-mark").click();
    await expect(answer.getByTestId("citation-outside-note")).toContainText("말뭉치에 있는 실제 판례");
    await expect(answer.getByTestId("citation-outside-note")).not.toContainText("지어냈");
    await expect(answer.getByTestId("citation-mismatch")).toContainText(
      "선고일이 다릅니다: 인용 1995. 2. 3. · 판례 2096. 2. 3.",
    );
    await expect(answer.getByTestId("outside-summary")).toContainText("2096누3");
    // In no corpus: flagged, never linked.
    const unknown = answer.getByTestId("citation-unverified");
    await expect(unknown).toContainText("2031다99999");
    await expect(unknown.locator("a")).toHaveCount(0);
    await unknown.click();
    await expect(answer.getByTestId("citation-unverified-note")).toContainText("어느 말뭉치에도 없는 사건번호");
    await expect(answer.getByTestId("unverified-summary")).not.toContainText("2096누3");

    // Word: the same three statuses.
    const downloading = page.waitForEvent("download");
    await answer.getByTestId("export-docx").click();
    const word = await docxText(readFileSync((await (await downloading).path()) as string));
    expect(word).toContain("2096누3");
    expect(word).toContain("검색 근거 밖 판례");
    expect(word).toContain("어느 말뭉치에도 없는 사건번호");
    expect(word).toContain("선고일이 다릅니다");
    expect(word).not.toMatch(/2096누3[^\n]{0,40}지어냈/);

    // Copied text.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await answer.getByTestId("copy-answer").click();
    await expect(answer.getByTestId("copy-answer")).toHaveText("복사됨");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/2096누3[^\n]{0,10}\[검색 근거 밖 판례/);
    expect(copied).toMatch(/2031다99999[^\n]{0,10}\[⚠ 확인 필요: 어느 말뭉치에도 없는 사건번호/);

    // The print sheet.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await answer.getByTestId("print-answer").click();
    await page.emulateMedia({ media: "print" });
    const sheet = page.getByTestId("print-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText("검색 근거 밖 판례");
    await expect(sheet).toContainText("어느 말뭉치에도 없는 사건번호");
    await page.emulateMedia({ media: "screen" });
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));

    // The outside decision opens from its link.
    await outside.click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2096누3");
  });
});

test.describe("a pasted citation finds its decision", () => {
  test("in the lookup box and in 판례 검색, in the forms lawyers paste", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);

    // The lookup box: a full citation with court and date opens the decision itself.
    await page.goto(`/lookup?q=${encodeURIComponent("대법원 2096. 5. 10. 선고 2096다5101 판결")}`);
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2096다5101");
    // Spaced, and two numbers at once: both listed.
    await page.goto(`/lookup?q=${encodeURIComponent("2096 다 5101, 2097다7202")}`);
    await expect(page.getByTestId("lookup-result")).toHaveText(["2096다5101", "2097다7202"]);
    // A number the courts never give: said plainly.
    await page.goto(`/lookup?q=${encodeURIComponent("2096다다5101")}`);
    await expect(page.getByTestId("lookup-problem")).toContainText("사건부호가 아닙니다");

    // 판례 검색: the cited decision first, then the decision citing it; a citation inside a longer
    // query still opens with its decision while the other words search.
    await page.getByTestId("nav-search").click();
    await page.getByTestId("search-input").fill("대법원 2096. 5. 10. 선고 2096다5101 판결");
    await page.getByTestId("search-input").press("Enter");
    const links = page.getByTestId("search-hit").getByTestId("hit-link");
    await expect(links.first()).toHaveText("2096다5101");
    await expect(links.filter({ hasText: "2097다7202" })).toHaveCount(1);
    await page.getByTestId("search-input").fill("2097다7202 배송로봇");
    await page.getByTestId("search-input").press("Enter");
    await expect(links.first()).toHaveText("2097다7202");
    await links.first().click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2097다7202");
  });
});
