import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { scopeTo, signIn } from "./helpers";

// Enrichment from the admin page (contexts, then atomic questions with a failing chunk retried), then
// a question with the `atomic` strategy whose rounds show in the evidence panel. The fake model's
// replies are in e2e/fake-rules.json ("맥락 작성자", "원자 질문 작성자", "질문 분해 도우미", "근거 선택 도우미").
// The corpus is this spec's own (three decisions written here) and is deleted at the end.

const CORPUS = "보강 시험";
const CONTEXT = "대법원 2097다501 등 자율주행 잔디깎이 로봇 사건에서 로봇 소유자의 관리 책임을 다룬 부분이다.";
const QUESTION = "자율주행 잔디깎이 로봇이 옆집 꽃밭을 망가뜨렸는데, 로봇 주인이 물어줘야 하나요?";

const decision = (caseNo: string, name: string, holding: string, summary: string) => ({
  name: `${caseNo}.md`,
  mimeType: "text/markdown",
  buffer: Buffer.from(
    `---\n사건번호: ${caseNo}\n사건명: ${name}\n법원명: 대법원\n법원등급: 대법원\n사건종류: 민사\n선고일자: 2097-04-05\n---\n\n# ${name}\n\n## 판시사항\n\n${holding}\n\n## 판결요지\n\n${summary}\n`,
  ),
});

const FILES = [
  decision(
    "2097다501",
    "손해배상(기)",
    "자율주행 잔디깎이 로봇이 이웃 정원의 화단을 훼손한 경우 로봇 소유자의 손해배상 책임 여부",
    "자율주행 잔디깎이 로봇의 소유자는 로봇이 작동 범위를 벗어나 타인의 재산을 훼손하지 않도록 관리할 주의의무가 있고, 이를 게을리하여 손해가 생기면 배상할 책임이 있다.",
  ),
  decision(
    "2097다502",
    "제조물책임",
    "잔디깎이 로봇의 경계 인식 장치 결함과 제조업자의 책임",
    "경계 인식 장치에 설계상 결함이 있는 잔디깎이 로봇을 공급한 제조업자는 그 결함으로 생긴 손해를 배상하여야 한다.",
  ),
  decision(
    "2097다503",
    "손해배상(기)",
    "공동주택 정원에서 작동한 잔디깎이 로봇 사고의 책임 주체",
    "공동주택 관리사무소가 정원 관리를 위해 잔디깎이 로봇을 운용한 경우 그 사고로 인한 손해는 관리주체가 배상한다.",
  ),
];

/** Starts a job with `click` and waits for that job (not the previous one) to end. */
async function runJob(page: Page, click: () => Promise<void>) {
  const job = page.getByTestId("enrich-job");
  const before = (await job.count()) > 0 ? await job.getAttribute("data-job-id") : null;
  await click();
  if (before) await expect(job).not.toHaveAttribute("data-job-id", before);
  await expect(job).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  return job;
}

async function enrich(page: Page, kind: "context" | "atoms") {
  const panel = page.getByTestId("enrich-panel");
  await panel.getByTestId("enrich-kind").selectOption(kind);
  return runJob(page, () => panel.getByTestId("enrich-start").click());
}

