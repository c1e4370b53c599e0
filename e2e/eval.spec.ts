import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { RECORDED_REPLIES, REPLAY_BENCHMARK } from "./eval-replay";
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
  // The report appears on a client refresh: give the image its moment to load, then it must have a size.
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const report = await page.request.get((await page.getByTestId("eval-download").getAttribute("href")) ?? "");
  expect(report.ok()).toBe(true);
  expect(await report.text()).toContain("| 시스템 | 질문 수 | R@10 |");
});

test("an evaluation replays recorded model calls and shows 95% intervals and differences to the baseline", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto("/admin/eval");
  const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join("\n"));
  await page
    .getByTestId("eval-bench")
    .setInputFiles({ name: "replay.jsonl", mimeType: "application/jsonl", buffer: jsonl(REPLAY_BENCHMARK) });
  await page.getByTestId("eval-corpus").selectOption({ label: "테스트 판례" });
  await page.getByTestId("eval-mode-replay").check();
  await page
    .getByTestId("eval-calls")
    .setInputFiles({ name: "recorded.jsonl", mimeType: "application/jsonl", buffer: jsonl(RECORDED_REPLIES) });
  for (const id of ["sparse", "rar-sparse"]) await page.getByTestId(`eval-system-${id}`).check();
  await page.getByTestId("eval-baseline").selectOption("sparse");
  await page.getByTestId("eval-start").click();

  await expect(page).toHaveURL(/\/admin\/eval\/[\w-]+$/);
  await expect(page.getByTestId("eval-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  const table = page.getByTestId("eval-table");
  await expect(table).toContainText("RAR (BM25 only)");
  // Every metric cell carries its interval: 2 systems × 8 retrieval metrics.
  await expect(table.getByTestId("eval-ci")).toHaveCount(16);
  await expect(table.getByTestId("eval-ci").first()).toHaveText(/^\[\d\.\d{3}, \d\.\d{3}\]$/);
  await expect(page.getByTestId("eval-method")).toContainText("95% 구간");
  await expect(page.getByTestId("eval-method")).toContainText("재생");
  const diff = page.getByTestId("eval-diff-table");
  await expect(diff).toContainText("RAR (BM25 only)");
  await expect(diff.getByTestId("eval-ci")).toHaveCount(8);
  await expect(page.getByTestId("eval-wins")).toContainText("cNDCG@20");
  await expect(page.getByTestId("eval-used").nth(1)).toContainText("분석 질의 2/2");
  const chart = page.getByTestId("eval-chart").first();
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The queries searched are the recorded ones, not the fake model server's.
  const href = (await page.getByTestId("eval-download").getAttribute("href")) ?? "";
  const results = await (await page.request.get(href.replace("report.md", "results.json"))).json();
  const rar = results.results.find(
    (r: { system: string; itemId: string }) => r.system === "rar-sparse" && r.itemId === "r1",
  );
  expect(rar.queries.analytical).toBe(RECORDED_REPLIES[0]?.analytical);
  expect(results.calls.mode).toBe("replay");

  // The comparison page: a run against itself has nothing changed and nothing flipped.
  const id = page.url().split("/").pop();
  await page.goto(`/admin/eval/compare?a=${id}&b=${id}`);
  await expect(page.getByTestId("compare-no-changes")).toBeVisible();
  await expect(page.getByText("같은 지표 16개는 생략")).toBeVisible();
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
