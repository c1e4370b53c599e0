import { describe, expect, it } from "vitest";
import { readHanja } from "@/lib/text/hanja-reading";
import { legalUnits } from "@/lib/text/legal-units";
import { TOKENIZER_VERSION, tokenizeKo, tokenSpansKo } from "@/lib/text/tokenize-ko";

// Legal phrases and the tokens the default tokenizer must make of them, written by hand from how a
// lawyer reads each phrase (units first, then each word's bigrams and "^" head, in text order).
const TABLE: [string, string][] = [
  // 제N조 / 항 / 호 / 목 / 자 / 심: one unit each, a glued particle swallowed
  ["제3자에게", "제3자"],
  ["제3자의 권리", "제3자 권리 ^권리"],
  ["선의의 제3자", "제3자 선의 ^선의"],
  ["제3자로서는", "제3자"],
  ["제1항", "제1항"],
  ["제2호에", "제2호"],
  ["제3목", "제3목"],
  ["제1심 판결", "제1심 판결 ^판결"],
  ["제2심에서", "제2심"],
  ["제750조", "제750조"],
  ["제750조의2", "제750조의2"],
  ["제 750 조", "제750조"],
  ["제750조의 규정", "제750조 규정 ^규정"],
  ["제1, 2항", "제1항 제2항"],
  ["제1, 2, 3호", "제1호 제2호 제3호"],
  ["제5장", "제5장"],
  ["제2편 제1장 제3절", "제2편 제1장 제3절"],
  ["제3차 변론기일", "제3차 변론 론기 기일 ^변론"],
  ["제삼자", "제3자"],
  ["제일심", "제1심"],
  // statute + article: the qualified unit, the bare article
  ["민법 제750조", "민법제750조 제750조 민법 ^민법"],
  ["민법 제750조에 따라", "민법제750조 제750조 민법 ^민법 따라 ^따라"],
  ["민법 750조", "민법제750조 제750조 민법 ^민법"],
  ["민법제750조", "민법제750조 제750조 민법 ^민법"],
  ["형법 제1, 2조", "제1조 제2조 형법 ^형법"],
  ["헌법 제11조 제1항", "헌법제11조 제11조 제1항 헌법 ^헌법"],
  ["민사소송법 제217조", "민사소송법제217조 제217조 민사 사소 소송 송법 ^민사"],
  ["소득세법 시행령 제3조", "소득세법시행령제3조 제3조 소득 득세 세법 ^소득 시행 행령 ^시행"],
  ["민법 제750조, 같은 법 제751조", "민법제750조 제750조 민법제751조 제751조 민법 ^민법 같은 ^같은"],
  ["상법 제24조 및 동법 제25조", "상법제24조 제24조 상법제25조 제25조 상법 ^상법 동법 ^동법"],
  ["같은 법 제3조", "제3조 같은 ^같은"],
  ["법 제3조", "제3조"],
  ["해석 방법 제3조", "제3조 해석 ^해석 방법 ^방법"],
  // case numbers, joined numbers, long serials
  ["2009다228", "2009다228"],
  ["94므826, 833", "94므826 94므833"],
  ["94므826,833", "94므826 94므833"],
  ["2010다12345, 12352, 12369 판결", "2010다12345 2010다12352 2010다12369 판결 ^판결"],
  ["94므826, 95므1", "94므826 95므1"],
  ["2019가단5012345", "2019가단5012345"],
  ["2020가합123456", "2020가합123456"],
  ["2015헌바370", "2015헌바370"],
  ["2003추10", "2003추10"],
  ["선고 2009다228 판결", "2009다228 선고 ^선고 판결 ^판결"],
  ["2009다228, 1995. 3. 3. 선고", "2009다228 1995 3 3 선고 ^선고"],
  // spaced as lawyers write it: read as the case number (the one citation reader)
  ["2009 다 228", "2009다228"],
  ["2009다 228", "2009다228"],
  // no false identifiers from amounts and dates
  ["300만원 20", "300 만원 ^만원 20"],
  ["2009년 12월 31일", "2009 12 31"],
  ["2000. 1. 1. 시행", "2000 1 1 시행 ^시행"],
  ["12동 301호", "12 301"],
  ["금 15,000,000원", "15000000"],
  ["1,234원과 20,000원", "1234 20000 원과 ^원과"],
  ["3조 원", "3"],
  ["1조2천억 원", "1 2 천억 ^천억"],
  ["20도 이상", "20 이상 ^이상"],
  // hanja read as Hangul, with the word-initial sound law and 不
  ["損害賠償", "손해 해배 배상 ^손해"],
  ["損害賠償을 請求", "손해 해배 배상 ^손해 청구 ^청구"],
  ["不動産", "부동 동산 ^부동"],
  ["不當利得", "부당 당이 이득 ^부당"],
  ["勞動", "노동 ^노동"],
  ["女子", "여자 ^여자"],
  ["第750條", "제750조"],
  ["民法 第750條", "민법제750조 제750조 민법 ^민법"],
  ["第三者", "제3자"],
  // plain words keep the bigrams and head of the previous tokenizer
  ["손해배상을", "손해 해배 배상 ^손해"],
  ["사실혼관계", "사실 실혼 혼관 관계 ^사실"],
  ["부당이득반환청구", "부당 당이 이득 득반 반환 환청 청구 ^부당"],
  ["소멸시효가 완성되었다", "소멸 멸시 시효 ^소멸 완성 성되 되었 었다 ^완성"],
];

