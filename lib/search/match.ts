import { foldForMatch } from "../text/fold";
import { normalizeForTokens, stripParticle, tokenizeKo, tokenSpansKo } from "../text/tokenize-ko";
import type { QueryTerm } from "./query";

/**
 * Whether a term occurs in a text, and where to mark it. Words are compared as the tokenizer
 * reads them: folded (NFKC, lower case) and stripped of one particle, so 손해배상을 in a query
 * finds 손해배상 and 손해배상을 in a decision is marked for 손해배상. Spaces are ignored in the
 * comparison: "손해 배상" and "손해배상" are one phrase to a lawyer.
 */

const HANGUL_WORD = /^\p{Script=Hangul}+$/u;

/** A text folded for matching (hanja read, spaces removed): the text layer's one fold. */
export const foldText = foldForMatch;

/** What a term must find in a folded text. */
export function termNeedle(term: QueryTerm): string {
  if (term.phrase) return foldText(term.text);
  const folded = foldText(term.text);
  return HANGUL_WORD.test(folded) ? stripParticle(folded) : folded;
}

export function matchesFolded(folded: string, term: QueryTerm): boolean {
  const needle = termNeedle(term);
  return needle.length > 0 && folded.includes(needle);
}

/** [start, end) ranges of `text` to mark for these terms: whole words that contain a term. */
export function markRanges(text: string, terms: QueryTerm[]): [number, number][] {
  const words = terms
    .filter((t) => !t.phrase)
    .map(termNeedle)
    .filter(Boolean);
  const out: [number, number][] = [];
  if (words.length > 0) {
    for (const m of text.matchAll(/[^\s"'“”‘’(),.·「」『』【】[\]<>]+/gu)) {
      const folded = foldText(m[0]);
      if (words.some((w) => folded.includes(w))) out.push([m.index, m.index + m[0].length]);
    }
    // As BM25 reads the text: a unit (a word, 제3자, 민법 제750조, a hanja word read in hangul) that
    // holds every token of a query word is marked too — 損害賠償을 for 손해배상, which the search
    // found through the same tokens.
    const wanted = terms
      .filter((t) => !t.phrase)
      .map((t) => tokenizeKo(t.text))
      .filter((tokens) => tokens.length > 0);
    if (wanted.length > 0) {
      for (const unit of tokenSpansKo(text)) {
        const have = new Set(unit.tokens);
        if (wanted.some((tokens) => tokens.every((t) => have.has(t)))) out.push([unit.start, unit.end]);
      }
    }
  }
  for (const t of terms.filter((x) => x.phrase)) {
    const parts = t.text.split(/\s+/).filter(Boolean).map(escapeRegExp);
    if (parts.length === 0) continue;
    for (const m of normalizeForTokens(text).matchAll(new RegExp(parts.join("\\s*"), "gu"))) {
      out.push([m.index, m.index + m[0].length]);
    }
  }
  return mergeRanges(out);
}

function escapeRegExp(s: string): string {
  return normalizeForTokens(s).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export interface Snippet {
  /** The chunk it comes from (the viewer opens at it). */
  chunkId: string;
  section: string;
  text: string;
  /** Marked ranges of `text`. */
  marks: [number, number][];
}

const SNIPPET_CHARS = 220;

/** A window of `text` around its first marked word, with the marks shifted into it. */
export function snippetOf(chunk: { id: string; section: string; text: string }, terms: QueryTerm[]): Snippet {
  // normalizeForTokens keeps length for the text a decision holds (Hangul, digits, ASCII), so marks
  // found on it sit on the same characters of the original; the original is what is shown.
  const all = markRanges(chunk.text, terms);
  const first = all[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 60, chunk.text.length - SNIPPET_CHARS));
  const end = Math.min(chunk.text.length, start + SNIPPET_CHARS);
  const marks = all
    .filter(([a, b]) => a >= start && b <= end)
    .map(([a, b]) => [a - start, b - start] as [number, number]);
  const text = `${start > 0 ? "…" : ""}${chunk.text.slice(start, end)}${end < chunk.text.length ? "…" : ""}`;
  const shift = start > 0 ? 1 : 0;
  return {
    chunkId: chunk.id,
    section: chunk.section,
    text,
    marks: marks.map(([a, b]) => [a + shift, b + shift]),
  };
}
