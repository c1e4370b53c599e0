import hanjaModule from "hanja";

/**
 * Hanja read as Hangul, so "損害賠償" in an old decision shares its tokens with "손해배상" in a
 * question. The readings and the word-initial sound law (두음법칙: 女子 → 여자, 利益 → 이익) come
 * from the maintained `hanja` package; each run of hanja is read as one word, because that law
 * applies at the head of a word only (勞動 → 노동, but 不勞 → 불로).
 *
 * Two rules the package lacks: a four-character run is two words (readRun, below), and 不 reads
 * 부 before a syllable starting with ㄷ or ㅈ (不動産 → 부동산, 不當 → 부당), the standard reading.
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
/** Initial consonant index (0..18) of a precomposed Hangul syllable: ㄷ = 3, ㅈ = 12. */
function initialOf(syllable: string): number {
  const code = syllable.charCodeAt(0);
  if (code < HANGUL_BASE || code > HANGUL_LAST) return -1;
  return Math.floor((code - HANGUL_BASE) / 588);
}

function readWord(run: string): string {
  const read = hanja.translate(run, "SUBSTITUTION");
  // Same length in and out (one syllable per hanja; an unknown one stays itself).
  if (read.length !== run.length || !run.includes("不")) return read;
  let out = "";
  for (let i = 0; i < run.length; i++) {
    const next = read[i + 1] ?? "";
    out += run[i] === "不" && (initialOf(next) === 3 || initialOf(next) === 12) ? "부" : read[i];
  }
  return out;
}

/**
 * A run of four is read as two words of two: Sino-Korean four-character terms are compounds of two
 * two-character words (不當利得 = 不當 + 利得 → 부당이득, 國民年金 → 국민연금), and the sound law
 * applies at the head of each.
 */
function readRun(run: string): string {
  return run.length === 4 ? readWord(run.slice(0, 2)) + readWord(run.slice(2)) : readWord(run);
}

/** The text with every hanja run read as Hangul; everything else untouched, same length. */
export function readHanja(text: string): string {
  if (!/\p{Script=Han}/u.test(text)) return text;
  return text.replace(HAN_RUN, (run) => {
    const read = readRun(run);
    return read.length === run.length ? read : run;
  });
}
