import { describe, expect, it } from "vitest";
import { decisionPage, viewedSections } from "@/lib/precedent/decision-page";
import { findInParts } from "@/lib/precedent/find-parts";
import { clipMarks, pageAt, pageStarts } from "@/lib/precedent/pages";
import { markSections } from "@/lib/precedent/segments";

// A long decision written for this test: short sections, then a 판례내용 of numbered lines with
// the cited sentence deep inside it.
const LINE = (i: number) => `${i}. 피고는 원고에게 금 ${i},000원을 지급하라는 청구에 관하여 본다.\n`;
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => LINE(from + k)).join("");
const CITED = "사업자는 비행 중 떨어진 물건으로 제3자에게 생긴 손해를 배상할 책임이 있다.";
const BODY = `【주 문】\n상고를 기각한다.\n\n${lines(1, 200)}【이 유】\n${lines(200, 400)}${CITED} 원고의 과실은 참작되었다.\n${lines(400, 600)}`;
const RECORD = {
  caseNo: "2098다1001",
  caseName: "손해배상",
  court: "대법원",
  decisionDate: "2099-01-15",
  판시사항: "드론 배송 중 떨어진 물건으로 생긴 손해의 배상 책임",
  판결요지: "드론 배송 사업자는 떨어진 물건으로 생긴 손해를 배상할 책임이 있다.",
  참조판례: "대법원 2090. 3. 4. 선고 2089다77 판결",
  판례내용: BODY,
};
const PAGE = 4_000;

describe("a long decision cut into parts", () => {
  const sections = viewedSections(RECORD);
  const starts = pageStarts(sections, PAGE);
  const all = whole(sections);

  it("cuts at line breaks, each part at most the page size, the whole covered once", () => {
    expect(starts.length).toBeGreaterThan(5);
    expect(starts[0]).toBe(0);
    const ends = [...starts.slice(1), all.length];
    starts.forEach((start, i) => {
      const end = ends[i] ?? 0;
      expect(end - start).toBeGreaterThan(0);
      expect(end - start).toBeLessThanOrEqual(PAGE);
      if (i > 0) expect(all[start - 1]).toBe("\n");
    });
    expect(pageAt(starts, 0)).toBe(1);
    expect(pageAt(starts, all.length - 1)).toBe(starts.length);
    expect(pageAt(starts, starts[2] ?? 0)).toBe(3);
  });

  it("a decision of ordinary size is one part", () => {
    expect(pageStarts(sections)).toEqual([0]);
  });

  it("text without a line break is cut at a space, and without one never inside a character pair", () => {
    const spaced = pageStarts([{ name: "판례내용", text: "가나다 ".repeat(2_000) }], 1_000);
    for (const s of spaced.slice(1)) expect(s % 4).toBe(0);
    const emoji = "가😀".repeat(1_000); // "😀" is two UTF-16 units
    const hard = pageStarts([{ name: "판례내용", text: emoji }], 1_000);
    for (const s of hard.slice(1)) expect(emoji.codePointAt(s)).not.toBe(0xde00);
    expect(hard.length).toBeGreaterThan(2);
  });

  it("parts' marks put back together are the section's text; an anchor only where it starts", () => {
    const text = RECORD.판례내용;
    const at = text.indexOf(CITED);
    const marks = markSections(text, [{ id: "p1", start: at, end: at + CITED.length }], [], [{ id: "a", at }]);
    const cuts = [0, at + 5, at + 20, text.length];
    const pieces = cuts.slice(0, -1).map((from, i) => clipMarks(marks, from, cuts[i + 1] ?? text.length));
    expect(
      pieces
        .flat()
        .map((m) => m.text)
        .join(""),
    ).toBe(text);
    expect(pieces.flat().filter((m) => m.anchors)).toHaveLength(1);
    // The passage goes on into the next parts, still marked.
    expect(pieces[1]?.[0]).toMatchObject({ chunkId: "p1", start: at + 5 });
    expect(pieces[2]?.[0]).toMatchObject({ chunkId: "p1", start: at + 20 });
  });
});

