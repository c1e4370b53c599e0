import { describe, expect, it } from "vitest";
import { readHanja } from "@/lib/text/hanja-reading";
import { HANJA_READINGS, HANJA_WORDS } from "@/lib/text/hanja-words";
import { tokenizeKo } from "@/lib/text/tokenize-ko";

// Legal Korean as old decisions write it, with the reading a lawyer types. Written for this test.
const TABLE: [string, string][] = [
  ["不當利得返還", "부당이득반환"],
  ["無權利者", "무권리자"],
  ["身體的", "신체적"],
  ["侵襲", "침습"],
  ["損害賠償", "손해배상"],
  ["女子", "여자"],
  ["勞動", "노동"],
  ["不勞所得", "불로소득"],
  ["來日", "내일"],
  ["善良한 管理者", "선량한 관리자"],
  ["不動産", "부동산"],
  ["不當", "부당"],
  ["國民年金", "국민연금"],
  ["債務不履行", "채무불이행"],
  ["權利濫用", "권리남용"],
  ["法定利率", "법정이율"],
  ["不利益變更", "불이익변경"],
  ["契約更新", "계약갱신"],
  ["未成年者", "미성년자"],
  ["男女老少", "남녀노소"],
  ["勞動組合", "노동조합"],
  ["去來日", "거래일"],
  ["新年度", "신년도"],
  ["一九九〇年度", "일구구〇년도"],
  ["同年六月", "동년유월"],
  ["相殺", "상계"],
  ["承諾", "승낙"],
  ["營利目的", "영리목적"],
  ["連帶保證人", "연대보증인"],
  ["留置權者", "유치권자"],
  ["療養給與", "요양급여"],
  ["損害賠償請求權", "손해배상청구권"],
  ["不法行爲", "불법행위"],
  ["法律行爲", "법률행위"],
  ["自律的", "자율적"],
  ["拘束令狀", "구속영장"],
  ["訴狀 副本", "소장 부본"],
  ["原狀回復", "원상회복"],
  ["利害關係人", "이해관계인"],
  ["立證責任", "입증책임"],
  ["論理와 經驗則", "논리와 경험칙"],
  ["老人福祉", "노인복지"],
];

describe("readHanja, word by word", () => {
  it.each(TABLE)("%s → %s", (hanja, hangul) => {
    expect(readHanja(hanja)).toBe(hangul);
  });
  it("keeps every offset: one syllable per hanja, other text untouched", () => {
    for (const [hanja] of TABLE) expect(readHanja(`(${hanja})을`).length).toBe(hanja.length + 3);
    expect(readHanja("원고의 不當利得返還 청구")).toBe("원고의 부당이득반환 청구");
  });
  it("makes the same tokens of a hanja phrase and its Hangul", () => {
    expect(tokenizeKo("身體的")).toEqual(tokenizeKo("신체적"));
    expect(tokenizeKo("不當利得返還請求")).toEqual(tokenizeKo("부당이득반환청구"));
    expect(tokenizeKo("無權利者의 處分")).toEqual(tokenizeKo("무권리자의 처분"));
  });
});

describe("the word table", () => {
  const words = HANJA_WORDS.split(/\s+/).filter(Boolean);
  it("holds only hanja words of two or more, each once", () => {
    for (const w of [...words, ...Object.keys(HANJA_READINGS)]) expect(w).toMatch(/^\p{Script=Han}{2,}$/u);
    expect(new Set(words).size).toBe(words.length);
    for (const w of Object.keys(HANJA_READINGS)) expect(words).not.toContain(w);
  });
  it("gives one Hangul syllable per hanja in every explicit reading", () => {
    for (const [w, read] of Object.entries(HANJA_READINGS)) {
      expect(read).toMatch(/^\p{Script=Hangul}+$/u);
      expect(read.length).toBe(w.length);
    }
  });
});
