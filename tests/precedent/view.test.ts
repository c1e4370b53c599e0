import { describe, expect, it } from "vitest";
import { markSections } from "@/lib/precedent/segments";
import { buildDecisionView } from "@/lib/precedent/view";
import { referencedCaseNumbers, referencedCases } from "@/lib/text/referenced-cases";

// Written for this test in the shape of an archived decision.
const RECORD = {
  caseNo: "2098다1001",
  판시사항: "드론 배송 중 떨어진 물건으로 생긴 손해의 배상 책임",
  판결요지: "드론 배송 사업자는 떨어진 물건으로 생긴 손해를 배상할 책임이 있다.",
  참조판례: "대법원 2090. 3. 4. 선고 2089다77 판결,\n2091. 5. 6. 선고 94므826,833 판결(공1995상,109)",
  판례내용:
    "【주 문】\n상고를 기각한다.\n\n【이 유】\n원심은 드론이 상자를 떨어뜨린 사실을 인정하였다. " +
    "사업자는 비행 중 떨어진 물건으로 제3자에게 생긴 손해를 배상할 책임이 있다. 원고의 과실은 참작되었다.",
};

describe("the decision as the viewer shows it", () => {
  const body = RECORD.판례내용;
  const passage = { id: "p1", section: "판례내용", text: body.slice(body.indexOf("원심은")) };
  const other = { id: "p2", section: "판결요지", text: RECORD.판결요지, used: true };
  const view = buildDecisionView(RECORD, [passage, other], "사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다");

  it("lists the sections and the 주문/이유 parts, with the cited passages in each", () => {
    expect(view.toc.map((t) => [t.label, t.level, t.cited])).toEqual([
      ["판시사항", 1, 0],
      ["판결요지", 1, 1],
      ["참조판례", 1, 0],
      ["판례내용", 1, 1],
      ["주문", 2, 0],
      ["이유", 2, 1],
    ]);
  });

  it("marks the supporting sentence of the linked passage, and only the passage around it lightly", () => {
    expect(view.passageFound).toBe(true);
    expect(view.supportText).toBe("사업자는 비행 중 떨어진 물건으로 제3자에게 생긴 손해를 배상할 책임이 있다.");
    const marks = view.sections.find((s) => s.name === "판례내용")?.marks ?? [];
    expect(marks.filter((m) => m.support).map((m) => m.text)).toEqual([view.supportText]);
    expect(marks.filter((m) => m.chunkId === "p1" && !m.support).map((m) => m.text)).toEqual([
      "원심은 드론이 상자를 떨어뜨린 사실을 인정하였다. ",
      " 원고의 과실은 참작되었다.",
    ]);
    // The link's target sits on the supporting sentence; the TOC's on its part.
    const anchored = marks.filter((m) => m.anchors?.length).map((m) => [m.anchors, m.text.slice(0, 6)]);
    expect(anchored).toEqual([
      [["part-주문"], "【주 문】\n"],
      [["part-이유"], "【이 유】\n"],
      [["passage-p1"], "사업자는 비"],
    ]);
    // The other passage is shown, with no sentence singled out.
    const summary = view.sections.find((s) => s.name === "판결요지")?.marks ?? [];
    expect(summary).toEqual([{ text: RECORD.판결요지, start: 0, chunkId: "p2", anchors: ["passage-p2"] }]);
  });

  it("leaves a passage the answer was given but did not cite plain, its anchor kept", () => {
    const unused = buildDecisionView(RECORD, [passage, { ...other, used: false }], "사업자는 배상할 책임");
    const summary = unused.sections.find((s) => s.name === "판결요지")?.marks ?? [];
    expect(summary).toEqual([{ text: RECORD.판결요지, start: 0, anchors: ["passage-p2"] }]);
    expect(unused.toc.find((t) => t.label === "판결요지")?.cited).toBe(0);
    // The linked passage is tinted whether or not it is marked used.
    const body = unused.sections.find((s) => s.name === "판례내용")?.marks ?? [];
    expect(body.some((m) => m.chunkId === "p1")).toBe(true);
  });

  it("says so when the linked passage is no longer in the text", () => {
    const stale = buildDecisionView(RECORD, [{ id: "gone", section: "판례내용", text: "없는 구절" }], "힌트");
    expect(stale.passageFound).toBe(false);
    expect(stale.supportText).toBeUndefined();
  });

  it("cuts runs at every boundary and merges what looks the same", () => {
    const marks = markSections(
      "가나다라마바사",
      [{ id: "x", start: 1, end: 5 }],
      [{ start: 2, end: 4 }],
      [{ at: 2, id: "a" }],
    );
    expect(marks).toEqual([
      { text: "가", start: 0 },
      { text: "나", start: 1, chunkId: "x" },
      { text: "다라", start: 2, chunkId: "x", support: true, anchors: ["a"] },
      { text: "마", start: 4, chunkId: "x" },
      { text: "바사", start: 5 },
    ]);
  });
});

describe("참조판례 references", () => {
  it("keeps a joined number together and links each of its cases", () => {
    expect(referencedCases(RECORD.참조판례)).toEqual([
      { text: "2089다77", parts: ["2089다77"] },
      { text: "94므826, 833", parts: ["94므826", "94므833"] },
    ]);
  });

  it("does not read a date, a gazette page or a later citation as a joined part", () => {
    const text =
      "대법원 1992. 4. 24. 선고 92다6983 판결(공1992,1691), 1993. 5. 25. 선고 92다52764, 52771 판결(공1993하,1850) / 76므41,42";
    expect(referencedCaseNumbers(text)).toEqual(["92다6983", "92다52764", "92다52771", "76므41", "76므42"]);
    expect(referencedCaseNumbers("2089다77,\n2091. 5. 6. 선고 2090다88 판결")).toEqual(["2089다77", "2090다88"]);
  });
});
