import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

const BENCHMARK = [
  {
    id: "r1",
    question: "배송 드론이 떨어뜨린 물건 때문에 차가 부서지면 배상받을 수 있나요?",
    gold_case_numbers: ["2098다1001"],
  },
  { id: "r2", question: "가상 현실에서 바람을 피운 배우자와 이혼할 수 있나요?", gold_case_numbers: ["2098므21, 22"] },
  { id: "y1", question: "약혼 예물을 돌려받을 수 있나요?", label: "no" },
]
  .map((item) => JSON.stringify(item))
  .join("\n");

test("an admin runs a small evaluation and sees the table and a chart", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto("/admin/eval");
  await page
    .getByTestId("eval-bench")
    .setInputFiles({ name: "mini.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(BENCHMARK) });
  await page.getByTestId("eval-corpus").selectOption({ label: "테스트 판례" });
  for (const id of ["sparse", "hybrid-rerank", "rar"]) await page.getByTestId(`eval-system-${id}`).check();
  await page.getByTestId("eval-start").click();

  await expect(page).toHaveURL(/\/admin\/eval\/[\w-]+$/);
  await expect(page.getByTestId("eval-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  const table = page.getByTestId("eval-table");
  await expect(table).toContainText("BM25");
  await expect(table).toContainText("Hybrid + Reranker");
  await expect(table).toContainText("RAR");
  await expect(page.getByTestId("eval-answers-table")).toContainText("RAR");
  const chart = page.getByTestId("eval-chart").first();
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const report = await page.request.get((await page.getByTestId("eval-download").getAttribute("href")) ?? "");
  expect(report.ok()).toBe(true);
  expect(await report.text()).toContain("| 시스템 | R@10 |");
});

test("a bad benchmark is refused with the line that is wrong", async ({ page }) => {
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto("/admin/eval");
  await page
    .getByTestId("eval-bench")
    .setInputFiles({ name: "bad.jsonl", mimeType: "application/jsonl", buffer: Buffer.from("not json\n") });
  await page.getByTestId("eval-system-sparse").check();
  await page.getByTestId("eval-start").click();
  await expect(page.getByTestId("eval-error")).toContainText("1번째 줄");
});
