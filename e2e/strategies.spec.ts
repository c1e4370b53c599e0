import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { scopeTo, signIn } from "./helpers";

// The drone question targets our own fixture decision (2098다1001); the search is scoped to the
// fixture corpus when the shared decisions are ingested too, so the passages are short and known.
const QUESTION = "배달 드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?";

async function ask(page: Page, question: string) {
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
}

test.describe("query-time strategies in the chat", () => {
  test("multi-query: its rewrites and their lists in the panel, remembered by the chat after a reload", async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await expect(page.getByTestId("chat-strategy")).toHaveValue("rar");
    await page.getByTestId("chat-strategy").selectOption("multi-query");
    await expect(page.getByTestId("chat-strategy-hint")).toContainText("세 관점");
    await ask(page, QUESTION);

    const steps = page.getByTestId("strategy-steps");
    await expect(steps).toHaveAttribute("data-strategy", "multi-query");
    await expect(steps).toContainText("다중 질의 (3가지 관점)");
    await expect(steps.getByTestId("strategy-rewrite")).toHaveCount(4);
    await expect(steps).toContainText("배송 사업자의 불법행위 책임 요건");
    // How the model's list was read is kept for tests, not shown; no RAR query cards for this strategy.
    await expect(steps.getByTestId("strategy-rewrites")).toHaveAttribute("data-parsed", "fenced-json");
    await expect(steps).not.toContainText("JSON");
    await expect(page.getByTestId("analytical-query")).toHaveCount(0);
    await expect(page.getByTestId("rationale-query")).toHaveCount(0);
    await expect(steps.getByTestId("strategy-rewrite").first()).toContainText("개 후보");
    await expect(steps).toContainText("겹치는 것을 뺀");

    await page.reload();
    await expect(page.getByTestId("chat-strategy")).toHaveValue("multi-query");
    await expect(page.getByTestId("strategy-steps")).toHaveAttribute("data-strategy", "multi-query");
    await expect(page.getByTestId("strategy-steps")).toContainText("배송 사업자의 불법행위 책임 요건");
  });

  test("CC-RAG over RAR's queries: confidence, its four parts and the retry; a low-confidence answer is labelled", async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    // Unscoped, the enrich spec's corpus would make the atomic strategy available.
    await scopeTo(page, "테스트 판례");
    const picker = page.getByTestId("chat-strategy");
    await expect(picker.locator("option", { hasText: "CC-RAG (RAR 질의)" })).toHaveCount(1);
    await expect(picker.locator("option", { hasText: "CC-RAG (원래 질문)" })).toHaveCount(1);
    // The fixtures were never enriched: the atomic strategy is offered disabled, saying why.
    await expect(picker.locator('option[value="atomic"]')).toBeDisabled();
    await expect(picker.locator('option[value="atomic"]')).toHaveAttribute("title", /원자 질문을 만들지 않아/);
    await picker.selectOption("cc-rag-rar");
    await ask(page, `신뢰도 시험: ${QUESTION}`);

    const steps = page.getByTestId("strategy-steps");
    await expect(steps).toHaveAttribute("data-strategy", "cc-rag-rar");
    // RAR's formulation underneath.
    await expect(page.getByTestId("analytical-query")).toContainText("드론");
    const confidence = steps.getByTestId("strategy-confidence");
    await expect(confidence.nth(1)).toBeVisible();
    await expect(confidence.first()).toContainText("모델의 확신");
    await expect(confidence.first()).toContainText("근거 판례와 겹치는 정도");
    await expect(confidence.first()).toContainText("미달");
    await expect(steps.getByTestId("strategy-depth").nth(1)).toContainText("재시도 1");
    await expect(steps.getByTestId("strategy-verdict")).toContainText("신뢰도 낮음 — 근거 판례를 직접 확인하세요");
    await expect(page.getByTestId("low-confidence")).toHaveText("신뢰도 낮음 — 근거 판례를 직접 확인하세요");
    await expect(page.getByTestId("answer").last()).toContainText("잘 모르겠습니다.");
  });
});
