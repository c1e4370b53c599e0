import { foldForMatch } from "../text/fold";
import { dateNumber } from "./date-number";
import { costOf, withinBudget } from "./doc-budget";
import { countFacets } from "./doc-facets";
import type { DocTable } from "./doc-table";
import type { MemoryIndex } from "./memory-index";
import { firstInOrder } from "./ordered-page";
import type { ScoreOnly } from "./sparse-index";
import type { DocFilter, DocMatchResult, DocQuery, MatchTerm } from "./types";

/**
 * 판례 검색's exact matching, in the index worker: every decision holding the query's words, with
 * the filters applied while matching and every count taken over the whole match set — never over a
 * ranked top cut, where a rare court under a common word would count 0 (docs/search.md).
 *
 * A word is matched on the inverted index's postings: a chunk holds it when it holds the word's
 * required tokens and enough of its bigrams (MatchTerm), a decision when one of its chunks does or
 * its 사건명 holds the word. The cost is the postings of the query's tokens plus one pass over the
 * decisions (a few ms per common word at a million chunks); a quoted phrase also reads the text of
 * its candidate passages, at most PHRASE_CHECKS of them.
 */

/** A query nothing can match (no index yet). */
export const NO_MATCH: DocMatchResult = {
  total: 0,
  exact: true,
  facets: { corpus: [], court: [], level: [], type: [], year: [], lower: [], ref: [], enBanc: 0 },
  hits: [],
  keys: [],
};

/** Passages read to check a quoted phrase; beyond, the count is a lower bound (exact: false). */
export const PHRASE_CHECKS = 2_000;
/** Best chunks kept per decision for its snippets. */
const SNIPPET_CHUNKS = 2;

/** Reads chunk texts by id (the worker's SQLite); a missing id is absent from the map. */
export type ReadTexts = (ids: string[]) => Map<string, string>;

let scoreScratch = new Float64Array(0);
/**
 * Per slot, while one term is matched: how many of its required tokens (high byte) and of its
 * bigrams (low byte) the slot holds; and the slots touched, in the order first seen. Typed and kept
 * between queries: a common word touches ~10⁵–10⁶ postings at a million chunks, and this loop with
 * JavaScript arrays was the larger half of a plain query's time.
 */
let counts = new Uint16Array(0);
let touchedScratch = new Int32Array(0);
const scratch = (size: number) => {
  if (counts.length < size) {
    counts = new Uint16Array(size);
    touchedScratch = new Int32Array(size);
  }
};

interface State {
  index: MemoryIndex;
  docs: DocTable;
  scores: Float64Array;
  allowed: Uint8Array;
  /** Per decision: its best matching slots, best first (−1: none). */
  best: Int32Array;
  exact: boolean;
  readTexts: ReadTexts;
}

const codesOf = (values: string[] | undefined, find: (v: string) => number) =>
  values?.length ? new Set(values.map(find)) : undefined;

