// Screenshots of the research desk for the README: the chat with an answer, the evidence panel and
// the precedent viewer, at 1440×900 and 390×844, from a running server, into docs/screenshots/.
//   npx tsx scripts/screenshots.ts --url http://127.0.0.1:3000 --email lawyer@firm.kr --password '…'
//     [--question "…"] [--out docs/screenshots]
// The account asks one question (it stays in its chat list). Drives Debian's Chromium.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, expect, type Page } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config";

const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined && fallback === undefined) {
    console.error(`사용법: npx tsx scripts/screenshots.ts --url <주소> --email <이메일> --password <비밀번호>`);
    console.error(`${name} 값이 필요합니다.`);
    process.exit(2);
  }
  return value ?? (fallback as string);
};

const URL_BASE = arg("--url", "http://127.0.0.1:3000").replace(/\/+$/, "");
const EMAIL = arg("--email");
const PASSWORD = arg("--password");
// Not a dev benchmark question: screenshots are published, and a dev question in them invites tuning to it.
const QUESTION = arg(
  "--question",
  "헬스장 1년 회원권을 끊었는데 석 달 만에 이사를 가게 됐어요. 남은 기간 이용료를 돌려받을 수 있나요?",
);
const OUT = arg("--out", "docs/screenshots");
const SIZES = [
  { name: "1440", width: 1440, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${URL_BASE}/login`);
  await page.getByTestId("login-email").fill(EMAIL);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
}

/** Asks the question in a new chat and waits for the answer; returns the chat's address. */
async function askOnce(page: Page): Promise<string> {
  await page.goto(`${URL_BASE}/`);
  await page.getByTestId("chat-input").fill(QUESTION);
  await page.getByTestId("chat-input").press("Enter");
  await page.waitForURL(/\/chat\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("answer").last()).not.toHaveAttribute("data-status", "running", {
    timeout: 180_000,
  });
  return page.url();
}

async function shoot(page: Page, file: string): Promise<void> {
  // Fonts and late layout settle before the picture.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, file) });
  console.log(`  ${join(OUT, file)}`);
}

async function capture(browser: Browser): Promise<void> {
  let url: string | undefined;
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, locale: "ko-KR", deviceScaleFactor: 1 });
    const page = await context.newPage();
    await signIn(page);
    url ??= await askOnce(page);
    await page.goto(url);
    await page.getByTestId("answer").last().waitFor();
    await shoot(page, `chat-${size.name}.png`);

    // The evidence: its own tab on a phone, the right-hand pane on a wide screen; the first
    // decision unfolded to show its passages.
    if (size.width < 1024) await page.getByTestId("tab-evidence").click();
    const first = page.getByTestId("evidence-case").first();
    if (await first.count()) {
      await first.locator("summary").click();
      await first.scrollIntoViewIfNeeded();
    }
    await shoot(page, `evidence-${size.name}.png`);

    // The precedent viewer, opened from the answer's first citation (else the first decision).
    if (size.width < 1024) await page.getByTestId("tab-chat").click();
    const citation = page.getByTestId("citation-link").first();
    const target = (await citation.count()) ? citation : page.getByTestId("evidence-case-link").first();
    if (await target.count()) {
      if (size.width < 1024 && target !== citation) await page.getByTestId("tab-evidence").click();
      await target.click();
      await page.getByTestId("precedent-page").waitFor();
      // The decision's text streams in after the page around it (a busy server takes a while).
      await page.getByTestId("decision-download-text").waitFor({ timeout: 60_000 });
      await shoot(page, `viewer-${size.name}.png`);
    } else console.log("  (인용도 근거 판례도 없어 판례 화면은 찍지 않았습니다)");
    await context.close();
  }
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  console.log(`${URL_BASE} — ${EMAIL}`);
  await capture(browser);
} finally {
  await browser.close();
}