test("an admin enriches a corpus (contexts, atomic questions, a failed chunk retried); the atomic strategy shows its rounds", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto("/admin/corpora");
  await page.getByTestId("corpus-name").fill(CORPUS);
  await page.getByTestId("create-corpus-submit").click();
  await expect(page.getByTestId("corpus-title")).toHaveText(CORPUS);
  const corpusUrl = page.url();
  await page.getByTestId("upload-files").setInputFiles(FILES);
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("job-status")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(page.getByTestId("corpus-counts")).toContainText("청크 6개");

  // Contexts: every chunk, with tokens counted; the contextual index is current.
  const panel = page.getByTestId("enrich-panel");
  await expect(panel.getByTestId("enrich-state-context")).toHaveAttribute("data-index", "none");
  let job = await enrich(page, "context");
  await expect(job.getByTestId("enrich-counts")).toContainText("청크 6/6 · 새로 작성 6 · 실패 0");
  await expect(job.getByTestId("enrich-tokens")).not.toContainText("입력 0 ");
  await expect(job.getByTestId("enrich-progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(panel.getByTestId("enrich-state-context")).toHaveAttribute("data-index", "current");
  // Contextual BM25 on for this corpus (the switch survives a reload).
  await panel.getByTestId("enrich-switch-bm25").check();
  await page.reload();
  await expect(page.getByTestId("enrich-switch-bm25")).toBeChecked();
  await expect(page.getByTestId("enrich-switch-dense")).not.toBeChecked();

  // Atomic questions: one chunk's replies are unusable twice → listed as failed, the job still done.
  job = await enrich(page, "atoms");
  await expect(job.getByTestId("enrich-counts")).toContainText("청크 5/6");
  await expect(job.getByTestId("enrich-counts")).toContainText("실패 1");
  const failures = job.getByTestId("enrich-failures");
  await failures.locator("summary").click();
  await expect(failures.getByTestId("enrich-failure")).toHaveCount(1);
  await expect(failures).toContainText("2097다503");
  await expect(failures).toContainText("질문 목록을 읽지 못했습니다");
  // Retried later: only that chunk is asked again, and now answers.
  job = await runJob(page, () => page.getByTestId("enrich-retry-atoms").click());
  await expect(job.getByTestId("enrich-status")).toContainText("실패분 다시 시도");
  await expect(job.getByTestId("enrich-counts")).toContainText("청크 1/1 · 새로 작성 1 · 실패 0");
  await expect(page.getByTestId("enrich-state-atoms")).toContainText("청크 6개");
  await expect(page.getByTestId("enrich-retry-atoms")).toHaveCount(0);

  // A lawyer asks with the atomic strategy, scoped to this corpus.
  await page.context().clearCookies();
  await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
  await scopeTo(page, CORPUS);
  await page.getByTestId("chat-strategy").selectOption("atomic");
  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", "done", { timeout: 60_000 });

  const steps = page.getByTestId("strategy-steps");
  await expect(steps).toHaveAttribute("data-strategy", "atomic");
  const rounds = steps.getByTestId("atomic-round");
  await expect(rounds).toHaveCount(2);
  const first = rounds.first();
  await expect(first.getByTestId("atomic-subquestions")).toContainText("이웃 화단의 훼손을 배상해야 하는가");
  // k = 4 tags, each with its cosine score (the fake embeds identical text identically: 1.000).
  await expect(first.getByTestId("atomic-candidate")).toHaveCount(4);
  await expect(first.getByTestId("atomic-candidate").first()).toContainText("1.000");
  await expect(first.getByTestId("atomic-pick")).toContainText("1번");
  await expect(first.getByTestId("atomic-added")).toContainText("2097다");
  await expect(rounds.nth(1).getByTestId("atomic-stop")).toContainText("더 필요한 정보가 없다고 판단했습니다");
  await expect(steps.getByTestId("atomic-summary")).toContainText("2번에 걸쳐 근거 1개를 모았습니다");
  await expect(page.getByTestId("answer").last()).toContainText("잔디깎이 로봇의 소유자는");

  // The gathered passage shows its context beside it, never inside the quoted text.
  const passage = page.getByTestId("evidence-case").first();
  await passage.locator("summary").click();
  await expect(passage.getByTestId("evidence-context")).toContainText(CONTEXT);
  await expect(passage.getByTestId("evidence-passage-text")).not.toContainText("다룬 부분이다");
  // …and in the precedent viewer, apart from the decision text, with the passage's atomic questions.
  await passage.getByRole("link", { name: "원문에서 보기" }).click();
  await expect(page.getByTestId("passage-context")).toContainText(CONTEXT);
  await expect(page.getByTestId("passage-atoms")).toContainText("잔디깎이 로봇 소유자의 주의의무는 무엇인가?");
  await expect(page.locator("#decision-body")).not.toContainText("다룬 부분이다");

  // Clean up: the corpus goes, with its enrichment.
  await page.context().clearCookies();
  await signIn(page, E2E_USERS.admin.email, E2E_USERS.admin.password);
  await page.goto(corpusUrl);
  await page.getByTestId("corpus-delete").click();
  await page.getByTestId("delete-confirm-name").fill(CORPUS);
  await page.getByTestId("delete-confirm").click();
  await expect(page).toHaveURL(/\/admin\/corpora$/);
});
