import type { MemoryIndex } from "./memory-index";
import type { DocQuery, MatchTerm } from "./types";

/** What a 판례 검색 (doc-match.ts) costs in postings read: its budget, and the worker's order of service. */

/**
 * Postings one query may read, as a multiple of the index's live passages (at least 3 million): a
 * query of a few common words reads well under it; 500 words joined by OR would read tens of millions
 * and hold every other search behind it in this one thread. Past it the later words are left out and
 * the result says how many (the page says so in plain words).
 */
const BUDGET_PER_PASSAGE = 6;
const MIN_BUDGET = 3_000_000;

/** Postings a term's matching reads: the cheaper groups go first, and an empty one ends the search. */
function termCost(index: MemoryIndex, t: MatchTerm): number {
  let cost = 0;
  for (const token of [...t.all, ...(t.some ?? [])]) cost += index.sparse.postingsOf(token)?.length ?? 0;
  return cost;
}
export const costOf = (index: MemoryIndex, group: MatchTerm[]) => group.reduce((n, t) => n + termCost(index, t), 0);

/** A query's estimated work in postings (matching and scoring), for the worker's order of service. */
export function queryCost(index: MemoryIndex, q: DocQuery): number {
  let cost = 0;
  for (const g of q.groups) cost += costOf(index, g);
  for (const t of q.excluded) cost += termCost(index, t);
  for (const token of new Set(q.scoreTokens)) cost += index.sparse.postingsOf(token)?.length ?? 0;
  return cost;
}

/** The query within the work budget: its words in order while they fit; how many were left out. */
export function withinBudget(
  index: MemoryIndex,
  q: DocQuery,
  budget = Math.max(MIN_BUDGET, BUDGET_PER_PASSAGE * index.live),
): { query: DocQuery; dropped: number } {
  if (queryCost(index, q) <= budget) return { query: q, dropped: 0 };
  let spent = 0;
  let dropped = 0;
  const fits = (t: MatchTerm) => {
    // Matching reads the word's postings; scoring reads them again.
    const cost = 2 * termCost(index, t);
    if (spent + cost > budget) return false;
    spent += cost;
    return true;
  };
  const keep = (t: MatchTerm) => {
    if (fits(t)) return true;
    dropped += 1;
    return false;
  };
  const groups: MatchTerm[][] = [];
  for (const g of q.groups) {
    const kept = g.filter(keep);
    if (kept.length > 0) groups.push(kept);
  }
  const excluded = q.excluded.filter(keep);
  const keptTokens = new Set(groups.flat().flatMap((t) => [...t.all, ...(t.some ?? [])]));
  // Scored by the kept words' tokens and their word-head markers only.
  const scoreTokens = q.scoreTokens.filter(
    (x) => keptTokens.has(x) || (x.startsWith("^") && keptTokens.has(x.slice(1))),
  );
  return { query: { ...q, groups, excluded, scoreTokens }, dropped };
}