describe("tokenizeKo: legal phrases", () => {
  it("has a table of at least 60 phrases", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });
  it.each(TABLE)("%s", (phrase, expected) => {
    expect(tokenizeKo(phrase)).toEqual(expected.split(" ").filter(Boolean));
  });
});

describe("joined case numbers", () => {
  it("reads each part as the full number, inheriting year and letters", () => {
    const units = legalUnits("대법원 1994. 11. 25. 선고 94므826, 833 판결");
    expect(units.flatMap((u) => u.tokens)).toEqual(["94므826", "94므833"]);
  });
  it("stops at a part that is a full number or a date", () => {
    expect(tokenizeKo("2009다1, 2, 2010다3").filter((t) => /다/.test(t))).toEqual(["2009다1", "2009다2", "2010다3"]);
    expect(tokenizeKo("2009다1, 2010. 1. 5.")).not.toContain("2009다2010");
  });
  it("never makes a bare serial token of a joined part", () => {
    expect(tokenizeKo("94므826, 833")).not.toContain("833");
  });
});

describe("hanja", () => {
  it("reads hanja as Hangul, same length, other text untouched", () => {
    const text = "원고의 損害賠償 請求는 不動産에 관한 것";
    const read = readHanja(text);
    expect(read).toBe("원고의 손해배상 청구는 부동산에 관한 것");
    expect(read.length).toBe(text.length);
  });
  it("applies the word-initial sound law per word, not inside one", () => {
    expect(readHanja("勞動")).toBe("노동");
    expect(readHanja("不勞")).toBe("불로");
    expect(readHanja("利益 權利")).toBe("이익 권리");
    expect(readHanja("不當利得 國民年金")).toBe("부당이득 국민연금");
  });
  it("shares every token between a hanja compound and its Hangul", () => {
    expect(tokenizeKo("所有權移轉登記")).toEqual(tokenizeKo("소유권이전등기"));
  });
});

describe("tokenSpansKo", () => {
  it("maps units and words back to the original text, hanja and full-width forms included", () => {
    const text = "①損害賠償을 민법 제750조에 따라";
    const spans = tokenSpansKo(text).map((s) => [text.slice(s.start, s.end), s.tokens.join(" ")]);
    expect(spans).toEqual([
      ["①", "1"],
      ["損害賠償을", "손해 해배 배상 ^손해"],
      ["민법", "민법 ^민법"],
      ["제750조에", "민법제750조 제750조"],
      ["따라", "따라 ^따라"],
    ]);
  });
  it("yields the same tokens as tokenizeKo", () => {
    const text = "피고는 원고에게 2009다228 판결에 따라 금 15,000,000원을 지급하라";
    expect(
      tokenSpansKo(text)
        .flatMap((s) => s.tokens)
        .sort(),
    ).toEqual(tokenizeKo(text).sort());
  });
  it("is versioned", () => {
    expect(TOKENIZER_VERSION).toBeGreaterThanOrEqual(3);
  });
});
