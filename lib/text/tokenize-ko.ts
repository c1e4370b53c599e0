/**
 * A Korean tokenizer for BM25 over court decisions, without a morphological dictionary (none can
 * be installed here). Korean glues particles and endings to words ("손해배상을", "배상하여야"), so
 * whole words rarely match between a question and a decision. The default (`tokenizeKo`) emits:
 *  - legal units kept whole (lib/text/legal-units.ts): articles "제750조" and "민법제750조",
 *    "제1항", "제3자", case numbers "2009다228" (a joined "94므826, 833" as both full numbers),
 *    amounts "15,000,000" — exact anchors a lawyer types; their characters make no other token;
 *  - character bigrams of each word after stripping one trailing particle/ending ("손해배상을" →
 *    손해·해배·배상), which match across compounding and inflection ("사실혼관계" ~ "사실혼 관계")
 *    without the noise bigrams the particle would add ("상을");
 *  - one word-head token, the word's first two syllables marked "^" ("^손해"), in the spirit of
 *    pg_trgm's word-boundary padding. Korean inflects only at the end of a word, so its start is
 *    the stable part; the marker lets a word match a word (or a compound's head) more strongly than
 *    the same two syllables buried inside another word ("반지" vs "위반지역").
 * Hanja are read as Hangul first (lib/text/hanja-reading.ts): 損害賠償 and 손해배상 are one word.
 * Chosen by measurement (scripts/measure-tokenizer.ts, dev set of 47 questions, cross-checked on
 * the 24 yes/no questions): longer units (trigrams, whole stems) and verb-ending stripping all
 * measured worse. The other variants stay exported so the choice can be re-measured.
 *
 * It lives in lib/text (the bottom layer) because the store, ingestion, retrieval and the search
 * page all tokenize the same way. Tokens are opaque strings to the stores; a change here needs a
 * re-index (bump TOKENIZER_VERSION: a corpus indexed with another version is refused by search with
 * a "다시 색인" message, lib/rag/index-version.ts, and flagged on the admin corpus list).
 */

import { readHanja } from "./hanja-reading";
import { legalUnits, type Unit } from "./legal-units";

// v3: hanja read as Hangul; legal units (joined case numbers, 제N자/제N심, statute+article, amounts)
// replace the old identifier pattern, which glued amounts and dates ("300만원20").
// v4: case numbers read by the one citation reader (case-citation.ts): spaced forms ("2009 다 228"),
// joined parts followed by a particle, and only the courts' own 사건부호.
// v5: hanja read word by word (lib/text/hanja-words.ts), so 두음법칙 applies at each word head.
export const TOKENIZER_VERSION = 5;

// Particles (조사) and the commonest formal endings. Longest first, so "에서는" wins over "는".
// One is stripped only when at least two syllables remain ("이가" stays whole).
const PARTICLES = (
  "으로부터 에게서는 에서부터 하였으나 이라는 이라고 으로서 으로써 에게는 에서는 에서도 로부터 까지는 부터는 " +
  "이라도 한다는 하였다 하였고 하여야 하므로 으로 에서 에게 께서 까지 부터 보다 처럼 마다 이나 이며 이고 이다 " +
  "로서 로써 와의 과의 에의 에는 에도 와는 과는 하는 하여 하고 하면 한다 된다 되는 되어 되고 하지 이란 라는 " +
  "인지 인가 이라 지만 했다 은 는 이 가 을 를 에 의 와 과 도 만 로 며 고 나 한 된 할 적"
)
  .split(" ")
  .sort((a, b) => b.length - a.length);

// Colloquial verb endings of lay questions ("돌려받고 싶은데", "있을까요"). Only the `endings`
// variant strips them; on the dev set that lost more on lawyers' questions than it won on lay ones.
const ENDINGS = (
  "할수있나요 수있나요 있을까요 될까요 할까요 을까요 인가요 나요 까요 습니다 합니다 됩니다 입니다 었어요 " +
  "았어요 했어요 해요 어요 아요 세요 는데요 는데 은데 인데 려면 으면 면서 다며 라며 하게 해서 해야 하다 " +
  "됐다 했고 았고 었고 었다 았다 였다 겠다 거나 으며 어서 아서 여서 도록 는지 은지 을지 던 면 서 게 지 다 요"
)
  .split(" ")
  .sort((a, b) => b.length - a.length);

