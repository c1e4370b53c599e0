import { describe, expect, it } from "vitest";
import { closestCases, thinEvidence, unsupportedConclusion } from "@/lib/rag/decline";
import type { CitationSupport } from "@/lib/rag/support/types";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";
import { checkedCitation, supportReport } from "../support/support-report";

const chunk = (id: string, caseNo: string): Chunk => ({
  id,
  corpusId: "c",
  caseNo,
  caseName: "",
  court: "대법원",
  courtLevel: "대법원",
  caseType: "민사",
  decisionDate: "2099-01-01",
  section: "판결요지",
  sectionOrder: 0,
  text: "",
  contentHash: id,
});
const context: ScoredChunk[] = [
  { chunk: chunk("a1", "2098다1"), score: 0.04 },
  { chunk: chunk("a2", "2098다1"), score: 0.03 },
  { chunk: chunk("b1", "2097다2"), score: 0.02 },
  { chunk: chunk("c1", "2096다3"), score: 0.01 },
  { chunk: chunk("d1", "2095다4"), score: 0.01 },
];
const cite = (sentence: number, verdict: CitationSupport["verdict"]) =>
  checkedCitation(sentence, verdict, { offset: sentence, caseNo: "2098다1", claim: `주장 ${sentence}` });
const report = supportReport;

describe("declining on thin evidence", () => {
  it("before the answer: only reranked scores all below the threshold decline, naming the closest decisions once", () => {
    expect(thinEvidence(context, true, 0.05)).toMatchObject({
      stage: "before-answer",
      code: "declined_thin_evidence",
      score: 0.04,
      threshold: 0.05,
      closest: ["2098다1", "2097다2", "2096다3"],
    });
    expect(thinEvidence(context, true, 0.04)).toBeUndefined();
    // RRF or BM25 scores have no absolute meaning; 0 turns the gate off.
    expect(thinEvidence(context, false, 0.05)).toBeUndefined();
    expect(thinEvidence(context, true, 0)).toBeUndefined();
    expect(closestCases(context, 2)).toEqual(["2098다1", "2097다2"]);
  });

  it("after the check: a conclusion whose citations are all unsupported declines; one supported or weak citation keeps it", () => {
    expect(
      unsupportedConclusion(report([cite(0, "unsupported"), cite(1, "unsupported"), cite(2, "supported")]), context),
    ).toMatchObject({ stage: "after-support", code: "declined_unsupported" });
    expect(unsupportedConclusion(report([cite(0, "unsupported"), cite(1, "partly")]), context)).toBeUndefined();
    expect(unsupportedConclusion(report([cite(0, "supported"), cite(1, "unsupported")]), context)).toBeUndefined();
    expect(unsupportedConclusion(report([]), context)?.message).toContain("인용하지 않아");
    expect(unsupportedConclusion(report([]), [])).toBeUndefined();
  });
});
