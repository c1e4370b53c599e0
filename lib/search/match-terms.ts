import type { MatchTerm } from "../store/types";
import { foldForMatch } from "../text/fold";
import { tokenizeKo } from "../text/tokenize-ko";
import { termNeedle } from "./match";
import type { ParsedQuery, QueryTerm } from "./query";

/**
 * The query's words as the index matches them (MatchTerm, lib/store/doc-match.ts). A word is all
 * of its *words*, not all of its bigrams: lawyers type compounds solid (명의신탁약정) where the
 * decision writes them spaced (명의신탁 약정), and the bigram across that space (탁약) is then
 * missing. So a word's Hangul bigrams need not all be there: a minimum should match, as in
 * Lucene's minimum_should_match — every one for a word of up to four syllables, then one fewer for
 * every three more (one missing bigram per join of a two- or three-part compound). Its other
 * tokens — an article, a case number, a number, a Latin word — are exact anchors and always
 * required. The word-head marker (^손해) is left out: a word inside a compound has none.
 * docs/search.md says what this finds and what it does not.
 */

const BIGRAM = /^\p{Script=Hangul}{2}$/u;
const SECTION_SCOPES = new Set(["판시사항", "판결요지", "참조조문"]);

/** How many of a word's n bigrams a passage must hold. */
export function minimumShouldMatch(n: number): number {
  return n <= 3 ? n : n - Math.floor((n - 1) / 3);
}

export function matchTermOf(t: QueryTerm): MatchTerm {
  if (t.scope === "사건명") return { all: [], name: foldForMatch(termNeedle(t)), nameOnly: true };
  if (t.scope === "법원") return { all: [], court: foldForMatch(termNeedle(t)) };
  const tokens = tokenizeKo(t.text).filter((x) => !x.startsWith("^"));
  const some = [...new Set(tokens.filter((x) => BIGRAM.test(x)))];
  const all = [...new Set(tokens.filter((x) => !BIGRAM.test(x)))];
  const term: MatchTerm = { all, some, min: minimumShouldMatch(some.length) };
  if (t.phrase) term.phrase = foldForMatch(t.text);
  if (t.scope && SECTION_SCOPES.has(t.scope)) term.sections = [t.scope];
  // Unscoped, a word is found in the 사건명 too (a decision named for it).
  else if (!t.scope) term.name = foldForMatch(termNeedle(t));
  return term;
}

/** BM25 ranks by every token the positive words bring. */
export function scoreTokensOf(parsed: ParsedQuery): string[] {
  return parsed.groups.flat().flatMap((t) => (t.scope === "사건명" || t.scope === "법원" ? [] : tokenizeKo(t.text)));
}
