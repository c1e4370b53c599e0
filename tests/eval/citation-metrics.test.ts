import { describe, expect, it } from "vitest";
import { citationPrecision, citationsOf, citesGold } from "@/lib/eval/citation-metrics";

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
