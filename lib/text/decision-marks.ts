import { readCaseCitations } from "./case-citation";
import { joinCaseNos } from "./case-number";
import { canonicalCourt } from "./court-name";
import type { ParsedDecision } from "./decision";

/**
 * What a lawyer looks for on a decision besides its heading: whether the full bench (전원합의체)
 * decided it, and the judgment appealed from (원심판결), both read from the decision's text.
 */
export interface DecisionMarks {
  enBanc: boolean;
  /** 원심판결: its court, date (YYYY-MM-DD) and 사건번호 ("" when the decision names none). */
  lowerCourt: string;
  lowerDate: string;
  lowerCaseNo: string;
}

export const NO_MARKS: DecisionMarks = { enBanc: false, lowerCourt: "", lowerDate: "", lowerCaseNo: "" };

// "서울고등법원 1991.6.25. 선고 89구13426 판결", "춘천지법  1995. 9. 15. 선고 95나232 판결",
// "제1심 서울가정, 제2심 서울고법 1965. 2. 12. 선고 64르24 판결", "1987.4.28. 선고 84구1010 판결":
// the header, then the citation read by the one reader (case-citation.ts).
const LOWER_HEAD = /【\s*원\s*심\s*판\s*결\s*】\s*([^【\n]{0,240})/u;

// The full bench sits under the Chief Justice: its signature line starts "대법원장 … (재판장)";
// a panel of four (부) never has the Chief Justice. Some sources also name it in the header.
const CHIEF_PRESIDING = /대법원장\s+[^\n(]{1,20}\(\s*재판장\s*\)/u;

/** The marks read from a decision's 판례내용 (the head holds 원심판결, the tail the signature). */
export function marksFromText(court: string, head: string, tail: string = head): DecisionMarks {
  const lines = LOWER_HEAD.exec(head)?.[1] ?? "";
  const lower = readCaseCitations(lines).find((c) => c.date);
  // The court as the reader found it, else what stands before the date ("제1심 서울가정, 제2심 …").
  const written = lower
    ? lines
        .slice(0, lower.start)
        .split(/[,，\n]/)
        .pop()
    : "";
  const named = lower?.court ?? written?.replace(/^\s*제\s*\d\s*심\s*/u, "").trim() ?? "";
  // One name per court in the 원심 facet ("서울고법" is 서울고등법원).
  const lowerCourt = named ? canonicalCourt(named) : "";
  // A first line naming the decision itself as 전원합의체 — not a case it cites further down.
  const header = head.trimStart().split("\n", 1)[0] ?? "";
  return {
    enBanc: /전원합의체/.test(court) || CHIEF_PRESIDING.test(tail) || readCaseCitations(header).some((c) => c.enBanc),
    lowerCourt,
    lowerDate: lower?.date ?? "",
    lowerCaseNo: lower ? joinCaseNos(lower.caseNos) : "",
  };
}

export function decisionMarks(decision: ParsedDecision): DecisionMarks {
  const body = decision.sections.find((s) => s.name === "판례내용")?.text ?? "";
  return marksFromText(decision.meta.court, body.slice(0, 4_000), body.slice(-4_000));
}
