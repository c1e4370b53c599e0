import { precedentSignals } from "../citations/graph";
import { listCorpora } from "../db/corpora";
import { lookup } from "../db/decision-lookup";
import { searchDocsByKeys } from "../db/search-docs";
import { summaryChunkIds } from "../ingest/chunk";
import { yieldIfBusy } from "../jobs/time-slice";
import { NO_MATCH } from "../store/doc-match";
import type { DocFilter, DocHit, DocMatchResult, DocQuery, MatchTerm, VectorStore } from "../store/types";
import { decisionKey } from "../text/decision-key";
import { citedQuery } from "./cited-query";
import { facetsOfCounts } from "./facets";
import { filtersOf } from "./filters";
import { markRanges, snippetOf } from "./match";
import { matchTermOf, scoreTokensOf } from "./match-terms";
import { type SearchParams, splitRef } from "./params";
import { type ParsedQuery, parseQuery } from "./query";
import { searchRanked } from "./search-ranked";
import { type EngineOptions, PAGE_SIZE, type SearchDeps, type SearchHit, type SearchResult } from "./search-types";
import { assertSearchScope } from "./searchable";
import { textTerm } from "./store-terms";

export type { EngineOptions, SearchDeps, SearchHit, SearchResult } from "./search-types";
export { PAGE_SIZE } from "./search-types";

/**
 * 판례 검색: the query language (query.ts) matched by the index itself (lib/store/doc-match.ts):
 * every decision holding the words, the filters applied while matching, the total and every facet
 * counted over the whole match set, pages to the end, sorted by relevance or date over all of it.
 * What runs here is one page: its decisions' rows, snippets and citation counts. A store that cannot
 * match decisions (Qdrant) gets the ranked path (search-ranked.ts), whose counts say they are not exact.
 */

/**
 * Decisions the 많이 인용된순 sort reads citation counts for from the database: the most relevant this
 * many (the index does not hold the citation graph). Past it the page says so.
 */
export const REF_FACET_DOCS = 2_000;

type Key = { corpusId: string; caseNo: string };
const keyOf = (d: Key) => `${d.corpusId}\u0001${d.caseNo}`;

/** The page's filters as the index applies them (the API passes its own). */
async function docFilterOf(p: SearchParams, given: EngineOptions["filter"]): Promise<DocFilter> {
  const base = given ?? (await filtersOf({ ...p, level: undefined }));
  const f: DocFilter = { ...base };
  if (!given && p.level && !p.court) f.courtLevels = [p.level];
  if (p.enBanc) f.enBanc = true;
  if (p.lower) f.lowerCourts = [p.lower];
  // 참조조문: the index reads each decision's list (the same reader as the database's links).
  const cite = p.ref ? splitRef(p.ref) : undefined;
  if (cite) f.refs = [`${cite.law} ${cite.article}`];
  return f;
}

/** The query's notes, and one for words the index has no token for (`terms`: its words as matched). */
function hintsOf(parsed: ParsedQuery, terms: MatchTerm[][]): string[] {
  const short = parsed.groups.flatMap((g, i) =>
    g.filter((t, j) => {
      const m = terms[i]?.[j];
      return textTerm(t) && m !== undefined && m.all.length === 0 && !m.some?.length;
    }),
  );
  if (short.length === 0) return parsed.hints;
  const words = short.map((t) => `‘${t.text}’`).join(", ");
  return [...parsed.hints, `${words}처럼 한 글자인 낱말은 본문에서 찾을 수 없어 사건명에서만 찾았습니다.`];
}

/** The decisions named by 사건번호 in the query that the filters let through, and whether the words match them. */
async function pinnedDecisions(
  store: Required<Pick<VectorStore, "matchDocuments">>,
  caseNos: string[],
  query: DocQuery,
) {
  if (caseNos.length === 0) return { keys: [] as Key[], outside: 0 };
  const found = await lookup(caseNos.join(", "));
  if (!found.exact || found.hits.length === 0) return { keys: [] as Key[], outside: 0 };
  const docKeys = found.hits.map((h) => ({ corpusId: h.corpusId, caseNo: h.caseNo }));
  const only = { ...query, filter: { ...query.filter, docKeys }, offset: 0, limit: docKeys.length };
  const passing = await store.matchDocuments({ ...only, groups: [], excluded: [] });
  const matching = query.groups.length > 0 ? await store.matchDocuments(only) : passing;
  const inMatch = new Set(matching.hits.map(keyOf));
  const keys = passing.hits.map((h) => ({ corpusId: h.corpusId, caseNo: h.caseNo }));
  return { keys, outside: keys.filter((k) => !inMatch.has(keyOf(k))).length };
}