/** 1 for each live decision the filter lets through. */
function allowedDocs(docs: DocTable, f: DocFilter = {}): Uint8Array {
  const n = docs.size;
  const out = docs.liveDocs();
  const corpora = codesOf(f.corpusIds, (v) => docs.corpus.find(v));
  const courts = codesOf(f.courts, (v) => docs.court.find(v));
  const levels = codesOf(f.courtLevels, (v) => docs.level.find(v));
  const types = codesOf(f.caseTypes, (v) => docs.type.find(v));
  const lowers = codesOf(f.lowerCourts, (v) => docs.lower.find(v));
  const from = f.dateFrom ? dateNumber(f.dateFrom) : 0;
  const to = f.dateTo ? dateNumber(f.dateTo) : 0;
  const refs = codesOf(f.refs, (v) => docs.ref.find(v));
  let only: Uint8Array | undefined;
  if (f.docKeys) {
    only = new Uint8Array(n);
    for (const k of f.docKeys) {
      const doc = docs.docOf(k.corpusId, k.caseNo);
      if (doc >= 0) only[doc] = 1;
    }
  }
  const filtered = only || corpora || courts || levels || types || lowers || from || to || f.enBanc || refs;
  if (!filtered) return out;
  for (let doc = 0; doc < n; doc++) {
    if (out[doc] !== 1) continue;
    out[doc] = 0;
    if (only && only[doc] !== 1) continue;
    if (corpora && !corpora.has(docs.corpusOf[doc] as number)) continue;
    if (courts && !courts.has(docs.courtOf[doc] as number)) continue;
    if (levels && !levels.has(docs.levelOf[doc] as number)) continue;
    if (types && !types.has(docs.typeOf[doc] as number)) continue;
    if (lowers && !lowers.has(docs.lowerOf[doc] as number)) continue;
    const date = docs.dateOf[doc] as number;
    if (from && date < from) continue;
    if (to && date > to) continue;
    if (f.enBanc && docs.enBancOf[doc] !== 1) continue;
    if (refs && !docs.refsOf[doc]?.some((c) => refs.has(c))) continue;
    out[doc] = 1;
  }
  return out;
}

/** The live slots holding the term's tokens (all of `all`, `min` of `some`) in its sections. */
function candidateSlots(s: State, term: MatchTerm): number[] {
  // At most 255 of each kind are counted (a byte each); a word has a handful.
  const all = [...new Set(term.all)].slice(0, 255);
  const some = [...new Set(term.some ?? [])].filter((t) => !all.includes(t)).slice(0, 255);
  const min = Math.min(term.min ?? some.length, some.length);
  if (all.length === 0 && some.length === 0) return [];
  const { sparse, metas } = s.index;
  scratch(sparse.slotCapacity);
  const touched = touchedScratch;
  let n = 0;
  const count = (tokens: string[], step: number) => {
    for (const token of tokens) {
      const p = sparse.postingsOf(token);
      if (!p) continue;
      const { slots, length } = p;
      for (let i = 0; i < length; i++) {
        const slot = slots[i] as number;
        const c = counts[slot] as number;
        if (c === 0) touched[n++] = slot;
        counts[slot] = c + step;
      }
    }
  };
  count(all, 256);
  count(some, 1);
  const want = all.length * 256 + min;
  const needAll = all.length * 256;
  const sections = term.sections?.length ? new Set(term.sections) : undefined;
  const { slotDoc } = s.docs;
  const allowed = s.allowed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = touched[i] as number;
    const c = counts[slot] as number;
    counts[slot] = 0;
    // Every required token (high byte exactly all of them) and at least `min` bigrams.
    if (c < want || (c & 0xff00) !== needAll || !sparse.isLive(slot)) continue;
    if (sections && !sections.has(metas[slot]?.section ?? "")) continue;
    const doc = slotDoc[slot] as number;
    if (doc >= 0 && allowed[doc] === 1) out.push(slot);
  }
  return out;
}

/** Keeps only the candidates whose text holds the phrase, reading at most PHRASE_CHECKS of them. */
function checkPhrase(s: State, slots: number[], phrase: string): number[] {
  const ordered = [...slots].sort((a, b) => (s.scores[b] as number) - (s.scores[a] as number));
  if (ordered.length > PHRASE_CHECKS) s.exact = false;
  const checked = ordered.slice(0, PHRASE_CHECKS);
  const ids = checked.map((slot) => s.index.metas[slot]?.id ?? "");
  const texts = s.readTexts(ids);
  return checked.filter((_slot, i) => foldForMatch(texts.get(ids[i] as string) ?? "").includes(phrase));
}

