import { describe, expect, it } from "vitest";
import { chunkDecision, splitText } from "@/lib/ingest/chunk";
import type { ParsedDecision } from "@/lib/text/decision";
import { stripParticle, TOKENIZER_VARIANTS, tokenizeBigrams, tokenizeKo } from "@/lib/text/tokenize-ko";

const sentence = (i: number) => `제${i}문장에서 법원은 손해배상 책임의 범위를 판단하였다. `;
const longText = Array.from({ length: 40 }, (_, i) => sentence(i)).join("");

const decision = (text: string): ParsedDecision => ({
  meta: {
    caseNo: "2000다1",
    caseName: "손해배상",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2000-01-01",
  },
  sections: [
    { name: "판시사항", text: "짧은 판시사항" },
    { name: "판례내용", text },
  ],
});

describe("structure-aware chunking", () => {
  it("keeps a short section whole and splits only past the chunk size", () => {
    const chunks = chunkDecision(decision(longText), { corpusId: "c", chunkSize: 300, chunkOverlap: 60 });
    expect(chunks[0]).toMatchObject({ section: "판시사항", sectionOrder: 0, text: "짧은 판시사항" });
    const body = chunks.filter((c) => c.section === "판례내용");
    expect(body.length).toBeGreaterThan(3);
    expect(body.map((c) => c.sectionOrder)).toEqual(body.map((_, i) => i));
    for (const c of body) expect(c.text.length).toBeLessThanOrEqual(300);
    // Split on sentence boundaries, not mid-word.
    for (const c of body) expect(c.text.endsWith("판단하였다.")).toBe(true);
  });

  it("overlaps neighbouring chunks and loses no text", () => {
    const parts = splitText(longText.trim(), 300, 60);
    for (let i = 1; i < parts.length; i++) {
      const tail = (parts[i - 1] ?? "").slice(-40);
      expect(parts[i]?.includes(tail.trim().slice(-20))).toBe(true);
    }
    for (let i = 0; i < 40; i++) expect(parts.some((p) => p.includes(`제${i}문장에서`))).toBe(true);
  });

  it("falls back to spaces and then characters for text without sentence ends", () => {
    const words = Array.from({ length: 200 }, (_, i) => `단어${i}`).join(" ");
    expect(splitText(words, 100, 10).every((p) => p.length <= 100)).toBe(true);
    expect(splitText("가".repeat(1000), 300, 0).every((p) => p.length <= 300)).toBe(true);
  });

  it("overlaps even when a single sentence is longer than the overlap, from a word boundary", () => {
    const long = Array.from({ length: 12 }, (_, i) => `가나다라마바사 ${i}번째 긴 문장의 일부가 이어지고`).join(" ");
    const parts = splitText(long, 200, 50);
    expect(parts.length).toBeGreaterThan(1);
    for (let i = 1; i < parts.length; i++) {
      const head = (parts[i] ?? "").slice(0, 20);
      expect(parts[i - 1]?.includes(head)).toBe(true);
      expect(long.includes(parts[i] ?? "")).toBe(true); // cut at word starts, nothing invented
    }
  });

  it("never exceeds a small chunk size, even for one enormous token", () => {
    expect(splitText("가".repeat(500), 100, 20).every((p) => p.length <= 100)).toBe(true);
    expect(splitText("   ", 100, 20)).toEqual([]);
  });

  it("carries all metadata and a stable id", () => {
    const a = chunkDecision(decision(longText), { corpusId: "c", chunkSize: 300, chunkOverlap: 60 });
    const b = chunkDecision(decision(longText), { corpusId: "c", chunkSize: 300, chunkOverlap: 60 });
    expect(a.map((c) => c.id)).toEqual(b.map((c) => c.id));
    expect(new Set(a.map((c) => c.id)).size).toBe(a.length);
    expect(chunkDecision(decision(longText), { corpusId: "other" })[0]?.id).not.toBe(a[0]?.id);
    expect(a[1]).toMatchObject({
      caseNo: "2000다1",
      court: "대법원",
      caseType: "민사",
      decisionDate: "2000-01-01",
      corpusId: "c",
    });
    expect(a[1]?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("Korean BM25 tokenizer", () => {
  it("keeps statute articles and case numbers whole", () => {
    const tokens = tokenizeKo("민법 제750조 제1항 및 대법원 2009다228 판결, 94므826 참조");
    for (const t of ["제750조", "제1항", "2009다228", "94므826"]) expect(tokens).toContain(t);
  });

  it("strips particles so inflected forms share tokens", () => {
    expect(stripParticle("손해배상을")).toBe("손해배상");
    expect(stripParticle("법원에서는")).toBe("법원");
    expect(stripParticle("책임이")).toBe("책임");
    expect(stripParticle("이가")).toBe("이가"); // never below two syllables
    const a = new Set(tokenizeKo("손해배상을 청구하였다"));
    const b = new Set(tokenizeKo("손해배상의 청구"));
    expect([...a].filter((t) => b.has(t))).toEqual(expect.arrayContaining(["손해", "해배", "배상", "청구"]));
  });

  it("matches compounds written with or without spaces", () => {
    const joined = new Set(tokenizeBigrams("사실혼관계"));
    const spaced = tokenizeBigrams("사실혼 관계");
    expect(spaced.every((t) => joined.has(t))).toBe(true);
    // The default shares all bigrams too; only the word-head markers tell the spellings apart.
    const defaultJoined = new Set(tokenizeKo("사실혼관계"));
    expect(tokenizeKo("사실혼 관계").filter((t) => !defaultJoined.has(t))).toEqual(["^관계"]);
  });

  it("marks each word's head so whole words outrank the same syllables inside another word", () => {
    expect(tokenizeKo("반지를 돌려받을")).toEqual(["반지", "^반지", "돌려", "려받", "^돌려"]);
    expect(tokenizeKo("위반지역")).not.toContain("^반지");
  });

  it("normalises width and case, and drops one-syllable particles", () => {
    expect(tokenizeKo("ＡＢＣ 법")).toEqual(["abc"]);
    // Hanja are read as Hangul (v3): a lone 甲 reads 갑, a one-syllable word like any other.
    expect(tokenizeKo("［１］ 損害賠償 甲")).toEqual(["1", "손해", "해배", "배상", "^손해"]);
  });

  it("exports every measured variant, each a pure function of the text", () => {
    for (const tokenize of Object.values(TOKENIZER_VARIANTS)) {
      expect(tokenize("민법 제750조의 손해배상")).toEqual(tokenize("민법 제750조의 손해배상"));
    }
    expect(TOKENIZER_VARIANTS.default).toBe(tokenizeKo);
  });
});
