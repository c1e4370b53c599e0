import type { SparseTerms, StoreFilter, VectorStore } from "../store/types";
import type { ScoredChunk } from "../text/decision";
import { tokenizeKo } from "../text/tokenize-ko";
import type { ParsedQuery, QueryTerm } from "./query";

/**
 * The query's required and excluded words as the store's boolean terms (SparseTerms), so the
 * store finds the chunks holding every AND word however far down BM25 ranks them, instead of the
 * words being checked only on its top few hundred chunks.
 *
 * The page matches a word as a substring of the folded text (match.ts: 배상 finds 손해배상), the
 * store by tokens. Only tokens a chunk surely holds when its text holds the word are passed: the
 * word's Hangul bigrams (손해배상 → 손해·해배·배상). Not its word-head token (^배상 is absent
 * from a chunk that writes only 손해배상), nor legal units, whose characters make no bigram. So
 * `must` never drops a chunk the page's own check would keep. An excluded word is passed only when
 * it is one bigram: a chunk holding that bigram holds the word (three bigrams can sit in a chunk
 * apart), so `mustNot` only drops chunks of decisions the page excludes anyway.
 */

const BIGRAM = /^\p{Script=Hangul}{2}$/u;

export const textTerm = (t: QueryTerm) => t.scope !== "사건명" && t.scope !== "법원";

/** Tokens every chunk whose text holds the term holds too. */
export function requiredTokens(t: QueryTerm): string[] {
  return [...new Set(tokenizeKo(t.text).filter((x) => BIGRAM.test(x)))];
}

export function storeTerms(parsed: ParsedQuery): SparseTerms {
  const must = parsed.groups
    .filter((g) => g.length === 1 && g[0] && textTerm(g[0]))
    .map((g) => requiredTokens(g[0] as QueryTerm))
    .filter((g) => g.length > 0);
  const mustNot = parsed.excluded
    .filter((t) => !t.scope)
    .map(requiredTokens)
    .filter((g) => g.length === 1);
  return { ...(must.length ? { must } : {}), ...(mustNot.length ? { mustNot } : {}) };
}

/**
 * The candidate chunks: BM25 over every word the query asks for, the store's top `pool` chunks
 * holding all required words, then (for decisions whose words sit in different chunks, and for
 * OR groups) its top `pool` chunks without that condition. Both are BM25 over the same tokens,
 * so their scores compare. Excluded one-bigram words are left out of both.
 */
export async function retrieveCandidates(
  store: VectorStore,
  terms: QueryTerm[],
  sparse: SparseTerms,
  pool: number,
  filter?: StoreFilter,
): Promise<ScoredChunk[]> {
  const tokens = tokenizeKo(terms.map((t) => t.text).join(" "));
  if (tokens.length === 0) return [];
  const notOnly = sparse.mustNot ? { mustNot: sparse.mustNot } : undefined;
  const [required, plain] = await Promise.all([
    sparse.must ? store.sparseSearch(tokens, { topN: pool, filter, terms: sparse }) : [],
    store.sparseSearch(tokens, { topN: pool, filter, terms: notOnly }),
  ]);
  const seen = new Set<string>();
  return [...required, ...plain].filter((h) => !seen.has(h.chunk.id) && seen.add(h.chunk.id));
}

/** Chunks holding an excluded word, for each such word: its own search, only chunks holding it. */
export async function retrieveExcluded(store: VectorStore, terms: QueryTerm[], pool: number) {
  const lists = await Promise.all(
    terms.map((t) => {
      const tokens = tokenizeKo(t.text);
      const need = requiredTokens(t);
      if (tokens.length === 0) return [];
      return store.sparseSearch(tokens, { topN: pool, terms: need.length ? { must: [need] } : undefined });
    }),
  );
  return lists.flat();
}
