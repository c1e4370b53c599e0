import { describe, expect, it } from "vitest";
import { parseList } from "@/lib/ai/parse-list";

const TERMS = { max: 3, maxLength: 30, exclude: ["질문"] };

describe("reading an LLM's list defensively", () => {
  it("reads each shape a model answers in, and says which fallback worked", () => {
    const cases: [string, string][] = [
      ['["임대인", "임대차보증금", "대항력"]', "json"],
      ['{"terms": ["임대인", "임대차보증금", "대항력"]}', "json"],
      ['[{"term": "임대인"}, {"term": "임대차보증금"}, {"term": "대항력"}]', "json"],
      ['```json\n["임대인", "임대차보증금", "대항력"]\n```', "fenced-json"],
      ['관련 용어는 다음과 같습니다.\n["임대인", "임대차보증금", "대항력"]\n참고하세요.', "embedded-json"],
      ["1. 임대인\n2. 임대차보증금\n3. 대항력", "lines"],
      ["- 임대인\n- 임대차보증금\n- 대항력", "lines"],
      ["임대인, 임대차보증금, 대항력", "comma"],
      ["“임대인”、‘임대차보증금’、대항력", "comma"],
    ];
    for (const [text, how] of cases) {
      expect(parseList(text, TERMS), text).toEqual({ ok: true, items: ["임대인", "임대차보증금", "대항력"], how });
    }
  });

  it("keeps the first three distinct items, dropping the question itself and over-long ones", () => {
    const list = JSON.stringify(["질문", "a", "a", "b", "x".repeat(40), "c", "d"]);
    expect(parseList(list, TERMS)).toEqual({
      ok: true,
      items: ["a", "b", "c"],
      how: "json",
    });
  });

  it("fails with a reason on empty output, prose, a broken array or only unusable items", () => {
    expect(parseList("   ", TERMS)).toEqual({ ok: false, reason: "응답이 비어 있습니다" });
    expect(parseList("잘 모르겠습니다.", TERMS)).toEqual({ ok: false, reason: "응답에서 목록을 찾지 못했습니다" });
    // A sentence with commas is prose, not a bare list.
    expect(parseList("임대인은, 보증금을 돌려줘야 합니다.", TERMS).ok).toBe(false);
    // A truncated array (the model was cut off) is still read, as a bare list.
    expect(parseList('["임대인", "보증금"', TERMS)).toEqual({ ok: true, items: ["임대인", "보증금"], how: "comma" });
    expect(parseList(`["${"가".repeat(40)}"]`, TERMS)).toEqual({
      ok: false,
      reason: "목록의 항목이 비었거나 너무 깁니다",
    });
  });
});