/** Notes `slot` among its decision's best matching chunks. */
function keepBest(s: State, doc: number, slot: number): void {
  const at = doc * SNIPPET_CHUNKS;
  const score = s.scores[slot] as number;
  for (let i = 0; i < SNIPPET_CHUNKS; i++) {
    const cur = s.best[at + i] as number;
    if (cur === slot) return;
    if (cur < 0 || score > (s.scores[cur] as number)) {
      for (let j = SNIPPET_CHUNKS - 1; j > i; j--) s.best[at + j] = s.best[at + j - 1] as number;
      s.best[at + i] = slot;
      return;
    }
  }
}

/**
 * 1 for each decision holding the term (among `s.allowed`); a positive term's matching passages are
 * added to `found`, for the snippets once the decisions are known and scored.
 */
function holders(s: State, term: MatchTerm, found?: number[]): Uint8Array {
  const { docs } = s;
  const has = new Uint8Array(docs.size);
  if (term.court !== undefined) {
    const needle = term.court;
    const codes = new Set<number>();
    docs.court.values.forEach((v, code) => {
      if (foldForMatch(v).includes(needle)) codes.add(code);
    });
    for (let doc = 0; doc < docs.size; doc++) if (codes.has(docs.courtOf[doc] as number)) has[doc] = 1;
    return has;
  }
  if (term.name) {
    // Each distinct 사건명 is read once (a national corpus has far fewer names than decisions).
    const needle = term.name;
    const hit = new Uint8Array(docs.name.values.length);
    let any = false;
    docs.name.values.forEach((v, code) => {
      if (v.includes(needle)) {
        hit[code] = 1;
        any = true;
      }
    });
    if (any)
      for (let doc = 0; doc < docs.size; doc++)
        if (s.allowed[doc] === 1 && hit[docs.nameOf[doc] as number] === 1) has[doc] = 1;
  }
  if (term.nameOnly) return has;
  let slots = candidateSlots(s, term);
  if (term.phrase) slots = checkPhrase(s, slots, term.phrase);
  for (const slot of slots) has[docs.slotDoc[slot] as number] = 1;
  if (found) for (const slot of slots) found.push(slot);
  return has;
}

export function matchDocuments(index: MemoryIndex, asked: DocQuery, readTexts: ReadTexts): DocMatchResult {
  const { query: q, dropped } = withinBudget(index, asked);
  // Every word left out: nothing to match on (not "every decision").
  if (asked.groups.length > 0 && q.groups.length === 0) return { ...NO_MATCH, exact: false, dropped };
  const result = matchWithin(index, q, readTexts);
  return dropped > 0 ? { ...result, dropped } : result;
}

function matchWithin(index: MemoryIndex, q: DocQuery, readTexts: ReadTexts): DocMatchResult {
  const corpora = q.filter?.corpusIds ?? [...index.groupOf.keys()];
  const groups = new Set(corpora.flatMap((c) => (index.groupOf.has(c) ? [index.groupOf.get(c) as number] : [])));
  // One score array for every query (8 MB at a million slots): zeroed where it was written, after.
  if (scoreScratch.length < index.sparse.slotCapacity) scoreScratch = new Float64Array(index.sparse.slotCapacity);
  const scores = scoreScratch;
  let scored: number[] = [];
  // Scored once something matched — except for a quoted phrase, whose checks go most relevant first.
  // (Scoring each bigram in the pass that counts it was tried: slower at the median, as a query
  // whose words end up matching nothing then pays for scores it never uses.)
  // Once matched, only the matching decisions' passages are scored (`only`): the others are never
  // ranked, and under a filter that leaves 1% they are most of a common word's postings.
  const score = (only?: ScoreOnly) => {
    if (scored.length === 0 && q.scoreTokens.length > 0)
      scored = index.sparse.scoreAll(q.scoreTokens, groups, scores, only);
  };
  if (q.groups.some((g) => g.some((t) => t.phrase))) score();
  try {
    return matchScored(index, q, readTexts, scores, score);
  } finally {
    for (const slot of scored) scores[slot] = 0;
  }
}

