import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// The fake LLM cuts the connection mid-answer the first time it meets this marker (e2e/fake-rules.json),
// as a model server killed while it streams; the next call fails outright (the model is still down);
// later answers to it are whole.
const QUESTION = "연결끊김확인: 드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";

test("a model killed mid-answer: the text is kept, 다시 시도 rewrites it from the same 판례; edit, rerun and compare", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  const answer = page.getByTestId("answer").last();
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  // The partial text stays, the reason above it; no list of 판시사항 in its place.
  await expect(answer.getByTestId("answer-cut")).toContainText("중간에 끊겼습니다");
  await expect(answer).toContainText("드론 배송 사업자는");
  await expect(answer).not.toContainText("판시사항");
  await expect(answer).not.toContainText("나오지 않습니다");

  // Stored: a reload shows the same.
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await page.reload();
  await expect(page.getByTestId("answer").last().getByTestId("answer-cut")).toBeVisible();

  // 다시 시도 while the model still fails (e2e/fake-rules.json): the cut-off text stays in place,
  // not a list of 판례, not filed as an earlier answer, and the card says the model is still down.
  await page.getByTestId("retry").click();
  await expect(answer.locator('[data-notice="model_still_down"]')).toContainText("아직 연결할 수 없어", {
    timeout: 30_000,
  });
  await expect(answer).toHaveAttribute("data-status", "done");
  await expect(answer).toContainText("드론 배송 사업자는");
  await expect(answer).not.toContainText("판시사항");
  await expect(answer.getByTestId("answer-versions")).toHaveCount(0);

  // 다시 시도 from the same passages: the whole answer, the cut-off text kept as an earlier version.
  await page.getByTestId("retry").click();
  await expect(answer.getByTestId("answer-versions")).toContainText("이전 답변 1개", { timeout: 30_000 });
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(answer.getByTestId("answer-cut")).toHaveCount(0);
  await expect(answer).toContainText("2098다1001");
  // The 검색 card still counts what each query found (nothing was searched again).
  await expect(page.getByTestId("retrieval-progress")).toContainText("개 후보");
  await expect(page.getByTestId("retrieval-progress")).not.toContainText(": -");

  // Another strategy, in place.
  await answer.getByTestId("rerun-strategy").selectOption("hybrid");
  await answer.getByTestId("rerun").click();
  await expect(answer.getByTestId("answer-versions")).toContainText("이전 답변 2개", { timeout: 30_000 });
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });

  // Edit the question (keyboard: Ctrl+Enter sends).
  await page.getByTestId("question-edit").click();
  await page.getByTestId("question-edit-input").fill("드론이 떨어뜨린 화분으로 차가 부서졌어요. 누가 배상하나요?");
  await page.getByTestId("question-edit-input").press("Control+Enter");
  await expect(page.getByTestId("question").last()).toHaveText(
    "드론이 떨어뜨린 화분으로 차가 부서졌어요. 누가 배상하나요?",
  );
  await expect(answer.getByTestId("answer-versions")).toContainText("이전 답변 3개", { timeout: 30_000 });
  await expect(answer).toHaveAttribute("data-status", "done", { timeout: 30_000 });

  // Compare two strategies side by side.
  await answer.getByTestId("compare-open").click();
  const dialog = page.getByTestId("compare-dialog");
  await dialog.getByTestId("compare-a").selectOption("rar");
  await dialog.getByTestId("compare-b").selectOption("hybrid");
  await dialog.getByTestId("compare-run").click();
  await expect(dialog.getByTestId("compare-side")).toHaveCount(2, { timeout: 60_000 });
  // Each side streams in, then reads as the chat's answer does: the citation linked to its passage
  // in the viewer, with the support check's mark beside it.
  for (const side of await dialog.getByTestId("compare-side").all()) {
    await expect(side).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const link = side.getByTestId("citation-link").filter({ hasText: "2098다1001" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", /\/precedents\//);
    await expect(side.getByTestId("support-mark").first()).toBeVisible();
  }
  await expect(dialog.getByTestId("compare-precedent").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
