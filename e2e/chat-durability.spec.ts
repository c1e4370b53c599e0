import { expect, type Page, test } from "@playwright/test";
import { E2E_USERS } from "../playwright.config";
import { signIn } from "./helpers";

// The fake LLM streams the "천천히" answer over ~2–3 s; these tests disturb the page meanwhile.
const SLOW = "천천히 답해 주세요: 이혼 소송 중에 배우자가 사망하면 소송은 어떻게 되나요?";
const LAST_SENTENCE = "마지막 문장입니다";

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
}

/** Every status the last answer shows until it is done: a dropped answer shows "stopped" or "error". */
async function statusesUntilDone(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await expect
    .poll(
      async () => {
        const status = (await page.getByTestId("answer").last().getAttribute("data-status")) ?? "none";
        if (seen.at(-1) !== status) seen.push(status);
        return status;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toMatch(/done|stopped|error|interrupted/);
  return seen;
}

test.describe("a running answer is never dropped", () => {
  test("a late page refresh lands while the next answer streams: the answer keeps streaming to the end", async ({
    page,
  }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    // Hold every server refresh of the page (React Server Component requests) for 3 s.
    await page.route(
      (url) => url.searchParams.has("_rsc"),
      async (route) => {
        await new Promise((r) => setTimeout(r, 3_000));
        await route.continue().catch(() => {});
      },
    );
    await ask(page, "드론이 떨어뜨린 상자에 차가 부서졌어요. 배상받을 수 있나요?");
    await expect(page.getByTestId("answer").first()).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    // The refresh that follows the new chat's first answer is still held back; ask again now.
    await ask(page, SLOW);
    const seen = await statusesUntilDone(page);
    expect(seen).not.toContain("stopped");
    expect(seen.at(-1)).toBe("done");
    await expect(page.getByTestId("answer").last()).toContainText(LAST_SENTENCE);
  });

  test("navigating away and back mid-answer, and reloading mid-answer, reconnect to it", async ({ page }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await ask(page, SLOW);
    const answer = page.getByTestId("answer").last();
    await expect(answer).toContainText("천천히", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    const chatUrl = page.url();

    // Away to a new chat and back through the sidebar, while the answer streams.
    await page.goto("/");
    await page.goto(chatUrl);
    await expect(page.getByTestId("answer").last()).toHaveAttribute("data-status", /running|done/);

    // A full reload mid-answer: the page reconnects to the running answer.
    await page.reload();
    const seen = await statusesUntilDone(page);
    expect(seen).not.toContain("stopped");
    expect(seen.at(-1)).toBe("done");
    await expect(page.getByTestId("answer").last()).toContainText(LAST_SENTENCE);
  });

  test("what the lawyer typed survives a remount of the chat view", async ({ page }) => {
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    await page.getByTestId("chat-input").fill("아직 보내지 않은 질문 초안");
    await page.reload();
    await expect(page.getByTestId("chat-input")).toHaveValue("아직 보내지 않은 질문 초안");
    await page.getByTestId("chat-input").fill("");
  });
});