export async function searchDecisions(
  p: SearchParams,
  deps: SearchDeps,
  options: EngineOptions = {},
): Promise<SearchResult> {
  const filter = await docFilterOf(p, options.filter);
  await assertSearchScope(filter.corpusIds);
  const store = deps.store;
  if (!store.matchDocuments) return searchRanked(p, deps, options);
  const matcher = store as Required<Pick<VectorStore, "matchDocuments">>;
  // Citations in the query open the results with their decisions; the other words still search.
  const cited = citedQuery(p.q);
  const parsed = parseQuery(cited.search);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const byCited = p.sort === "cited";
  const query: DocQuery = {
    groups: parsed.groups.map((g) => g.map(matchTermOf)),
    excluded: parsed.excluded.map(matchTermOf),
    scoreTokens: scoreTokensOf(parsed),
    filter,
    sort: p.sort === "cited" ? "relevance" : p.sort,
    offset: byCited ? 0 : (Math.max(1, p.page) - 1) * pageSize,
    limit: byCited ? 0 : pageSize,
    keys: byCited ? REF_FACET_DOCS : 0,
  };
  const pinned = await pinnedDecisions(matcher, cited.caseNos, query);
  // Only 사건번호 (or only words to leave out): the numbered decisions alone, not every decision.
  const onlyNumbers = parsed.groups.length === 0 && p.q.trim() !== "";
  const result: DocMatchResult = onlyNumbers ? NO_MATCH : await matcher.matchDocuments(query);
  await yieldIfBusy();
  const total = result.total + pinned.outside;
  let ordered: DocHit[] = result.hits;
  let sortable = total;
  if (byCited) {
    // Sorted by citations among the most relevant REF_FACET_DOCS (the index does not hold the graph).
    const keys = result.keys.slice(0, REF_FACET_DOCS);
    const docs = await searchDocsByKeys(keys);
    const signals = await precedentSignals(docs);
    const cites = new Map(docs.map((d) => [keyOf(d), signals[decisionKey(d)]?.citedBy ?? 0]));
    const rank = new Map(keys.map((k, i) => [keyOf(k), i]));
    const sorted = [...keys].sort(
      (a, b) =>
        (cites.get(keyOf(b)) ?? 0) - (cites.get(keyOf(a)) ?? 0) ||
        (rank.get(keyOf(a)) ?? 0) - (rank.get(keyOf(b)) ?? 0),
    );
    sortable = Math.min(result.total, REF_FACET_DOCS) + pinned.outside;
    const start = (Math.max(1, p.page) - 1) * pageSize;
    const wanted = sorted.slice(start, start + pageSize);
    const rest = wanted.length
      ? await matcher.matchDocuments({
          ...query,
          filter: { ...filter, docKeys: wanted },
          offset: 0,
          limit: wanted.length,
          keys: 0,
        })
      : undefined;
    const hitOf = new Map((rest?.hits ?? []).map((h) => [keyOf(h), h]));
    ordered = wanted.flatMap((k) => hitOf.get(keyOf(k)) ?? []);
  }
  const pages = Math.max(1, Math.ceil(sortable / pageSize));
  const page = Math.min(Math.max(1, p.page), pages);
  // The numbered decisions lead the first page.
  const pinnedKeys = new Set(pinned.keys.map(keyOf));
  const listed = [
    ...(page === 1 ? pinned.keys.map((k) => ({ ...k, score: 0, chunkIds: [] as string[], pinned: true })) : []),
    ...ordered.filter((h) => !pinnedKeys.has(keyOf(h))).map((h) => ({ ...h, pinned: false })),
  ].slice(0, pageSize + (page === 1 ? pinned.keys.length : 0));

  const rows = new Map((await searchDocsByKeys(listed)).map((d) => [keyOf(d), d]));
  const onPage = listed.flatMap((h) => {
    const doc = rows.get(keyOf(h));
    return doc ? [{ hit: h, doc }] : [];
  });
  const signals = await precedentSignals(onPage.map((x) => x.doc));
  const marked = parsed.groups.flat().filter(textTerm);
  const hits: SearchHit[] = [];
  for (const { hit, doc } of onPage) {
    // Snippets are the page's own work on this thread: it gives way between decisions when busy.
    await yieldIfBusy();
    // Found by its 사건명 alone: its first passage (판시사항, 판결요지, else the reasons) is the way in.
    const ids = hit.chunkIds.length ? hit.chunkIds : hit.pinned ? [] : summaryChunkIds(doc.corpusId, doc.caseNo, 1);
    const chunks = ids.length ? await store.getChunks(doc.corpusId, doc.caseNo, ids) : [];
    const byId = new Map(chunks.map((c) => [c.id, c]));
    const signal = signals[decisionKey(doc)];
    hits.push({
      ...doc,
      score: hit.score,
      snippets: (hit.chunkIds.length
        ? hit.chunkIds.flatMap((id) => byId.get(id) ?? [])
        : ids.flatMap((id) => byId.get(id) ?? []).slice(0, 1)
      ).map((chunk) => snippetOf(chunk, marked)),
      nameMarks: markRanges(doc.caseName, marked),
      citedBy: signal?.citedBy ?? 0,
      overruled: (signal?.overruledBy.length ?? 0) > 0,
      byCaseNo: hit.pinned,
    });
  }

  const corpusNames = new Map((await listCorpora()).map((c) => [c.id, c.name]));
  const hints = hintsOf(parsed, query.groups);
  if (result.dropped)
    hints.push(
      `검색어가 너무 넓어 뒤의 낱말 ${result.dropped}개는 빼고 찾았습니다. 낱말을 줄이거나 필터를 더해 보세요.`,
    );
  if (byCited && result.total > REF_FACET_DOCS)
    hints.push(`많이 인용된순은 관련도가 높은 ${REF_FACET_DOCS.toLocaleString("ko-KR")}건 안에서 정렬했습니다.`);
  return {
    parsed: { ...parsed, hints },
    total,
    exact: result.exact,
    page,
    pages,
    hits,
    facets: facetsOfCounts(result.facets, corpusNames, p.ref),
  };
}
