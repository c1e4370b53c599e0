import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// Issue 15 in the browser, over our own fixture decisions (tests/fixtures/citations, corpus "인용 판례"):
// the en banc 2097다7202 overrules 2096다5101 in part. The scripted answer (e2e/fake-rules.json)
// cites the first for what it holds and the second for something it does not say; the scripted
// verifier agrees, after a pause that shows the check running.
const QUESTION = "로봇인용검증: 무인 배송로봇이 보도에서 저를 치었어요. 운영자가 조심했다고 하면 배상을 못 받나요?";
const QUOTE =
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있다.";

test.describe("citations a lawyer can file", () => {
  test("marks each citation, explains the mark, opens the verified sentence, and flags the overruled decision", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await page.getByTestId("chat-input").fill(QUESTION);
    await page.getByTestId("chat-input").press("Enter");

    // The check runs after the answer streamed, visibly.
    await expect(page.getByTestId("support-pending")).toContainText("인용 검증 중", { timeout: 30_000 });
    const answer = page.getByTestId("answer");
    await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(page.getByTestId("support-pending")).toHaveCount(0);

    // Both marks, each next to its citation.
    const supported = answer.locator('[data-testid="support-mark"][data-verdict="supported"]');
    const unsupported = answer.locator('[data-testid="support-mark"][data-verdict="unsupported"]');
    await expect(answer.getByTestId("support-mark")).toHaveCount(2);
    await expect(supported).toHaveText(/근거 확인/);
    await expect(unsupported).toHaveText(/근거 없음/);
    await expect(answer.locator('[data-testid="citation-link"][data-verdict="supported"]')).toHaveText("2097다7202");
    await expect(answer.locator('[data-testid="citation-link"][data-verdict="unsupported"]')).toHaveText("2096다5101");
    await expect(answer.getByTestId("support-summary")).toContainText("근거 확인 1 · 근거 약함 0 · 근거 없음 1");

    // The reason is one click (or Enter) away, not a tooltip; an unsupported one quotes nothing as support.
    await unsupported.click();
    await expect(unsupported).toHaveAttribute("aria-expanded", "true");
    const notes = answer.getByTestId("support-note");
    await expect(notes).toHaveCount(1);
    await expect(notes.first()).toContainText("사고 신고 기간에 관한 내용이 없습니다");
    await expect(notes.first().getByTestId("support-quote")).toHaveCount(0);
    await supported.focus();
    await page.keyboard.press("Enter");
    await expect(supported).toHaveAttribute("aria-expanded", "true");
    await expect(answer.getByTestId("support-quote")).toContainText(QUOTE);

    // The overruled decision carries a red flag naming the later decision: in the answer and the evidence panel.
    await expect(answer.getByTestId("overruled-flag")).toHaveAttribute("data-case-no", "2096다5101");
    await expect(answer.getByTestId("overruled-summary")).toContainText("2097다7202");
    const earlier = page.locator('[data-testid="evidence-case"][data-case-no="2096다5101"]');
    const later = page.locator('[data-testid="evidence-case"][data-case-no="2097다7202"]');
    await expect(earlier).toHaveAttribute("data-overruled", "true");
    await expect(earlier.getByTestId("evidence-overruled")).toContainText(
      "대법원 2099. 6. 20. 선고 2097다7202 판결(배치되는 범위에서 판례 변경)",
    );
    await expect(later).toHaveAttribute("data-overruled", "false");
    await expect(later.getByTestId("evidence-overruled")).toHaveCount(0);
    // How often each is cited in the corpora: 2097다7202 cites 2096다5101; nothing cites 2097다7202.
    await expect(earlier.getByTestId("evidence-cited-by")).toHaveAttribute("data-count", "1");
    await expect(later.getByTestId("evidence-cited-by")).toHaveAttribute("data-count", "0");

    // The supported citation opens the viewer at the verified sentence, highlighted.
    const chatUrl = page.url();
    await answer.locator('[data-testid="citation-link"][data-verdict="supported"]').click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2097다7202");
    expect(new URL(page.url()).searchParams.get("v")).toBe("supported");
    const sentence = page.getByTestId("supporting-sentence").first();
    await expect(sentence).toContainText(QUOTE);
    await expect(sentence).toBeInViewport();
    await expect(page.getByTestId("support-callout")).toHaveAttribute("data-verdict", "supported");
    await expect(page.getByTestId("support-callout")).toContainText(QUOTE);
    // What it cites, linked; what it overruled.
    await expect(
      page.getByTestId("graph-references").locator('[data-testid="graph-reference-link"][data-case-no="2096다5101"]'),
    ).toBeVisible();
    await expect(page.getByTestId("graph-overrules")).toContainText("2096다5101");
    await expect(page.getByTestId("viewer-overruled")).toHaveCount(0);

    // The unsupported citation opens its passage with nothing marked as support.
    await page.goto(chatUrl);
    await page.getByTestId("answer").locator('[data-testid="citation-link"][data-verdict="unsupported"]').click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2096다5101");
    await expect(page.getByTestId("support-unsupported")).toContainText("근거 없음");
    await expect(page.getByTestId("supporting-sentence")).toHaveCount(0);
    await expect(page.getByTestId("support-callout")).toHaveCount(0);
    // Its page carries the red flag naming the later decision, which is listed among those citing it.
    await expect(page.getByTestId("viewer-overruled")).toContainText("2097다7202");
    await page
      .getByTestId("graph-cited-by")
      .locator('[data-testid="cited-by-link"][data-case-no="2097다7202"]')
      .click();
    await expect(page.getByTestId("precedent-case-no")).toHaveText("2097다7202");
  });
});
