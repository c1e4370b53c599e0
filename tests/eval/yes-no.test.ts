import { describe, expect, it } from "vitest";
import { extractYesNo, firstSentence } from "@/lib/eval/yes-no";

// Answers written for this table in the style an answer model writes them; the matters are
// invented for the test (none is a dev or sample question). [answer, question or "", expected].
const TABLE: [string, string, "yes" | "no" | null][] = [
  // An explicit first word decides, whatever follows.
  ["예, 임차인은 보증금 반환을 청구할 수 있습니다(대법원 2001다1234).", "", "yes"],
  ["네. 그 계약은 유효합니다.", "", "yes"],
  ["**예**, 상속인은 한정승인을 할 수 있습니다.", "", "yes"],
  ["결론: 예. 소멸시효가 완성되었습니다.", "", "yes"],
  ["예(적극). 사용자책임이 인정됩니다.", "", "yes"],
  ["아니요, 임대인은 계약을 해지할 수 없습니다.", "", "no"],
  ["아니오. 보증인은 책임을 지지 않습니다.", "", "no"],
  ["아뇨, 그 약정은 효력이 없습니다.", "", "no"],
  ["예, 다만 이 경우에는 지연손해금을 청구할 수 없습니다.", "", "yes"],
  ["아니요, 다만 예외적으로 청구가 인정될 수 있습니다.", "", "no"],
  ["## 결론\n예, 점유취득시효가 완성됩니다.", "", "yes"],
  // 부정 as a noun (부정행위, 부정한 행위) is not a no.
  ["네, 배우자의 부정행위는 재판상 이혼사유에 해당합니다.", "", "yes"],
  ["배우자의 부정행위는 재판상 이혼사유에 해당합니다(대법원 90므1234).", "", "yes"],
  ["배우자의 부정한 행위는 위자료 청구의 원인이 됩니다.", "", "yes"],
  ["회사 자금의 부정 사용은 업무상 배임에 해당합니다.", "", "yes"],
  // Negated questions: 예 agrees with the question as asked.
  ["예, 상대방은 이를 거부할 수 없습니다.", "상대방은 이 요구를 거부할 수 없나요?", "yes"],
  ["상대방은 이를 거부할 수 없습니다.", "상대방은 이 요구를 거부할 수 없나요?", "yes"],
  ["상대방은 이를 거부할 수 있습니다.", "상대방은 이 요구를 거부할 수 없나요?", "no"],
  ["아니요, 채권자의 동의 없이도 일방적으로 해지할 수 있습니다.", "채권자가 동의하지 않으면 해지할 수 없나요?", "no"],
  ["채권자의 동의 없이도 해지할 수 있습니다.", "채권자가 동의하지 않으면 해지할 수 없나요?", "no"],
  ["임차인은 그 비용을 부담하지 않습니다.", "임차인이 수리비를 부담하지 않아도 되나요?", "yes"],
  ["임차인이 그 비용을 부담합니다.", "임차인이 수리비를 부담하지 않아도 되나요?", "no"],
  ["수급인은 하자담보책임을 지지 않습니다.", "수급인이 하자담보책임을 지지 않나요?", "yes"],
  ["그 처분은 당연무효가 아닙니다.", "그 처분은 당연무효가 아닌가요?", "yes"],
  // The final predicate decides; a negation in a condition or concession does not.
  ["반환을 청구할 수 있습니다.", "", "yes"],
  ["유책 당사자는 위자료를 청구할 수 없습니다.", "", "no"],
  ["요건을 갖추지 못한 경우에는 가등기에 기한 본등기를 청구할 수 없습니다.", "", "no"],
  ["등기를 마치지 않았더라도 소유권을 주장할 수 있습니다.", "", "yes"],
  ["정당한 이유 없는 해고는 무효이고 임금 상당액을 청구할 수 있습니다.", "", "yes"],
  ["예외적으로 인정될 여지는 있으나, 원칙적으로 손해배상을 청구할 수 없습니다.", "", "no"],
  ["그 약정은 무효가 아니라 유효한 것으로 보아야 합니다.", "", "yes"],
  ["보증채무는 소멸하지 않는다고 보아야 합니다.", "", "no"],
  ["그 청구는 받아들여지지 않는다는 것이 판례의 입장입니다.", "", "no"],
  ["청구할 수 없는 것은 아닙니다.", "", "yes"],
  ["임대인은 원상회복 비용을 부담하지 않을 수 없습니다.", "", "yes"],
  ["퇴직금도 분할 대상 재산에 포함됩니다.", "", "yes"],
  ["그 증여는 취소할 수 없다고 판단됩니다.", "", "no"],
  ["채무자는 이행을 거절할 권리가 인정되지 아니합니다.", "", "no"],
  ["원고의 청구는 부정됩니다.", "", "no"],
  ["제3자에게 대항하기 어렵습니다.", "", "no"],
  ["그렇습니다. 판례는 이를 인정합니다.", "", "yes"],
  ["아닙니다. 유책자는 반환을 구할 수 없습니다.", "", "no"],
  // 네 as a numeral is not a yes.
  ["네 가지 요건을 모두 갖추어야 하므로 이 사안에서는 인정되지 않습니다.", "", "no"],
  // Hedged or meta answers commit to nothing.
  ["구체적인 사정에 따라 결론이 달라질 수 있습니다.", "", null],
  ["검색된 판례만으로는 판단하기 어렵습니다.", "", null],
  ["일률적으로 판단하기 어렵습니다. 다만 판례는 다음과 같습니다.", "", null],
  ["판례를 검토해 보겠습니다", "", null],
  ["관련 판례를 살펴보겠습니다. 먼저 대법원은 …", "", null],
  ["", "", null],
];

describe("yes/no extraction from Korean answers", () => {
  it("has at least 40 rows", () => expect(TABLE.length).toBeGreaterThanOrEqual(40));
  it.each(TABLE)("%s [%s] → %s", (answer, question, expected) => {
    expect(extractYesNo(answer, question || undefined)).toBe(expected);
  });
  it("reads the first sentence after a heading line", () => {
    expect(firstSentence("**결론**\n네, 가능합니다. 이유는")).toBe("네, 가능합니다.");
  });
});