describe("one part of a decision as the viewer shows it", () => {
  const passages = [{ id: "p1", section: "판례내용", text: `${CITED} 원고의 과실은 참작되었다.` }];
  const hint = "사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다";

  it("opens at the part holding the linked passage, with its supporting sentence marked", () => {
    const part = decisionPage(RECORD, { passages, hint, pageChars: PAGE });
    expect(part.pageCount).toBeGreaterThan(5);
    expect(part.page).toBeGreaterThan(1);
    expect(part.page).toBe(part.passagePage);
    expect(part.passagePages).toEqual({ p1: part.page });
    expect(part.supportText).toBe(CITED);
    const marks = part.sections.flatMap((s) => s.marks);
    expect(marks.find((m) => m.support)?.text).toBe(CITED);
    expect(marks.some((m) => m.anchors?.includes("passage-p1"))).toBe(true);
    // Only 판례내용, continued from an earlier part: no heading id to jump to here.
    expect(part.sections.map((s) => [s.name, s.continued, s.id])).toEqual([["판례내용", true, undefined]]);
    expect(part.to - part.from).toBeLessThanOrEqual(PAGE);
    expect(part.references).toEqual([]);
  });

  it("lists every section and part in the table of contents with the part it is in", () => {
    const first = decisionPage(RECORD, { passages, hint, page: 1, pageChars: PAGE });
    expect(first.page).toBe(1);
    expect(first.toc.map((t) => [t.label, t.page])).toEqual([
      ["판시사항", 1],
      ["판결요지", 1],
      ["참조판례", 1],
      ["판례내용", 1],
      ["주문", 1],
      ["이유", pageAt(pageStarts(viewedSections(RECORD), PAGE), whole(viewedSections(RECORD)).indexOf("【이 유】"))],
    ]);
    expect(first.toc.find((t) => t.label === "이유")?.page).toBeGreaterThan(1);
    expect(first.sections.filter((s) => s.id).map((s) => s.name)).toEqual([
      "판시사항",
      "판결요지",
      "참조판례",
      "판례내용",
    ]);
    expect(first.references.map((r) => r.text)).toEqual(["2089다77"]);
  });

  it("keeps a part asked for in range, and caps a run-on supporting 'sentence'", () => {
    expect(decisionPage(RECORD, { passages, page: 9_999, pageChars: PAGE }).page).toBe(
      pageStarts(viewedSections(RECORD), PAGE).length,
    );
    const runOn = `${"가".repeat(3_000)} 사업자는 떨어진 물건의 손해를 배상할 책임이 있다`;
    const long = decisionPage(
      { ...RECORD, 판례내용: runOn },
      { passages: [{ id: "q", section: "판례내용", text: runOn.slice(2_500) }], hint },
    );
    expect(long.supportText?.length).toBeLessThanOrEqual(2_001);
    expect(long.supportText?.endsWith("…")).toBe(true);
  });

  it("finds words in every part, whitespace ignored, counted per part", () => {
    const sections = viewedSections(RECORD);
    const starts = pageStarts(sections, PAGE);
    const counts = findInParts(sections, starts, "제3자 에게");
    expect(counts).toEqual({
      pages: [{ page: pageAt(starts, whole(sections).indexOf(CITED)), count: 1 }],
      total: 1,
      capped: false,
    });
    const many = findInParts(sections, starts, "청구에관하여");
    expect(many.total).toBe(599);
    expect(many.pages.length).toBe(starts.length);
    expect(findInParts(sections, starts, "").total).toBe(0);
    expect(findInParts([{ name: "판례내용", text: "Article 7 and ARTICLE 8" }], [0], "article").total).toBe(2);
    // Pattern characters are searched as themselves.
    expect(findInParts(sections, starts, "(.*)").total).toBe(0);
  });
});

function whole(sections: { text: string }[]): string {
  return sections.map((s) => s.text).join("");
}
