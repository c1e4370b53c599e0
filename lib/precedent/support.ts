import { type Range, splitSentences } from "../text/sentences";
import { tokenizeKo } from "../text/tokenize-ko";

/**
 * The supporting sentence(s) of a cited passage: the sentence(s) of the passage that best match
 * what the answer said when it cited it. A passage is up to ~1,000 characters; highlighting all
 * of it tells a lawyer little, the one sentence that carries the point tells them where to read.
 *
 * Matching is lexical, with the same Korean tokenizer as BM25 (character bigrams of
 * particle-stripped words, word heads, legal identifiers whole), so "반환을 청구할 수 없습니다"
 * meets "반환청구할 권리가 없다". Scores are overlap / √(max(sentence tokens, hint tokens)): a
 * long sentence does not win only by being long, and one shorter than the claim (a heading such
 * as "1. 드론 배송 사업자의 책임에 관하여.") cannot win on density alone — it cannot state all of it.
 */

/** Below this many shared tokens a sentence is not called "supporting" (chance overlap). */
const MIN_OVERLAP = 3;
/** A neighbour joins the best sentence when it scores at least this share of it. */
const NEIGHBOUR_SHARE = 0.75;
const MAX_SENTENCES = 2;

export function hintTokens(hint: string): Set<string> {
  return new Set(tokenizeKo(hint));
}

// The support check of one answer scores the same passages' sentences once per claim and per use
// (the verdict, the cosine candidates, the model's excerpt): ~12 claims over ~20 passages tokenized
// the same sentences dozens of times, ~24 ms of the request thread per answer. Their token sets are
// kept for the next claim (and the next answer citing the same decision); bounded, read-only.
const SENTENCE_CACHE_MAX = 2_000;
const sentenceTokens = new Map<string, ReadonlySet<string>>();

function tokensOf(sentence: string): ReadonlySet<string> {
  let tokens = sentenceTokens.get(sentence);
  if (!tokens) {
    tokens = new Set(tokenizeKo(sentence));
    if (sentenceTokens.size >= SENTENCE_CACHE_MAX) sentenceTokens.clear();
    sentenceTokens.set(sentence, tokens);
  }
  return tokens;
}

/**
 * `score` ranks sentences (see above); `coverage` is the share of the hint's tokens the sentence
 * holds — an absolute measure of how much of a claim it states (the citation support check reads it).
 */
export function supportScore(
  sentence: string,
  hint: Set<string>,
): { score: number; overlap: number; coverage: number } {
  const tokens = tokensOf(sentence);
  if (tokens.size === 0 || hint.size === 0) return { score: 0, overlap: 0, coverage: 0 };
  let overlap = 0;
  for (const t of tokens) if (hint.has(t)) overlap++;
  return { score: overlap / Math.sqrt(Math.max(tokens.size, hint.size)), overlap, coverage: overlap / hint.size };
}

// A heading ("1. 손해배상 책임에 관하여.") or an issue ("…청구권이 있는지 여부") names a point without
// stating a rule: it echoes the answer's words but cannot support it.
const NAMES_ONLY = /(?:에\s?관하여|에\s?대하여|여부)\s*[.,:]?\s*$/;
const NAMES_ONLY_WEIGHT = 0.5;

export interface Support {
  /** Ranges in `text` (whole sentences, which may reach past the passage's edges). */
  ranges: Range[];
  score: number;
  /** Share of the hint's tokens found in the chosen sentence(s) together (0 when none was chosen). */
  coverage: number;
  /** The best sentence alone (a neighbour may have joined it in `ranges`). */
  best?: Range;
}

/**
 * The supporting sentence(s) among those of `text` that overlap `within` (the passage's place in
 * its section; the whole text when absent). Empty when nothing shares enough with the hint.
 */
export function supportingSentences(text: string, hint: string | Set<string>, within?: Range): Support {
  const tokens = typeof hint === "string" ? hintTokens(hint) : hint;
  const area = within ?? { start: 0, end: text.length };
  const sentences = splitSentences(text)
    .filter((r) => r.end > area.start && r.start < area.end)
    .map((r) => {
      const sentence = text.slice(r.start, r.end);
      const { score, overlap } = supportScore(sentence, tokens);
      return { ...r, overlap, score: NAMES_ONLY.test(sentence) ? score * NAMES_ONLY_WEIGHT : score };
    });
  let best = -1;
  sentences.forEach((s, i) => {
    if (s.overlap >= MIN_OVERLAP && (best < 0 || s.score > (sentences[best]?.score ?? 0))) best = i;
  });
  const top = sentences[best];
  if (!top) return { ranges: [], score: 0, coverage: 0 };
  const chosen = [best];
  // One neighbour at most, the better of the two, when it carries the point almost as well.
  const neighbours = [best - 1, best + 1]
    .map((i) => ({ i, s: sentences[i] }))
    .filter((n) => n.s && n.s.overlap >= MIN_OVERLAP && n.s.score >= top.score * NEIGHBOUR_SHARE)
    .sort((a, b) => (b.s?.score ?? 0) - (a.s?.score ?? 0));
  for (const n of neighbours.slice(0, MAX_SENTENCES - 1)) chosen.push(n.i);
  chosen.sort((a, b) => a - b);
  const ranges = chosen.map((i) => ({ start: sentences[i]?.start ?? 0, end: sentences[i]?.end ?? 0 }));
  const together = supportScore(ranges.map((r) => text.slice(r.start, r.end)).join(" "), tokens);
  return { ranges, score: top.score, coverage: together.coverage, best: { start: top.start, end: top.end } };
}

/**
 * What a section can support. 판결요지 states the holding and 판례내용 the reasoning; 판시사항 only
 * names the issues ("…반환청구권이 있는지 여부"), which echo an answer's words without stating its
 * rule; 참조조문/참조판례 are lists. Measured on 76므41: its 판시사항 out-scored its 판결요지 by
 * word overlap alone.
 */
export const SECTION_WEIGHT: Record<string, number> = { 판시사항: 0.6, 참조조문: 0.3, 참조판례: 0.3 };

/** The passage (of several of one decision) that supports the hint best; the first on a tie or none. */
export function bestPassage<T extends { text: string; section?: string }>(passages: T[], hint: string): T | undefined {
  const tokens = hintTokens(hint);
  let best: T | undefined;
  let bestScore = 0;
  for (const p of passages) {
    const { score } = supportingSentences(p.text, tokens);
    const weighted = score * (SECTION_WEIGHT[p.section ?? ""] ?? 1);
    if (weighted > bestScore) {
      best = p;
      bestScore = weighted;
    }
  }
  return best ?? passages[0];
}
