import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CHARS } from "@/lib/precedent/pages";
import { viewerFind, viewerPage, viewerStats, viewerText } from "@/lib/precedent/viewer-client";
import { LARGE_CITED, LARGE_FIND, writeLargeDecision } from "../support/large-decision";

// The viewer's worker on a 60 MB archived decision (DECISION_MAX_MB allows one): the parts come
// back bounded, and this thread — the server's, in the app — keeps answering meanwhile.

const dir = mkdtempSync(join(tmpdir(), "viewer-worker-"));
// As in a corpus's archive: the worker keeps the parts it cuts beside it (dir/parts).
const big = join(dir, "decisions", "big.json");
const HEADING = { caseNo: "2099다60", caseName: "손해배상", court: "대법원", decisionDate: "2099-06-01" };

/** The longest stretch this thread went without running a 5 ms timer while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { value, stallMs };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(() => {
  mkdirSync(join(dir, "decisions"));
  writeLargeDecision(big, 60 * 1_048_576, HEADING);
});
afterAll(async () => {
  // The 60 MB decision's parts are stored in the background after its first open: let that end.
  for (let i = 0; i < 600 && (await viewerStats()).cutsStored === 0; i++) await new Promise((r) => setTimeout(r, 100));
  rmSync(dir, { recursive: true, force: true });
}, 90_000);

describe("the viewer's worker on a 60 MB decision", () => {
  it("serves the part with the cited passage, bounded, without stalling this thread", async () => {
    expect(statSync(big).size).toBeGreaterThanOrEqual(60 * 1_048_576);
    const passages = [{ id: "c1", section: "판례내용", text: LARGE_CITED }];
    const { value: part, stallMs } = await longestStall(() =>
      viewerPage(big, { passages, hint: "사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다" }),
    );
    expect(part).not.toBeNull();
    if (!part) return;
    expect(part.pageCount).toBeGreaterThan(100);
    expect(part.page).toBe(part.passagePage);
    expect(part.supportText).toBe(LARGE_CITED);
    expect(part.to - part.from).toBeLessThanOrEqual(PAGE_CHARS);
    // What crosses to this thread is one part, not the decision.
    expect(JSON.stringify(part).length).toBeLessThan(3 * PAGE_CHARS);
    // Generous: the whole read and parse (seconds on a busy machine) happens on the other thread.
    expect(stallMs).toBeLessThan(200);
  }, 120_000);

  it("answers the next part, a find and the whole text from the parsed decision", async () => {
    const next = await viewerPage(big, { passages: [], page: 2 });
    expect(next?.page).toBe(2);
    expect(next?.sections.map((s) => [s.name, s.continued])).toEqual([["판례내용", true]]);
    const found = await viewerFind(big, LARGE_FIND.split("").join(" "));
    expect(found?.capped).toBe(true);
    expect(found?.pages[0]?.page).toBe(1);
    const cited = await viewerFind(big, "제3자에게 생긴");
    expect(cited?.total).toBe(1);
    const { value: text, stallMs } = await longestStall(() => viewerText(big));
    expect(text?.byteLength).toBeGreaterThan(60 * 1_048_576 * 0.9);
    expect(
      new TextDecoder().decode(text?.subarray(0, 200)).startsWith("대법원 2099-06-01 선고 2099다60 손해배상"),
    ).toBe(true);
    expect(stallMs).toBeLessThan(200);
  }, 120_000);

  it("reads a decision again when it was re-indexed, and says when there is none", async () => {
    const small = join(dir, "small.json");
    writeFileSync(small, JSON.stringify({ ...HEADING, 판례내용: "첫 본문입니다." }));
    expect((await viewerPage(small, { passages: [] }))?.sections[0]?.marks[0]?.text).toBe("첫 본문입니다.");
    writeFileSync(small, JSON.stringify({ ...HEADING, 판례내용: "다시 색인한 본문입니다." }));
    utimesSync(small, new Date(), new Date(Date.now() + 5_000));
    expect((await viewerPage(small, { passages: [] }))?.sections[0]?.marks[0]?.text).toBe("다시 색인한 본문입니다.");
    expect(await viewerPage(join(dir, "none.json"), { passages: [] })).toBeNull();
  });
});