function matchScored(
  index: MemoryIndex,
  q: DocQuery,
  readTexts: ReadTexts,
  scores: Float64Array,
  score: (only?: ScoreOnly) => void,
): DocMatchResult {
  const docs = index.docs;
  const s: State = {
    index,
    docs,
    scores,
    allowed: allowedDocs(docs, q.filter),
    best: new Int32Array(docs.size * SNIPPET_CHUNKS).fill(-1),
    exact: true,
    readTexts,
  };
  // AND over the groups, cheapest first, narrowing `allowed` as it goes: a group no decision holds
  // ends the search before the costlier ones are read.
  const found: number[] = [];
  const ordered = [...q.groups].sort((a, b) => costOf(index, a) - costOf(index, b));
  let left = q.groups.length === 0 ? -1 : 0;
  for (const group of ordered) {
    const held = group.map((t) => holders(s, t, found));
    // One group (OR of its terms) as one mask, then AND into `allowed`.
    const any = held[0] ?? new Uint8Array(docs.size);
    for (const has of held.slice(1))
      for (let doc = 0; doc < docs.size; doc++) any[doc] = (any[doc] as number) | (has[doc] as number);
    left = 0;
    const allowed = s.allowed;
    for (let doc = 0; doc < docs.size; doc++) {
      if (allowed[doc] !== 1) continue;
      if (any[doc] === 1) left += 1;
      else allowed[doc] = 0;
    }
    if (left === 0) break;
  }
  if (left !== 0) {
    for (const t of q.excluded) {
      const has = holders(s, t);
      for (let doc = 0; doc < docs.size; doc++) if (has[doc] === 1) s.allowed[doc] = 0;
    }
  }
  const matchedList: number[] = [];
  if (left !== 0) for (let doc = 0; doc < docs.size; doc++) if (s.allowed[doc] === 1) matchedList.push(doc);
  if (matchedList.length > 0) {
    // Checking each posting's decision costs a read of its own: worth it when most are left out.
    score(matchedList.length * 4 < docs.size ? { slotDoc: docs.slotDoc, docs: s.allowed } : undefined);
    for (const slot of found) {
      const doc = docs.slotDoc[slot] as number;
      if (s.allowed[doc] === 1) keepBest(s, doc, slot);
    }
  }
  const matched = Int32Array.from(matchedList);
  const docScore = (doc: number) => {
    const slot = s.best[doc * SNIPPET_CHUNKS] as number;
    return slot >= 0 ? (scores[slot] as number) : 0;
  };
  const byDate = (a: number, b: number) => (docs.dateOf[a] as number) - (docs.dateOf[b] as number);
  const byRelevance = (a: number, b: number) => docScore(b) - docScore(a) || byDate(b, a) || a - b;
  const words = q.groups.length > 0;
  const order =
    q.sort === "oldest"
      ? (a: number, b: number) => byDate(a, b) || docScore(b) - docScore(a) || a - b
      : q.sort === "newest" || !words
        ? (a: number, b: number) => byDate(b, a) || docScore(b) - docScore(a) || a - b
        : byRelevance;
  const page = firstInOrder(matched, q.offset + q.limit, order).slice(q.offset);
  const keyOf = (doc: number) => {
    const [corpusId = "", caseNo = ""] = (docs.keys[doc] as string).split("\u0001");
    return { corpusId, caseNo };
  };
  return {
    total: matched.length,
    exact: s.exact,
    facets: countFacets(docs, matched),
    hits: page.map((doc) => {
      const slots = [...s.best.subarray(doc * SNIPPET_CHUNKS, (doc + 1) * SNIPPET_CHUNKS)].filter((x) => x >= 0);
      return {
        ...keyOf(doc),
        score: docScore(doc),
        chunkIds: slots.map((slot) => index.metas[slot]?.id ?? "").filter(Boolean),
      };
    }),
    keys: q.keys ? firstInOrder(matched, q.keys, words ? byRelevance : order).map(keyOf) : [],
  };
}
