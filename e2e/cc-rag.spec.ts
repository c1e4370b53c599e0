import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { scopeTo, signIn } from "./helpers";

// CC-RAG over the question as asked, in the browser. The fake model answers these questions fluently
// and sure of itself (log-prob −0.05) but cites 2031다99999, a number no retrieved decision has
// (e2e/fake-rules.json): the citation check flags it, confidence stays below τ on every attempt, and
// the answer ends labelled. Scoped to our own fixture decisions (2098다1001 on drone deliveries).
const QUESTION = "배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?";
const LABEL = "신뢰도 낮음 — 근거 판례를 직접 확인하세요";

async function askWithCcRag(page: Page, question: string) {
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await scopeTo(page, "테스트 판례");
  // By keyboard, as a lawyer who does not reach for the mouse: focus the picker and choose.
  const picker = page.getByTestId("chat-strategy");
  await picker.focus();
  await picker.selectOption("cc-rag");
  await expect(picker).toHaveValue("cc-rag");
  await expect(page.getByTestId("chat-strategy-hint")).not.toBeEmpty();
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const steps = page.getByTestId("strategy-steps");
  await expect(steps).toHaveAttribute("data-strategy", "cc-rag");
  return steps;
}

test.describe("CC-RAG confidence in the chat", () => {
  test("an invented case number keeps confidence low: both attempts in the panel, the answer labelled", async ({
    page,
  }) => {
    const steps = await askWithCcRag(page, `없는 번호 시험: ${QUESTION}`);
    // Two attempts at least (the first and a retry with more passages), each scored and failing.
    const confidence = steps.getByTestId("strategy-confidence");
    await expect(confidence.nth(1)).toBeVisible();
    await expect(steps.getByTestId("strategy-depth").first()).toContainText("첫 시도");
    await expect(steps.getByTestId("strategy-depth").nth(1)).toContainText("재시도 1");
    for (const c of await confidence.all()) {
      await expect(c).toContainText("미달");
      await expect(c).toContainText("확인되지 않는 인용(감점)");
    }
    // The invented number is penalised in full (1.00 × −5.00), and not counted as a concrete anchor.
    await expect(confidence.first().locator("tr", { hasText: "확인되지 않는 인용" })).toContainText("1.00 × -5.00");
    // The first attempt's answer stays readable; its fold opens from the keyboard.
    const fold = confidence.first().locator("summary");
    await fold.focus();
    await page.keyboard.press("Enter");
    await expect(confidence.first().locator("details")).toHaveAttribute("open", "");
    await expect(confidence.first().locator("details")).toContainText("2031다99999");
    // Earlier attempts were withdrawn; the last one is the answer kept.
    await expect(confidence.first().locator("summary")).toHaveText("이 시도의 답변 보기 (다시 쓰기 전)");
    await expect(confidence.last().locator("summary")).toHaveText("이 시도의 답변 보기 (최종 답변)");
    // The verdict and the label where the lawyer reads the answer.
    await expect(steps.getByTestId("strategy-verdict")).toContainText(LABEL);
    await expect(page.getByTestId("low-confidence")).toHaveText(LABEL);
    const answer = page.getByTestId("answer").last();
    await expect(answer.getByTestId("citation-unverified").first()).toContainText("2031다99999");
    // Plain Korean on screen: no raw data, no symbols a lawyer has to decode.
    const panel = `${(await steps.textContent()) ?? ""}${(await answer.textContent()) ?? ""}`;
    expect(panel).not.toMatch(/[{}[\]"]|τ|undefined|NaN|null/);

    // After a reload the chat shows the same attempts and label.
    await page.reload();
    await expect(page.getByTestId("strategy-steps").getByTestId("strategy-confidence")).toHaveCount(
      await confidence.count(),
    );
    await expect(page.getByTestId("low-confidence")).toHaveText(LABEL);
  });

  test("an endpoint without log-probs: the score is labelled renormalised", async ({ page }) => {
    const steps = await askWithCcRag(page, `로그확률 없는 시험: ${QUESTION}`);
    const first = steps.getByTestId("strategy-confidence").first();
    await expect(first).toContainText("신뢰도(재정규화)");
    await expect(first.locator("tr", { hasText: "모델의 확신" })).toContainText("없음 (제외)");
    await expect(first.getByTestId("strategy-logprob-dropped")).toContainText("재정규화");
    await expect(steps.getByTestId("strategy-verdict")).toContainText("로그확률 없이 재정규화한 점수");
    await expect(steps.getByTestId("strategy-verdict")).toContainText(LABEL);
    await expect(page.getByTestId("low-confidence")).toHaveText(LABEL);
  });
});
