import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { chunkId } from "../lib/ingest/chunk";
import { decisionFile } from "../lib/ingest/decision-archive";
import { VIEWER_HTML_CAP_BYTES } from "../lib/precedent/pages";
import { E2E_USERS } from "../playwright.config";
import { LARGE_FIND, writeLargeDecision } from "../tests/support/large-decision";
import { signIn } from "./helpers";

// A 60 MB decision (DECISION_MAX_MB allows one) in the running production server. Importing one
// would take minutes, so the archive of our fixture 2097도55 (tests/fixtures/decisions, asked about
// by no other spec) is swapped for a 60 MB one while this spec runs: its 판결요지 padded to 60 MB
// with its own sentence 90% of the way in, where its indexed chunk still points.
const CASE_NO = "2097도55";
const DATA_DIR = "data/e2e";
const SUMMARY = "인공지능 비서에게 지시하여 타인 명의의 문서를 작성하게 한 사람은 문서위조죄의 정범이 된다.";
const VIEWER = `/precedents/${encodeURIComponent(CASE_NO)}`;

function archive(): { file: string; corpusId: string } {
  const corpora = join(DATA_DIR, "corpora");
  for (const corpusId of existsSync(corpora) ? readdirSync(corpora) : []) {
    const file = decisionFile(DATA_DIR, corpusId, CASE_NO);
    if (existsSync(file)) return { file, corpusId };
  }
  throw new Error(`${CASE_NO}의 보관본이 ${corpora}에 없습니다`);
}

/** Answer times of /api/health, asked one after another until `work` ends. */
async function healthDuring<T>(baseURL: string, work: () => Promise<T>): Promise<{ value: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  // Not counted: this process's first fetch loads its HTTP client and opens the connection.
  await fetch(`${baseURL}/api/health`).then((r) => r.arrayBuffer());
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${baseURL}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
    }
  })();
  try {
    return { value: await work(), times };
  } finally {
    done = true;
    await poll;
  }
}

test.describe("a 60 MB decision in the viewer", () => {
  let original = "";
  let target = { file: "", corpusId: "" };
  test.beforeAll(() => {
    target = archive();
    original = readFileSync(target.file, "utf8");
    writeLargeDecision(target.file, 60 * 1_048_576, JSON.parse(original), { section: "판결요지", block: SUMMARY });
  });
  test.afterAll(() => {
    if (original) writeFileSync(target.file, original);
  });

  test("opens in parts under the HTML cap while the server keeps answering everyone", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signIn(page, E2E_USERS.lawyer.email, E2E_USERS.lawyer.password);
    const passage = chunkId(target.corpusId, CASE_NO, "판결요지", 0);
    const hint = "인공지능 비서를 시켜 남의 이름으로 문서를 만들면 문서위조죄의 정범이 됩니다";
    const url = `${VIEWER}?hl=${passage}&s=${encodeURIComponent(hint)}`;
    // The viewer's code loaded and its worker started on an ordinary decision first: what is measured
    // is what the size costs, not the first visit of any page after a start.
    expect((await page.request.get(`/precedents/${encodeURIComponent("2098다1001")}`)).ok()).toBe(true);
    // The machine's own noise first: on 2 cores shared with other work, an idle server's health
    // answer alone (which also asks the fake model servers) varies by up to hundreds of ms.
    const { times: idle } = await healthDuring(baseURL ?? "", () => new Promise((r) => setTimeout(r, 3_000)));
    // The first open reads and parses all 60 MB: the server's other users must not notice. Before
    // the viewer worked in parts, health stalled 8.3 s here.
    const { value: response, times } = await healthDuring(baseURL ?? "", () => page.request.get(url));
    expect(response.ok()).toBe(true);
    const html = await response.body();
    expect(html.byteLength).toBeLessThan(VIEWER_HTML_CAP_BYTES);
    expect(times.length).toBeGreaterThan(0);
    const slowest = (list: number[]) => Math.round(Math.max(...list));
    console.log(
      `60 MB viewer: ${html.byteLength} bytes of HTML; health slowest ${slowest(times)} ms while opening (${times.length} answers), ${slowest(idle)} ms idle`,
    );
    expect(
      slowest(times),
      `health answer times while opening: ${times.map(Math.round).join(", ")} ms; idle, slowest ${slowest(idle)} ms`,
    ).toBeLessThan(200 + slowest(idle));

    // In the browser: the part with the cited sentence, marked and the link's target on it.
    await page.goto(`${url}#passage-${passage}`);
    const support = page.getByTestId("supporting-sentence");
    await expect(support).toHaveText(SUMMARY);
    await expect(support).toBeInViewport();
    const pager = page.getByTestId("decision-pager-top");
    await expect(pager.getByTestId("pager-position")).toContainText(/전체 [\d,]+부분 중 [\d,]+번째 부분/);
    await expect(page.getByRole("heading", { name: "판결요지 (이어서)" })).toBeVisible();

    // The table of contents opens another part at its section; the keyboard follows the pager.
    await page.getByTestId("precedent-toc").getByRole("link", { name: "참조조문", exact: true }).click();
    await expect(page.locator('[id="section-참조조문"]')).toBeInViewport();
    const last = Number(new URL(page.url()).searchParams.get("p"));
    expect(last).toBeGreaterThan(100);
    await page.getByTestId("decision-pager-top").getByTestId("pager-first").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]p=1(&|$)/);
    await expect(page.locator('[id="section-판시사항"]')).toBeVisible();
    await page.getByTestId("decision-pager-bottom").getByTestId("pager-next").click();
    await expect(page).toHaveURL(/[?&]p=2(&|$)/);

    // Find: this part's matches, and the other parts that hold the words.
    await page.getByTestId("find-input").fill(LARGE_FIND);
    await expect(page.getByTestId("find-count")).toHaveText(/^1\/\d+$/);
    await expect(page.getByTestId("find-other-parts")).toContainText("판결문 전체 10,000건 이상");
    await page.getByTestId("find-other-part").first().click();
    await expect(page).toHaveURL(/[?&]p=1&find=/);
    await expect(page.getByTestId("find-input")).toHaveValue(LARGE_FIND);
    await expect(page.getByTestId("find-count")).toHaveText(/^1\/\d+$/);

    // Printed, a part says which part it is; the whole decision downloads as a text file.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("decision-pager-top").getByTestId("pager-position")).toBeVisible();
    await expect(page.getByTestId("decision-pager-top").getByTestId("pager-next")).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    const download = await page.request.get(
      (await page.getByTestId("decision-download-text").getAttribute("href")) ?? "",
    );
    expect(download.headers()["content-disposition"]).toContain("attachment");
    const text = await download.body();
    expect(text.byteLength).toBeGreaterThan(60 * 1_048_576 * 0.9);
    expect(text.includes(Buffer.from(SUMMARY))).toBe(true);
  });
});
