import type { AnswerRecord } from "@/lib/chat/types";
import { type FoundDecision, resolveOutsideCitations, splitCitations } from "@/lib/rag/citations";
import type { Chunk } from "@/lib/text/decision";
import { checkedCitation, supportReport } from "./support-report";

/**
 * Written for the tests: an answer citing one number of each status (lib/rag/citations.ts) — a
 * passage it was given (2097다41), a real decision of a corpus it was not given (2090다500, its
 * date written wrong) and a number no corpus holds (2031다99999) — with the support check's
 * verdicts on the first two.
 */

export const STATUS_CONTEXT = [
  {
    chunk: {
      id: "a1",
      corpusId: "c1",
      caseNo: "2097다41",
      caseName: "이용료반환",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "민사",
      decisionDate: "2097-12-28",
      section: "판결요지",
      sectionOrder: 0,
      contentHash: "a1",
      text: "회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.",
    } as Chunk,
    score: 1,
  },
];

export const OUTSIDE_DECISION: FoundDecision = {
  corpusId: "c2",
  caseNo: "2090다500",
  caseName: "회원권반환",
  court: "대법원",
  courtLevel: "대법원",
  caseType: "민사",
  decisionDate: "2090-03-09",
};

export const STATUS_ANSWER =
  "해지한 회원도 위약금을 뺀 이용료는 돌려받습니다(2097다41).\n\n" +
  "같은 취지로 대법원 2090. 3. 2. 선고 2090다500 판결이 있습니다.\n\n" +
  "반대 취지의 2031다99999 판결도 있습니다.";

export const STATUS_MISMATCH = "선고일이 다릅니다: 인용 2090. 3. 2. · 판례 2090. 3. 9.";

/** The record as the chat stores it once the corpora were searched (`checked`: false, an older one). */
export async function statusRecord(checked = true): Promise<AnswerRecord> {
  const split = splitCitations(STATUS_ANSWER, STATUS_CONTEXT);
  const parts = checked
    ? await resolveOutsideCitations(split, async () => new Map([[OUTSIDE_DECISION.caseNo, OUTSIDE_DECISION]]))
    : split;
  const evidence = STATUS_ANSWER.indexOf("2097다41");
  const outside = STATUS_ANSWER.indexOf("2090다500");
  return {
    answer: STATUS_ANSWER,
    parts,
    context: STATUS_CONTEXT,
    trace: {
      support: supportReport([
        checkedCitation(0, "supported", { caseNo: "2097다41", offset: evidence, claim: "해지한 회원" }),
        {
          ...checkedCitation(1, "partly", { caseNo: "2090다500", offset: outside, claim: "같은 취지" }),
          valid: false,
          outside: true,
        },
      ]),
    } as AnswerRecord["trace"],
    retrievalOnly: false,
  };
}
