import { precedentSignals } from "../citations/graph";
import { lookup } from "../db/decision-lookup";
import { type SearchDoc, searchDocsByKeys, statuteRefsOfDocs } from "../db/search-docs";
import { yieldIfBusy } from "../jobs/time-slice";
import type { Chunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { citedQuery } from "./cited-query";
import { facetCounts } from "./facets";
import { browseDocs, filtersOf } from "./filters";
import { fillMissingMarks } from "./marks-backfill";
import { foldText, markRanges, matchesFolded, snippetOf } from "./match";
import { type SearchParams, splitRef } from "./params";
import { parseQuery, type QueryTerm } from "./query";
import { type EngineOptions, PAGE_SIZE, type SearchDeps, type SearchHit, type SearchResult } from "./search-types";
import { retrieveCandidates, retrieveExcluded, storeTerms, textTerm } from "./store-terms";

/**
 * 판례 검색 on a store that cannot match and count decisions itself (Qdrant: the embedded store's
 * exact matching is search.ts's path). Candidates are the store's top chunks for every word the query
 * asks for: those holding every AND word (the store's `must`, store-terms.ts) and the top chunks
 * without that condition. Each decision is then kept when every AND group matches its retrieved
 * chunks (or its 사건명 / 법원) and no excluded word does. Counts and facets are over what was
 * retrieved — a cut — so the result says it is not exact ("약"), unless the store returned fewer
 * chunks than it was asked for (then nothing was cut).
 */

/** Chunks asked of the store per search: enough for a few hundred decisions. */
const CANDIDATES = 400;
/** Decisions listed (and counted) at most: the rest are reached by narrowing. */
const MAX_DECISIONS = 500;
const SECTION_SCOPES = new Set(["판시사항", "판결요지", "참조조문"]);

interface Candidate {
  doc?: SearchDoc;
  chunks: { chunk: Chunk; score: number; folded: string }[];
  byCaseNo: boolean;
}

/** One stored decision: its corpus and its number as stored. */
const docKey = (d: { corpusId: string; caseNo: string }) => `${d.corpusId}\u0001${d.caseNo}`;
const keyParts = (key: string) => {
  const [corpusId = "", caseNo = ""] = key.split("\u0001");
  return { corpusId, caseNo };
};

function termMatches(c: Candidate, doc: SearchDoc, t: QueryTerm): boolean {
  if (t.scope === "사건명") return matchesFolded(foldText(doc.caseName), t);
  if (t.scope === "법원") return matchesFolded(foldText(doc.court), t);
  const chunks =
    t.scope && SECTION_SCOPES.has(t.scope) ? c.chunks.filter((x) => x.chunk.section === t.scope) : c.chunks;
  return chunks.some((x) => matchesFolded(x.folded, t)) || (!t.scope && matchesFolded(foldText(doc.caseName), t));
}

export async function searchRanked(
  p: SearchParams,
  deps: SearchDeps,
  options: EngineOptions = {},
): Promise<SearchResult> {
  // Citations in the query open the results with their decisions; the other words still search.
  const cited = citedQuery(p.q);
  const parsed = parseQuery(cited.search);
  const filter = options.filter ?? (await filtersOf(p));
  // 참조조문: an article the decisions must cite (DecisionStatuteRef), applied with the filters below.
  const cite = p.ref ? splitRef(p.ref) : undefined;
  const pool = options.candidates ?? CANDIDATES;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const positive = parsed.groups.flat();
  let cut = false;
  const candidates = new Map<string, Candidate>();
  const add = (corpusId: string, caseNo: string) => {
    const key = docKey({ corpusId, caseNo });
    let c = candidates.get(key);
    if (!c) {
      c = { chunks: [], byCaseNo: false };
      candidates.set(key, c);
    }
    return c;
  };

  if (cited.caseNos.length > 0) {
    const found = await lookup(cited.caseNos.join(", "));
    if (found.exact) for (const h of found.hits) add(h.corpusId, h.caseNo).byCaseNo = true;
  }
  const textTerms = positive.filter(textTerm);
  if (textTerms.length > 0) {
    // The page searches unfiltered, the filters applied below: a facet's count is then exactly what
    // clicking it lists (filtered in the store, its own top chunks would reach further than the
    // count said). The API, with no facets, filters in the store too (options.filter).
    const found = await retrieveCandidates(deps.store, textTerms, storeTerms(parsed), pool, options.filter);
    if (found.length >= pool) cut = true;
    for (const hit of found) {
      add(hit.chunk.corpusId, hit.chunk.caseNo).chunks.push({
        chunk: hit.chunk,
        score: hit.score,
        folded: foldText(hit.chunk.text),
      });
      await yieldIfBusy();
    }
  }
  const browse = positive.length > 0 && textTerms.length === 0;
  const noWords = positive.length === 0;
  // No words to search for: the decisions by the filters (or those citing the article), newest first.
  const docs = noWords || browse ? await browseDocs(filter, cite, MAX_DECISIONS * 2) : [];
  if (noWords && parsed.excluded.length === 0 && !p.q.trim()) for (const d of docs) add(d.corpusId, d.caseNo);
  if (browse) for (const d of docs) add(d.corpusId, d.caseNo);

  // Decisions holding an excluded word in any chunk the store finds for it.
  const excludedKeys = new Set<string>();
  const excludedText = parsed.excluded.filter(textTerm);
  if (excludedText.length > 0 && candidates.size > 0) {
    for (const hit of await retrieveExcluded(deps.store, excludedText, pool)) {
      const folded = foldText(hit.chunk.text);
      if (excludedText.some((t) => matchesFolded(folded, t) && (!t.scope || t.scope === hit.chunk.section)))
        excludedKeys.add(docKey(hit.chunk));
      await yieldIfBusy();
    }
  }

  const keys = [...candidates.keys()].filter((k) => !excludedKeys.has(k));
  const known = new Map((noWords || browse ? docs : []).map((d) => [docKey(d), d]));
  const missing = keys.filter((k) => !known.has(k)).map(keyParts);
  if (missing.length > 0) {
    const rows = await searchDocsByKeys(missing);
    for (const d of rows) known.set(docKey(d), d);
  }
  // Marks not read yet (decisions imported before them): read now for these, so the counts are right.
  if ([...known.values()].some((d) => d.enBanc === null)) {
    await fillMissingMarks(deps.dataDir, 300);
    const reread = await searchDocsByKeys([...known.values()].filter((d) => d.enBanc === null));
    for (const d of reread) known.set(docKey(d), d);
  }

  // The candidates citing the article, looked up for them (the found words reach any decision).
  const citing = cite ? new Set((await statuteRefsOfDocs(keys.map(keyParts), cite)).map(docKey)) : undefined;

  const matched: (Candidate & { doc: SearchDoc; key: string; score: number })[] = [];
  for (const key of keys) {
    const c = candidates.get(key) as Candidate;
    const doc = known.get(key);
    if (!doc) continue;
    if (p.enBanc && !doc.enBanc) continue;
    if (p.lower && doc.lowerCourt !== p.lower) continue;
    // The filters (the store searched without them).
    if (filter.corpusIds && !filter.corpusIds.includes(doc.corpusId)) continue;
    if (filter.courts && !filter.courts.includes(doc.court)) continue;
    if (filter.caseTypes && !filter.caseTypes.includes(doc.caseType)) continue;
    if (filter.dateFrom && doc.decisionDate < filter.dateFrom) continue;
    if (filter.dateTo && doc.decisionDate > filter.dateTo) continue;
    if (citing && !citing.has(key)) continue;
    if (!c.byCaseNo) {
      if (!parsed.groups.every((g) => g.some((t) => termMatches(c, doc, t)))) continue;
      if (parsed.excluded.some((t) => !textTerm(t) && termMatches(c, doc, t))) continue;
    }
    const score = c.chunks.reduce((best, x) => Math.max(best, x.score), 0);
    matched.push({ ...c, doc, key, score });
    await yieldIfBusy();
  }
  matched.sort((a, b) => Number(b.byCaseNo) - Number(a.byCaseNo) || b.score - a.score);
  const capped = matched.length > MAX_DECISIONS;
  const kept = matched.slice(0, MAX_DECISIONS);
  // The kept decisions' 참조조문, one query (the API has no facets and skips it).
  const refs = options.filter ? [] : await statuteRefsOfDocs(kept.map((m) => m.doc));
  const facets = facetCounts(
    kept.map((m) => m.doc),
    refs,
    p.ref,
  );

  // Cited-by counts for every kept decision when sorting by them, else for the page only.
  const byDate = (a: SearchDoc, b: SearchDoc) => a.decisionDate.localeCompare(b.decisionDate);
  let signals = p.sort === "cited" ? await precedentSignals(kept.map((m) => m.doc)) : {};
  const pinned = (a: Candidate, b: Candidate) => Number(b.byCaseNo) - Number(a.byCaseNo);
  if (p.sort === "newest") kept.sort((a, b) => pinned(a, b) || byDate(b.doc, a.doc));
  if (p.sort === "oldest") kept.sort((a, b) => pinned(a, b) || byDate(a.doc, b.doc));
  if (p.sort === "cited") {
    const cited = (m: { doc: SearchDoc }) => signals[decisionKey(m.doc)]?.citedBy ?? 0;
    kept.sort((a, b) => pinned(a, b) || cited(b) - cited(a) || b.score - a.score);
  }
  const pages = Math.max(1, Math.ceil(kept.length / pageSize));
  const page = Math.min(p.page, pages);
  const onPage = kept.slice((page - 1) * pageSize, page * pageSize);
  if (p.sort !== "cited") signals = await precedentSignals(onPage.map((m) => m.doc));

  const marked = positive.filter(textTerm);
  const hits: SearchHit[] = onPage.map((m) => {
    const byScore = [...m.chunks].sort((a, b) => b.score - a.score);
    const matching = byScore.filter((x) => marked.some((t) => matchesFolded(x.folded, t))).slice(0, 2);
    // Found by its 사건명 (or 법원) alone: its best passage still gives the lawyer a way in.
    const best = matching.length > 0 ? matching : byScore.slice(0, 1);
    const signal = signals[decisionKey(m.doc)];
    return {
      ...m.doc,
      score: m.score,
      snippets: best.map((x) => snippetOf(x.chunk, marked)),
      nameMarks: markRanges(m.doc.caseName, marked),
      citedBy: signal?.citedBy ?? 0,
      overruled: (signal?.overruledBy.length ?? 0) > 0,
      byCaseNo: m.byCaseNo,
    };
  });
  return { parsed, total: kept.length, exact: !cut && !capped, page, pages, hits, facets };
}
