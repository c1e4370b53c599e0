import { describe, expect, it } from "vitest";
import { markRanges, matchesFolded, snippetOf } from "@/lib/search/match";
import { parseSearchParams } from "@/lib/search/params";
import { formatTerm, parseQuery } from "@/lib/search/query";

const words = (q: string) => parseQuery(q).groups.map((g) => g.map(formatTerm));

describe("parseQuery", () => {
  it("ANDs words by default", () => {
    const p = parseQuery("손해배상  위자료");
    expect(words("손해배상  위자료")).toEqual([["손해배상"], ["위자료"]]);
    expect(p.excluded).toEqual([]);
    expect(p.hints).toEqual([]);
  });

  it("ORs the words on each side of OR, chained", () => {
    expect(words("사기 OR 횡령 OR 배임 고의")).toEqual([["사기", "횡령", "배임"], ["고의"]]);
    // Lower-case "or" is a word, not the operator.
    expect(words("사기 or 횡령")).toEqual([["사기"], ["or"], ["횡령"]]);
  });

  it('excludes -words and -"phrases"', () => {
    const p = parseQuery('임대차 -형사 -"정당한 사유"');
    expect(p.groups.map((g) => g.map(formatTerm))).toEqual([["임대차"]]);
    expect(p.excluded.map(formatTerm)).toEqual(["형사", '"정당한 사유"']);
    expect(p.hints).toEqual([]);
  });

  it("keeps a quoted phrase whole", () => {
    const p = parseQuery('"정당한  사유" 해고');
    expect(p.groups[0]).toEqual([{ text: "정당한 사유", phrase: true, scope: undefined }]);
    expect(p.groups[1]?.[0]?.phrase).toBe(false);
  });

  it("reads every field scope, on words and phrases", () => {
    const p = parseQuery('사건명:손해배상 판시사항:"사용자책임" 판결요지:과실 참조조문:제750조 법원:대법원');
    expect(p.groups.map((g) => g[0]?.scope)).toEqual(["사건명", "판시사항", "판결요지", "참조조문", "법원"]);
    expect(p.groups[1]?.[0]).toEqual({ text: "사용자책임", phrase: true, scope: "판시사항" });
    expect(p.hints).toEqual([]);
  });

  it("scopes an excluded word too", () => {
    const p = parseQuery("배상 -사건명:형사");
    expect(p.excluded).toEqual([{ text: "형사", phrase: false, scope: "사건명" }]);
  });

  it("an unbalanced quote: a hint, and the rest is searched as one phrase", () => {
    const p = parseQuery('해고 "정당한 사유');
    expect(words('해고 "정당한 사유')).toEqual([["해고"], ['"정당한 사유"']]);
    expect(p.hints.join(" ")).toMatch(/따옴표/);
  });

  it("a lone - : a hint, ignored", () => {
    const p = parseQuery("해고 - 무효");
    expect(words("해고 - 무효")).toEqual([["해고"], ["무효"]]);
    expect(p.hints.join(" ")).toMatch(/‘-’/);
  });

  it("OR at an edge or twice: a hint, the words still searched", () => {
    for (const q of ["OR 사기 횡령", "사기 횡령 OR", "사기 OR OR 횡령"]) {
      const p = parseQuery(q);
      expect(
        p.groups
          .flat()
          .map((t) => t.text)
          .sort(),
      ).toEqual(["사기", "횡령"]);
      expect(p.hints.join(" ")).toMatch(/OR는 두 낱말 사이/);
    }
  });

  it("an unknown scope: a hint naming the scopes, the word searched everywhere", () => {
    const p = parseQuery("주문:기각 해고");
    expect(words("주문:기각 해고")).toEqual([["기각"], ["해고"]]);
    expect(p.hints.join(" ")).toMatch(/‘주문:’.*사건명/);
  });

  it("a scope with nothing after it, empty quotes, only exclusions: hints", () => {
    expect(parseQuery("사건명: 해고").hints.join(" ")).toMatch(/사건명:’ 뒤에/);
    expect(parseQuery('"" 해고').hints.join(" ")).toMatch(/빈 따옴표/);
    const onlyOut = parseQuery("-형사");
    expect(onlyOut.groups).toEqual([]);
    expect(onlyOut.hints.join(" ")).toMatch(/빼는 낱말만/);
  });

  it("bounds the number of words and the length", () => {
    const many = parseQuery(Array.from({ length: 30 }, (_, i) => `낱말${i}`).join(" "));
    expect(many.groups.flat()).toHaveLength(20);
    expect(many.hints.join(" ")).toMatch(/20개/);
    expect(parseQuery("가".repeat(600)).hints.join(" ")).toMatch(/500자/);
  });

  it("never throws on odd input", () => {
    for (const q of ['"', "-", "OR", ":", "사건명:", '-"', '""""', "\u0000", '법원:"', "a:b"]) {
      expect(() => parseQuery(q)).not.toThrow();
    }
  });
});

