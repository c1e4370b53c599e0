import { describe, expect, it } from "vitest";
import { bestPassage, supportingSentences } from "@/lib/precedent/support";
import { sentenceAt, splitSentences } from "@/lib/text/sentences";

const slice = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);

// Written for this test in the style of a decision's reasons.
const REASONS =
  "원심은 피고가 운영하는 드론이 배송 중 상자를 떨어뜨린 사실을 인정하였다. " +
  "드론을 이용한 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있다. " +
  "원고가 금지 구역에 차량을 세워 둔 과실을 참작한 조치에도 잘못이 없다.\n" +
  "그러므로 상고를 기각한다.";

describe("sentences of legal prose", () => {
  it("ends a sentence at a full stop or a line break, not inside a date or after a list number", () => {
    const text = "대법원 2030. 5. 14. 선고 2030다1234 판결은 이를 밝혔다. 1. 책임에 관하여 본다.\n가. 원심은 옳다. 끝";
    expect(splitSentences(text).map((r) => slice(text, r))).toEqual([
      "대법원 2030. 5. 14. 선고 2030다1234 판결은 이를 밝혔다.",
      "1. 책임에 관하여 본다.",
      "가. 원심은 옳다.",
      "끝",
    ]);
  });

  it("finds the sentence around an offset", () => {
    const at = REASONS.indexOf("배상할 책임");
    expect(slice(REASONS, sentenceAt(REASONS, at) ?? { start: 0, end: 0 })).toMatch(/^드론을 이용한.*책임이 있다\.$/);
  });
});

describe("supporting sentences", () => {
  it("picks the sentence of the passage that carries what the answer said, in other words", () => {
    const support = supportingSentences(REASONS, "드론 배송 사업자는 낙하물로 인한 손해를 배상할 책임이 있습니다");
    expect(support.ranges).toHaveLength(1);
    expect(slice(REASONS, support.ranges[0] ?? { start: 0, end: 0 })).toMatch(/^드론을 이용한 배송 사업자는/);
  });

  it("takes a neighbouring sentence too when it supports the point almost as well", () => {
    const text =
      "회원권 이용료의 선납은 선급금과 유사하다. 회원권 해지에 과실 있는 회원은 위약금을 공제한 회원권 이용료의 반환만 청구할 수 있다. 비용은 각자 부담한다.";
    const support = supportingSentences(
      text,
      "회원권 해지에 책임 있는 회원은 위약금을 공제한 회원권 이용료의 반환만 청구할 수 있고 회원권 이용료의 선납은 선급금과 유사하다",
    );
    expect(support.ranges.map((r) => slice(text, r))).toEqual([
      "회원권 이용료의 선납은 선급금과 유사하다.",
      "회원권 해지에 과실 있는 회원은 위약금을 공제한 회원권 이용료의 반환만 청구할 수 있다.",
    ]);
  });

  it("stays inside the passage it is given, and marks nothing on a chance overlap", () => {
    const within = { start: REASONS.indexOf("원고가"), end: REASONS.length };
    const support = supportingSentences(REASONS, "드론 배송 사업자의 배상 책임과 원고의 과실 참작", within);
    expect(support.ranges.map((r) => slice(REASONS, r))).toEqual([
      "원고가 금지 구역에 차량을 세워 둔 과실을 참작한 조치에도 잘못이 없다.",
    ]);
    expect(supportingSentences(REASONS, "임대차 보증금 반환").ranges).toEqual([]);
  });

  it("chooses, of a decision's passages, the one that supports the sentence best", () => {
    const passages = [
      { id: "a", text: "원고가 금지 구역에 차량을 세워 둔 과실을 참작하였다." },
      { id: "b", text: "배송 사업자는 떨어진 물건으로 생긴 손해를 배상할 책임이 있다." },
    ];
    expect(bestPassage(passages, "사업자가 손해를 배상할 책임")?.id).toBe("b");
    expect(bestPassage(passages, "과실을 참작")?.id).toBe("a");
    expect(bestPassage(passages, "무관한 문장")?.id).toBe("a"); // none supports: the first
  });

  it("passes over a heading that only names the point", () => {
    // The heading shares more words with the answer than the sentence that states the rule.
    const text =
      "1. 드론 배송 사업자의 떨어진 물건 손해 배상 책임에 관하여.\n원심은 그 사업자가 떨어진 물건으로 생긴 손해를 배상할 책임이 있다고 보았다.";
    const support = supportingSentences(text, "드론 배송 사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다");
    expect(support.ranges.map((r) => slice(text, r))).toEqual([
      "원심은 그 사업자가 떨어진 물건으로 생긴 손해를 배상할 책임이 있다고 보았다.",
    ]);
  });

  it("prefers the holding to the statement of the issue that merely echoes the answer's words", () => {
    const passages = [
      { id: "issue", section: "판시사항", text: "회원권해지에 과실있는 회원에게 잔여이용료반환청구권이 있는지 여부" },
      {
        id: "holding",
        section: "판결요지",
        text: "계약 기간이 끝나기 전에 이용을 그만두면 남은 기간의 이용료는 선급금과 비슷한 성질을 띠지만 회원권의 해지에 관하여 과실이 있는 회원은 그가 지급한 이용료 가운데 위약금을 뺀 나머지만 반환을 청구할 권리가 있다.",
      },
    ];
    expect(
      bestPassage(
        passages,
        "회원권 해지에 책임이 있는 회원은 낸 이용료 중 위약금을 뺀 나머지의 반환만 청구할 수 있습니다",
      )?.id,
    ).toBe("holding");
  });
});
