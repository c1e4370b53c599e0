import hanjaModule from "hanja";
import { HANJA_READINGS, HANJA_WORDS } from "./hanja-words";

/**
 * Hanja read as Hangul, so "損害賠償" in an old decision shares its tokens with "손해배상" in a
 * question. Character readings and the word-initial sound law (두음법칙: 女子 → 여자, 利益 → 이익)
 * come from the maintained `hanja` package; where words start inside a run of hanja comes from our
 * curated word table (lib/text/hanja-words.ts), because that law applies at the head of a word only
 * (勞動 → 노동 but 不勞 → 불로; 不當利得返還 → 부당이득반환 but 無權利者 → 무권리자).
 *
 * Each run is cut into table words by dynamic programming (most characters covered, then fewest
 * words, then the longest word first); a table word is read with the law at its head, and hanja no
 * word covers are read on from the character before them, as one word with it. Also, 不 reads 부
 * before a syllable starting with ㄷ or ㅈ (不動産 → 부동산, 不當 → 부당), the standard reading.
 *
 * Every hanja is read as exactly one syllable, so offsets in the text are unchanged.
 */

// A CommonJS package with an `exports.default`: Node's ESM loader hands over the whole exports
// object, bundlers the default — accept both.
type Hanja = typeof hanjaModule;
const hanja: Hanja = "translate" in hanjaModule ? hanjaModule : (hanjaModule as unknown as { default: Hanja }).default;

const HAN_RUN = /\p{Script=Han}+/gu;
const HANGUL_BASE = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** A number written in hanja: 年 after it is a unit, not a word head (一九九〇年度 → …년도). */
const NUMERALS = new Set("〇零一二三四五六七八九十百千萬");

/** Initial consonant index (0..18) of a precomposed Hangul syllable: ㄷ = 3, ㅈ = 12. */
function initialOf(syllable: string): number {
  const code = syllable.charCodeAt(0);
  if (code < HANGUL_BASE || code > HANGUL_LAST) return -1;
  return Math.floor((code - HANGUL_BASE) / 588);
}

function withBu(run: string, read: string): string {
  if (read.length !== run.length || !run.includes("不")) return read;
  let out = "";
  for (let i = 0; i < run.length; i++) {
    const next = read.charAt(i + 1);
    out += run.charAt(i) === "不" && (initialOf(next) === 3 || initialOf(next) === 12) ? "부" : read.charAt(i);
  }
  return out;
}

type Lexicon = { readings: Map<string, string>; heads: Set<string>; maxLength: number };
let lexicon: Lexicon | undefined;

/** Built on first use (about 500 words: a few tens of KB), then kept. */
function getLexicon(): Lexicon {
  if (lexicon) return lexicon;
  const readings = new Map<string, string>();
  for (const word of HANJA_WORDS.split(/\s+/)) {
    if (word) readings.set(word, withBu(word, hanja.translate(word, "SUBSTITUTION")));
  }
  for (const [word, read] of Object.entries(HANJA_READINGS)) readings.set(word, read);
  let maxLength = 0;
  const heads = new Set<string>();
  for (const word of readings.keys()) {
    maxLength = Math.max(maxLength, word.length);
    heads.add(word.charAt(0));
  }
  lexicon = { readings, heads, maxLength };
  return lexicon;
}

/** A run of hanja cut into table words (start, end) by the costs in the header comment. */
function segment(run: string, { readings, heads, maxLength }: Lexicon): [number, number][] {
  const n = run.length;
  // best[i]: the cut of the suffix from i — characters no word covers, words used, where its first
  // piece ends, and whether that piece is a word.
  type Cut = { uncovered: number; words: number; end: number; word: boolean };
  const best: Cut[] = new Array(n + 1);
  best[n] = { uncovered: 0, words: 0, end: n, word: false };
  for (let i = n - 1; i >= 0; i--) {
    const after = best[i + 1] as Cut;
    let cut: Cut = { uncovered: after.uncovered + 1, words: after.words, end: i + 1, word: false };
    // After a numeral no word starts: 年, 月 there are units (二〇一〇年度, not …年 + 度).
    const canStart = heads.has(run.charAt(i)) && !(i > 0 && NUMERALS.has(run.charAt(i - 1)));
    for (let len = Math.min(maxLength, n - i); canStart && len >= 2; len--) {
      if (!readings.has(run.slice(i, i + len))) continue;
      const rest = best[i + len] as Cut;
      const u = rest.uncovered;
      const w = rest.words + 1;
      // Longest first and strictly better only: on a tie the longer word at the left wins.
      if (u < cut.uncovered || (u === cut.uncovered && (w < cut.words || !cut.word))) {
        cut = { uncovered: u, words: w, end: i + len, word: true };
      }
    }
    best[i] = cut;
  }
  const pieces: [number, number][] = [];
  for (let i = 0; i < n; ) {
    const cut = best[i] as Cut;
    if (cut.word) pieces.push([i, cut.end]);
    i = cut.end;
  }
  return pieces;
}

function readRun(run: string): string {
  const lex = getLexicon();
  if (run.length === 1) return hanja.translate(run, "SUBSTITUTION");
  const direct = lex.readings.get(run);
  if (direct !== undefined) return direct;
  let out = "";
  let at = 0;
  // Hanja between words are read on from the character before them, so no sound law at their head.
  const readOn = (from: number, to: number) => {
    if (from === to) return;
    out +=
      from === 0
        ? hanja.translate(run.slice(0, to), "SUBSTITUTION")
        : hanja.translate(run.slice(from - 1, to), "SUBSTITUTION").slice(1);
  };
  for (const [start, stop] of segment(run, lex)) {
    readOn(at, start);
    out += lex.readings.get(run.slice(start, stop));
    at = stop;
  }
  readOn(at, run.length);
  return withBu(run, out);
}

/** The text with every hanja run read as Hangul; everything else untouched, same length. */
export function readHanja(text: string): string {
  if (!/\p{Script=Han}/u.test(text)) return text;
  return text.replace(HAN_RUN, (run) => {
    const read = readRun(run);
    return read.length === run.length ? read : run;
  });
}
