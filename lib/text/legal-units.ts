/**
 * The legal units of a (normalised, hanja-read) text that BM25 should see whole: the anchors a
 * lawyer types and expects to match exactly. Each comes with its span, so that the tokenizer leaves
 * those characters out of its word n-grams and a search page can highlight the unit.
 *
 *  - 사건번호 "2009다228", with a joined number "94므826, 833" read as the full numbers it stands for
 *    (94므826 and 94므833: a later part inherits the first part's year and case-type letters) and
 *    serials of any length ("2019가단5012345"). Only real case-type letters (사건부호) count, so an
 *    amount or a date ("300만원 20", "2009년 12") is never glued into a false identifier.
 *  - Article-style words "제750조", "제750조의2", "제1항", "제3자", "제1심" as one unit, never "3" and
 *    "자에"; a list "제1, 2항" as 제1항 and 제2항; "750조" (without 제) as 제750조 unless an amount
 *    ("3조 원") follows.
 *  - An article with its statute "민법 제750조" as "민법제750조" (which 제750조 it is), plus the bare
 *    "제750조" (matches a question that names the article alone). "같은 법 제3조" / "동법 제3조" name
 *    the statute last named before it in the same text.
 *  - Amounts with thousands separators "15,000,000" as one number.
 */

import { readCaseCitations } from "./case-citation";

export interface Unit {
  start: number;
  end: number;
  tokens: string[];
}

// "제750조의2", "제1, 2항", "제3자": 제 + number(s) + the kind of the numbered thing.
const NUMBERED = /제\s?(\d+(?:\s?[,ㆍ·]\s?(?:제\s?)?\d+)*)\s?(조(?:의\s?\d+)?|항|호|목|자|심|편|장|절|관|회|차)/gu;
// "750조" without 제, unless an amount follows ("3조 원", "1조2천억").
const BARE_ARTICLE = /(?<![\d.,제])(\d+)\s?조(?:의\s?(\d+))?(?!\s?(?:원|\d|[천백억만]))/gu;
// "제삼자", "제일심" (as written in Hangul, and as 第三者 / 第一審 read): the same units as 제3자, 제1심.
const SINO_NUMBERED = /(?<![가-힣])제(일|이|삼)(자|심)/gu;
const SINO_DIGITS: Record<string, string> = { 일: "1", 이: "2", 삼: "3" };
const AMOUNT = /(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])/gu;
// The statute just before an article: "민법 ", "민사소송법 ", "소득세법 시행령 ", "같은 법 ", "동법 ".
const LAW_BEFORE = /(?:^|[^가-힣])((?:같은|동)\s?(?:법률|법)|[가-힣]*법)(?:\s?(시행령|시행규칙))?\s?$/u;
// Words ending in 법 that are not statutes.
const NOT_LAWS = new Set(["방법", "위법", "불법", "적법", "편법", "입법", "사법", "법"]);

/** Particles a unit may carry ("제3자에게", "제750조에"): swallowed with it. */
const UNIT_PARTICLES = new Set(
  (
    "에게서 에게는 에서는 으로서 으로써 으로는 에서 에게 에는 에도 으로 로서 로써 와의 과의 에의 " +
    "로서는 으로서는 에게도 에게만 에서도 로부터 까지 부터 " +
    "의 에 는 은 이 가 을 를 와 과 도 만 로 및 상 나 며 란 이란 라는 이라는"
  ).split(" "),
);

function overlaps(spans: Unit[], start: number, end: number): boolean {
  return spans.some((s) => start < s.end && s.start < end);
}

/** Extends a unit's end over a particle glued to it. */
function withParticle(text: string, end: number): number {
  const rest = /^[가-힣]+/u.exec(text.slice(end))?.[0];
  return rest && UNIT_PARTICLES.has(rest) ? end + rest.length : end;
}

// Case numbers as the one reader reads them (case-citation.ts): the unit covers the numbers only
// (the court and date around them stay ordinary words), its tokens every case they stand for.
function caseNumbers(text: string, out: Unit[]): void {
  for (const citation of readCaseCitations(text)) {
    const first = citation.numbers[0];
    const last = citation.numbers.at(-1);
    if (!first || !last) continue;
    out.push({ start: first.start, end: last.end, tokens: [...new Set(citation.caseNos)] });
  }
}

function articleKind(kind: string): { kind: string; sub?: string } {
  const m = /^조(?:의\s?(\d+))?$/u.exec(kind);
  return m ? { kind: "조", sub: m[1] } : { kind };
}

interface Numbered {
  start: number;
  end: number;
  numbers: string[];
  kind: string;
  sub?: string;
}

function numbered(text: string, out: Unit[]): void {
  const found: Numbered[] = [];
  for (const m of text.matchAll(NUMBERED)) {
    const start = m.index ?? 0;
    const numbers = (m[1] ?? "").split(/[,ㆍ·]/).map((n) => n.replace(/[\s제]/g, ""));
    found.push({ start, end: start + m[0].length, numbers, ...articleKind(m[2] ?? "") });
  }
  for (const m of text.matchAll(BARE_ARTICLE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (found.some((f) => start < f.end && f.start < end)) continue;
    found.push({ start, end, numbers: [m[1] ?? ""], kind: "조", sub: m[2] });
  }
  // In text order, so that "같은 법" refers to the statute named last before it.
  let lastLaw = "";
  for (const f of found.sort((a, b) => a.start - b.start)) {
    const suffix = f.sub ? `의${f.sub}` : "";
    const tokens = f.numbers.map((n) => `제${n}${f.kind}${suffix}`);
    if (f.kind === "조" && f.numbers.length === 1) {
      const law = statuteBefore(text.slice(Math.max(0, f.start - 40), f.start), lastLaw);
      if (law.named) lastLaw = law.named;
      if (law.name) tokens.unshift(`${law.name}${tokens[0]}`);
    }
    out.push({ start: f.start, end: withParticle(text, f.end), tokens });
  }
  for (const m of text.matchAll(SINO_NUMBERED)) {
    const start = m.index ?? 0;
    const tokens = [`제${SINO_DIGITS[m[1] ?? ""]}${m[2]}`];
    out.push({ start, end: withParticle(text, start + m[0].length), tokens });
  }
}

/**
 * The statute named right before an article: `name` to qualify this article with, `named` when the
 * text names a statute here (what a later "같은 법" refers to).
 */
function statuteBefore(before: string, lastLaw: string): { name?: string; named?: string } {
  const m = LAW_BEFORE.exec(before);
  if (!m) return {};
  const word = (m[1] ?? "").replace(/\s/g, "");
  const decree = m[2] ?? "";
  if (word === "같은법" || word === "동법" || word === "같은법률" || word === "동법률") {
    return lastLaw ? { name: `${lastLaw}${decree}` } : {};
  }
  if (NOT_LAWS.has(word) || word.endsWith("방법")) return {};
  return { name: `${word}${decree}`, named: word };
}

function amounts(text: string, out: Unit[]): void {
  const found: Unit[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (!overlaps(out, start, end)) found.push({ start, end, tokens: [m[0].replace(/,/g, "")] });
  }
  out.push(...found);
}

/** The legal units of `text` (already normalised and hanja-read), in text order, not overlapping. */
export function legalUnits(text: string): Unit[] {
  const out: Unit[] = [];
  caseNumbers(text, out);
  const articles: Unit[] = [];
  numbered(text, articles);
  // A case number wins over an article-looking piece inside it (none in practice; kept safe).
  for (const a of articles) if (!overlaps(out, a.start, a.end)) out.push(a);
  amounts(text, out);
  return out.sort((a, b) => a.start - b.start);
}
