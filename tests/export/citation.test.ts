import { describe, expect, it } from "vitest";
import { caseCode, formatCaseNo, formatCitation, formatDecisionDate, rulingKind } from "@/lib/export/citation";

describe("formatted citations", () => {
  it("writes a Supreme Court judgment as lawyers cite it", () => {
    expect(formatCitation({ court: "대법원", decisionDate: "1976-12-28", caseNo: "76므41" })).toBe(
      "대법원 1976. 12. 28. 선고 76므41 판결",
    );
    expect(formatCitation({ court: "대법원", decisionDate: "1990-03-09", caseNo: "89다카17898" })).toBe(
      "대법원 1990. 3. 9. 선고 89다카17898 판결",
    );
  });

  it("keeps every part of a joined case number, spaced as written in decisions", () => {
    expect(formatCitation({ court: "대법원", decisionDate: "1994-11-25", caseNo: "94므826,833" })).toBe(
      "대법원 1994. 11. 25. 선고 94므826, 833 판결",
    );
    expect(formatCaseNo("92다52764 ,  52771")).toBe("92다52764, 52771");
  });

  it("cites an order (결정) with 자 on its date, and a 가사비송 ruling as 심판", () => {
    expect(formatCitation({ court: "대법원", decisionDate: "1995-07-03", caseNo: "94스30" })).toBe(
      "대법원 1995. 7. 3.자 94스30 결정",
    );
    expect(formatCitation({ court: "대법원", decisionDate: "1989-11-06", caseNo: "89그19" })).toBe(
      "대법원 1989. 11. 6.자 89그19 결정",
    );
    expect(formatCitation({ court: "서울중앙지방법원", decisionDate: "2010-02-01", caseNo: "2010카합123" })).toBe(
      "서울중앙지방법원 2010. 2. 1.자 2010카합123 결정",
    );
    expect(formatCitation({ court: "서울가정법원", decisionDate: "2011-01-05", caseNo: "2009느합12" })).toBe(
      "서울가정법원 2011. 1. 5.자 2009느합12 심판",
    );
  });

  it("writes the Constitutional Court's rulings as 결정 pronounced (선고)", () => {
    expect(formatCitation({ court: "헌법재판소", decisionDate: "2010-02-25", caseNo: "2008헌가23" })).toBe(
      "헌법재판소 2010. 2. 25. 선고 2008헌가23 결정",
    );
  });

  it("tells judgments from orders by the case letters, not by a letter anywhere in them", () => {
    expect(rulingKind("2009마1234")).toBe("결정");
    expect(rulingKind("2009다1234")).toBe("판결");
    expect(rulingKind("2004가합98799")).toBe("판결");
    expect(rulingKind("88아카1")).toBe("판결"); // 아카 is not 아 (행정 신청)
    expect(rulingKind("2009모1")).toBe("결정");
    expect(rulingKind("2009도1")).toBe("판결");
    expect(caseCode("94므826, 833")).toBe("므");
  });

  it("drops what it does not know rather than inventing it", () => {
    expect(formatCitation({ court: "대법원", decisionDate: "", caseNo: "76므41" })).toBe("대법원 76므41 판결");
    expect(formatDecisionDate("2001-01-30")).toBe("2001. 1. 30.");
  });
});