const WORD = /[\p{Script=Hangul}]+|[\p{Script=Han}]+|[a-z]+|\d+/gu;
const HANGUL = /^\p{Script=Hangul}+$/u;
const HAN = /^\p{Script=Han}+$/u;

/** NFKC folds full-width forms (［１］, ＡＢＣ) and circled numbers; hanja are kept as they are. */
export function normalizeForTokens(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** What every tokenizer variant reads: NFKC, lower case, hanja read as Hangul. */
function prepare(text: string): string {
  return readHanja(normalizeForTokens(text));
}

function stripFrom(word: string, affixes: readonly string[]): string {
  for (const a of affixes) {
    if (word.length - a.length >= 2 && word.endsWith(a)) return word.slice(0, -a.length);
  }
  return word;
}

/** Stem after stripping one particle/ending, keeping at least two syllables. */
export function stripParticle(word: string): string {
  return stripFrom(word, PARTICLES);
}

/** `stripParticle` after stripping one colloquial verb ending ("돌려받고" → "돌려받"). */
export function stripEnding(word: string): string {
  return stripParticle(stripFrom(word, ENDINGS));
}

interface Options {
  /** Legal identifiers (제750조, 2009다228) as whole tokens. */
  legal: boolean;
  /** What is stripped from a Hangul word before n-grams: nothing, particles, or particles + endings. */
  strip: "none" | "particles" | "endings";
  /** n-gram lengths taken from each Hangul word (after stripping). */
  grams: number[];
  /** Extra tokens: the whole stem, and/or word-edge markers ("^손해" head, "배상$" tail). */
  stem?: boolean;
  head?: boolean;
  tail?: boolean;
}

function ngrams(word: string, n: number, out: string[]): void {
  for (let i = 0; i + n <= word.length; i++) out.push(word.slice(i, i + n));
}

/** Pushes the tokens of one word (a WORD match) the variant's way; none for a one-syllable word. */
function wordTokens(word: string, options: Options, strip: (w: string) => string, out: string[]): void {
  if (HANGUL.test(word)) {
    // One-syllable words are mostly particles and bound nouns ("것", "수", "등"): noise for BM25.
    if (word.length < 2) return;
    const stem = strip(word);
    for (const n of options.grams) ngrams(stem, n, out);
    if (options.stem && !options.grams.includes(stem.length)) out.push(stem);
    if (options.head) out.push(`^${stem.slice(0, 2)}`);
    if (options.tail) out.push(`${stem.slice(-2)}$`);
  } else if (HAN.test(word)) {
    // Hanja the reading package does not know: compounds as bigrams, a lone one as itself.
    if (word.length > 1) ngrams(word, 2, out);
    else out.push(word);
  } else out.push(word);
}

const STRIPS = { none: (w: string) => w, particles: stripParticle, endings: stripEnding };

/**
 * A prepared text's legal units, and the text with their characters blanked (so that they make no
 * word tokens too).
 */
function unitsAndRest(norm: string, options: Options): { units: Unit[]; rest: string } {
  const units = options.legal ? legalUnits(norm) : [];
  if (units.length === 0) return { units, rest: norm };
  let rest = "";
  let at = 0;
  for (const u of units) {
    rest += `${norm.slice(at, u.start)}${" ".repeat(u.end - u.start)}`;
    at = u.end;
  }
  return { units, rest: rest + norm.slice(at) };
}

function build(options: Options): (text: string) => string[] {
  const strip = STRIPS[options.strip];
  return (text) => {
    const { units, rest } = unitsAndRest(prepare(text), options);
    const out: string[] = [];
    for (const u of units) out.push(...u.tokens);
    for (const m of rest.matchAll(WORD)) wordTokens(m[0], options, strip, out);
    return out;
  };
}
/** Whitespace words as they are (the weakest baseline, ≈ FTS5 unicode61). */
export function tokenizeWhitespace(text: string): string[] {
  return normalizeForTokens(text).split(/\s+/).filter(Boolean);
}

/** Character bigrams of every Hangul word, nothing stripped (≈ an n-gram full-text index). */
export const tokenizeBigrams = build({ legal: false, strip: "none", grams: [2] });
/** Character 2- and 3-grams, nothing stripped (≈ the LanceDB n-gram(2,3) peer). */
export const tokenizeNgram23 = build({ legal: false, strip: "none", grams: [2, 3] });
/** Particle-stripped whole stems plus legal identifiers, no n-grams. */
export const tokenizeStems = build({ legal: true, strip: "particles", grams: [], stem: true });
/** Bigrams of particle-stripped words plus legal identifiers (the previous default). */
export const tokenizeStemBigrams = build({ legal: true, strip: "particles", grams: [2] });
/** As stemBigrams, with trigrams too. */
export const tokenizeStemBigramsTrigrams = build({ legal: true, strip: "particles", grams: [2, 3] });
/** As stemBigrams, with the whole stem as one more token. */
export const tokenizeStemBigramsWords = build({ legal: true, strip: "particles", grams: [2], stem: true });
/** As stemBigrams, also stripping colloquial verb endings. */
export const tokenizeEndingBigrams = build({ legal: true, strip: "endings", grams: [2] });
/** As the default, with a word-tail marker too. */
export const tokenizeWordEdges = build({ legal: true, strip: "particles", grams: [2], head: true, tail: true });

const DEFAULT: Options = { legal: true, strip: "particles", grams: [2], head: true };
const defaultTokenizer = build(DEFAULT);

/** Default: legal units whole + bigrams of particle-stripped words + a word-head marker. */
export function tokenizeKo(text: string): string[] {
  return defaultTokenizer(text);
}

/**
 * The default tokenizer's units with their spans in `text` (start inclusive, end exclusive), for
 * highlighting: a span is a legal unit ("민법 제750조") or a word ("손해배상을") and `tokens` what
 * it contributes to BM25. Normalised per character so that offsets map back to `text`.
 */
export function tokenSpansKo(text: string): Unit[] {
  // NFKC may change a character's length ("①" → "1", "㈜" → "(주)"); keep where each piece came from.
  const origin: number[] = [];
  let norm = "";
  let at = 0;
  for (const ch of text) {
    const n = normalizeForTokens(ch);
    for (let i = 0; i < n.length; i++) origin.push(at);
    norm += n;
    at += ch.length;
  }
  origin.push(text.length);
  const back = (i: number) => origin[i] ?? text.length;
  const { units, rest } = unitsAndRest(readHanja(norm), DEFAULT);
  const spans: Unit[] = [...units];
  for (const m of rest.matchAll(WORD)) {
    const tokens: string[] = [];
    wordTokens(m[0], DEFAULT, STRIPS[DEFAULT.strip], tokens);
    if (tokens.length > 0) spans.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, tokens });
  }
  return spans
    .sort((a, b) => a.start - b.start)
    .map((u) => ({ start: back(u.start), end: back(u.end), tokens: u.tokens }));
}

export const TOKENIZER_VARIANTS = {
  whitespace: tokenizeWhitespace,
  bigrams: tokenizeBigrams,
  ngram23: tokenizeNgram23,
  stems: tokenizeStems,
  stemBigrams: tokenizeStemBigrams,
  stemBigrams3: tokenizeStemBigramsTrigrams,
  stemBigramsWords: tokenizeStemBigramsWords,
  endingBigrams: tokenizeEndingBigrams,
  wordEdges: tokenizeWordEdges,
  default: tokenizeKo,
} as const satisfies Record<string, (text: string) => string[]>;
