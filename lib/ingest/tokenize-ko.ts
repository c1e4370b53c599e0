/**
 * A Korean tokenizer for BM25 over court decisions, without a morphological dictionary (none can
 * be installed here). Korean glues particles and endings to words ("손해배상을", "배상하여야"), so
 * whole words rarely match between a question and a decision. The default variant combines:
 *  - legal identifiers kept whole: articles "제750조", "제1항", case numbers "2009다228" —
 *    exact anchors a lawyer types;
 *  - character bigrams of each word after stripping common particles/endings ("손해배상을" →
 *    손해·해배·배상), which match across compounding and inflection ("사실혼관계" ~ "사실혼 관계")
 *    without the noise bigrams that particles would add ("상을").
 * Measured on the dev set (scripts/measure-tokenizer.ts); the other variants stay exported so the
 * choice can be re-measured on a user's own benchmark.
 */

// Longest first, so "에서는" wins over "는". Endings only strip when at least two syllables remain.
const PARTICLES = [
  "으로부터",
  "에게서는",
  "에서부터",
  "이라는",
  "이라고",
  "으로서",
  "으로써",
  "에게는",
  "에서는",
  "에서도",
  "로부터",
  "까지는",
  "부터는",
  "이라도",
  "한다는",
  "하였다",
  "하였고",
  "하였으나",
  "하여야",
  "하므로",
  "으로",
  "에서",
  "에게",
  "께서",
  "까지",
  "부터",
  "보다",
  "처럼",
  "마다",
  "이나",
  "이며",
  "이고",
  "이다",
  "로서",
  "로써",
  "와의",
  "과의",
  "에의",
  "에는",
  "에도",
  "와는",
  "과는",
  "하는",
  "하여",
  "하고",
  "하면",
  "한다",
  "된다",
  "되는",
  "되어",
  "되고",
  "하지",
  "이란",
  "라는",
  "인지",
  "인가",
  "이라",
  "지만",
  "했다",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "에",
  "의",
  "와",
  "과",
  "도",
  "만",
  "로",
  "며",
  "고",
  "나",
  "한",
  "된",
  "할",
  "적",
] as const;

const LEGAL_ID = /제\s?\d+\s?(?:조(?:의\s?\d+)?|항|호|목)|\d{2,4}\s?[가-힣]{1,3}\s?\d{1,6}(?=[^\d]|$)/gu;
const WORD = /[\p{Script=Hangul}]+|[\p{Script=Han}]+|[a-z]+|\d+/gu;

export function normalizeForTokens(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Stem after stripping one particle/ending, keeping at least two syllables. */
export function stripParticle(word: string): string {
  for (const p of PARTICLES) {
    if (word.length - p.length >= 2 && word.endsWith(p)) return word.slice(0, -p.length);
  }
  return word;
}

function bigrams(word: string, out: string[]): void {
  for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
}

function legalIds(text: string, out: string[]): void {
  for (const m of text.matchAll(LEGAL_ID)) out.push(m[0].replace(/\s+/g, ""));
}

/** Whitespace words as they are (the weakest baseline). */
export function tokenizeWhitespace(text: string): string[] {
  return normalizeForTokens(text).split(/\s+/).filter(Boolean);
}

/** Character bigrams of every Hangul run (≈ an n-gram full-text index). */
export function tokenizeBigrams(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeForTokens(text).matchAll(WORD)) {
    const w = m[0];
    if (/^\p{Script=Hangul}+$/u.test(w) && w.length > 1) bigrams(w, out);
    else out.push(w);
  }
  return out;
}

/** Particle-stripped stems plus legal identifiers, no n-grams. */
export function tokenizeStems(text: string): string[] {
  const norm = normalizeForTokens(text);
  const out: string[] = [];
  legalIds(norm, out);
  for (const m of norm.matchAll(WORD)) {
    const w = m[0];
    const isHangul = /^\p{Script=Hangul}+$/u.test(w);
    if (isHangul && w.length < 2) continue;
    out.push(isHangul ? stripParticle(w) : w);
  }
  return out;
}

/** Character bigrams of particle-stripped words; with `legal`, legal identifiers kept whole too. */
function stemBigrams(text: string, legal: boolean): string[] {
  const norm = normalizeForTokens(text);
  const out: string[] = [];
  if (legal) legalIds(norm, out);
  for (const m of norm.matchAll(WORD)) {
    const w = m[0];
    if (/^\p{Script=Hangul}+$/u.test(w)) {
      // One-syllable words are mostly particles and bound nouns: noise for BM25.
      if (w.length > 1) bigrams(stripParticle(w), out);
    } else if (/^\p{Script=Han}+$/u.test(w) && w.length > 1) {
      bigrams(w, out); // hanja compounds (損害賠償) behave like Hangul ones
    } else out.push(w);
  }
  return out;
}

export function tokenizeStemBigrams(text: string): string[] {
  return stemBigrams(text, false);
}

/** Default: legal identifiers whole + bigrams of particle-stripped words. */
export function tokenizeKo(text: string): string[] {
  return stemBigrams(text, true);
}

export const TOKENIZER_VARIANTS = {
  whitespace: tokenizeWhitespace,
  bigrams: tokenizeBigrams,
  stems: tokenizeStems,
  stemBigrams: tokenizeStemBigrams,
  default: tokenizeKo,
} as const;
