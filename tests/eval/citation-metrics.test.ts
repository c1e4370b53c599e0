import { describe, expect, it } from "vitest";
import {
  citationPrecision,
  citationSupportRate,
  citationsOf,
  citesGold,
  supportCountsOf,
} from "@/lib/eval/citation-metrics";
import type { CitationSupport } from "@/lib/rag/support/types";
import { checkedCitation, supportReport } from "../support/support-report";

const CONTEXT = ["76므41", "94므826, 833", "2009다228"];

describe("citation trust on hand-made answers", () => {
  it("splits cited case numbers into found in the context and flagged", () => {
    const a = citationsOf(
      "청구할 수 없습니다(대법원 76므41). 같은 취지로 94므833 판결이 있고, 2000다99999도 있습니다.",
      CONTEXT,
    );
    expect(a).toEqual({ valid: ["76므41", "94므833"], flagged: ["2000다99999"] });
    // The same number twice counts once.
    expect(citationsOf("76므41 … 다시 76므41", CONTEXT)).toEqual({ valid: ["76므41"], flagged: [] });
    expect(citationsOf("판례 없이 답합니다.", CONTEXT)).toEqual({ valid: [], flagged: [] });
  });

  it("precision is valid over all citations, summed over answers; flagged ones count against", () => {
    const answers = [
      citationsOf("(76므41), (2009다228)", CONTEXT), // 2 valid
      citationsOf("(76므41), (2000다1), (2001다2)", CONTEXT), // 1 valid, 2 flagged
      citationsOf("근거 판례 없음", CONTEXT), // nothing cited: counts neither way
    ];
    expect(citationPrecision(answers)).toBeCloseTo(3 / 5, 12);
    expect(citationPrecision([citationsOf("없음", CONTEXT)])).toBeUndefined();
    expect(citationPrecision([citationsOf("(2000다1)", [])])).toBe(0); // LLM only: nothing to cite from
  });

  it("gold citation: an answer citing a gold case among its valid citations (joined numbers match each part)", () => {
    expect(citesGold(citationsOf("(94므826)", CONTEXT), ["94므826, 833"])).toBe(true);
    expect(citesGold(citationsOf("(94므833)", CONTEXT), ["94므826, 833"])).toBe(true);
    expect(citesGold(citationsOf("(2009다228)", CONTEXT), ["76므41"])).toBe(false);
    // Citing the gold case from memory, without it in the context, is flagged and does not count.
    expect(citesGold(citationsOf("(76므41)", []), ["76므41"])).toBe(false);
  });
});

describe("citation support rate", () => {
  const cite = (sentence: number, verdict: CitationSupport["verdict"]) =>
    checkedCitation(sentence, verdict, { offset: sentence * 10, caseNo: "76므41", claim: `문장 ${sentence}` });
  const report = supportReport;

  it("counts cited sentences, a sentence supported when any of its citations is", () => {
    expect(
      supportCountsOf(
        report([cite(0, "supported"), cite(0, "unsupported"), cite(1, "partly"), cite(2, "unsupported")]),
      ),
    ).toEqual({ sentences: 3, supported: 1 });
  });

  it("pools sentences over answers; an answer citing nothing counts neither way", () => {
    expect(
      citationSupportRate([
        { sentences: 3, supported: 1 },
        { sentences: 1, supported: 1 },
        { sentences: 0, supported: 0 },
      ]),
    ).toBeCloseTo(2 / 4, 12);
    expect(citationSupportRate([{ sentences: 0, supported: 0 }])).toBeUndefined();
  });
});