describe("matching and marks by the tokenizer's units", () => {
  const term = (text: string, phrase = false) => ({ text, phrase });

  it("a word with a particle in the query finds the bare word, and the reverse", () => {
    expect(matchesFolded("피고는손해배상책임이있다", term("손해배상을"))).toBe(true);
    expect(matchesFolded("손해배상을청구", term("손해배상"))).toBe(true);
    expect(matchesFolded("부당이득반환", term("손해배상"))).toBe(false);
  });

  it("marks the whole word that holds the term (손해배상을 for 손해배상)", () => {
    const text = "원고는 피고에게 손해배상을 청구하였다.";
    const [[a, b]] = markRanges(text, [term("손해배상")]) as [[number, number]];
    expect(text.slice(a, b)).toBe("손해배상을");
  });

  it("marks a phrase across its spacing", () => {
    const text = "해고에 정당한  사유가 없다";
    const ranges = markRanges(text, [term("정당한 사유", true)]);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(["정당한  사유"]);
  });

  it("a snippet keeps its marks on the words it shows", () => {
    const text = `${"가나다라 ".repeat(80)}임차인의 보증금 반환 ${"마바사 ".repeat(80)}`;
    const s = snippetOf({ id: "c1", section: "판례내용", text }, [term("보증금")]);
    expect(s.text.length).toBeLessThan(240);
    expect(s.marks.map(([a, b]) => s.text.slice(a, b))).toEqual(["보증금"]);
  });

  it("marks what BM25 read as the same word: hanja read in hangul, a compound holding the word", () => {
    const text = "원고는 損害賠償을 청구하였고, 손해배상청구권은 소멸하지 않았다. 배상만 따로 적은 말.";
    const marked = markRanges(text, [term("손해배상")]).map(([a, b]) => text.slice(a, b));
    expect(marked).toContain("損害賠償을");
    expect(marked).toContain("손해배상청구권은");
    expect(marked).not.toContain("배상만");
  });
});

describe("bad input gets a plain hint, and the rest still searches", () => {
  it("a pasted 10,000-character text is cut, not dropped, and the box says what was searched", () => {
    const long = "임대차 보증금 반환 ".repeat(1_000);
    const params = parseSearchParams({ q: long });
    expect(params.q.length).toBe(2_000);
    const p = parseQuery(params.q);
    expect(p.hints.join(" ")).toMatch(/앞의 500자만/);
    expect(p.groups.length).toBeGreaterThan(0);
  });

  it("500 ORs keep the first 20 words, with a hint", () => {
    const p = parseQuery(Array.from({ length: 500 }, (_, i) => `낱말${i}`).join(" OR "));
    expect(p.groups.flat().length).toBeLessThanOrEqual(20);
    expect(p.hints.join(" ")).toMatch(/앞의 20개만/);
  });

  it("unbalanced and stray quotes become a phrase and a note", () => {
    const p = parseQuery('"정당한 사유 "해고" -"');
    expect(p.hints.length).toBeGreaterThan(0);
    expect(p.groups.flat().length + p.excluded.length).toBeGreaterThan(0);
  });
});
