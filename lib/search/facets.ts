import type { SearchDoc } from "../db/search-docs";
import type { DocMatchResult, FacetCounts } from "../store/types";
import { YEAR_RANGES, yearRangeOf } from "./params";

/** One facet value and how many of the matched decisions carry it. */
export interface FacetValue {
  value: string;
  count: number;
}

export interface Facets {
  level: FacetValue[];
  court: FacetValue[];
  type: FacetValue[];
  years: FacetValue[];
  corpus: (FacetValue & { name: string })[];
  enBanc: number;
  lower: FacetValue[];
  /** 참조조문: the articles the decisions cite most ("민법 제750조"). */
  ref: FacetValue[];
}

/** One decision's 참조조문 link (lib/db/statutes.ts). */
export interface DocRef {
  corpusId: string;
  caseNo: string;
  law: string;
  article: string;
}

const REF_LIMIT = 10;

const LIMIT = 12;

/** How many of `values` carry each value (blank ones left out), the most common first. */
function counted(values: Iterable<string>, limit = LIMIT): FacetValue[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return top([...counts.entries()], limit);
}

/**
 * The counts beside each filter, over the decisions the query and the chosen filters matched:
 * clicking a value narrows to exactly that many. One pass per facet over at most a few hundred
 * decisions (the search's bound), so it costs well under a millisecond.
 */
export function facetCounts(docs: SearchDoc[], refs: DocRef[] = [], chosenRef?: string): Facets {
  const corpusNames = new Map(docs.map((d) => [d.corpusId, d.corpusName]));
  const yearCounts = counted(docs.map((d) => yearRangeOf(d.decisionDate) ?? ""));
  const order = YEAR_RANGES.map(([r]) => r as string);
  return {
    level: counted(docs.map((d) => d.courtLevel || "기타")),
    court: counted(docs.map((d) => d.court)),
    type: counted(docs.map((d) => d.caseType)),
    years: yearCounts.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value)),
    corpus: counted(docs.map((d) => d.corpusId)).map((v) => ({ ...v, name: corpusNames.get(v.value) ?? "" })),
    enBanc: docs.filter((d) => d.enBanc).length,
    lower: counted(docs.map((d) => d.lowerCourt)),
    ref: refCounts(refs, chosenRef),
  };
}

/**
 * The most cited articles, each decision counted once per article. The chosen one keeps its line
 * (with its count, 0 when nothing matched) so it can always be unchosen, even past the top 10.
 */
export function refCounts(refs: DocRef[], chosen: string | undefined): FacetValue[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const r of refs) {
    const value = `${r.law} ${r.article}`;
    const key = `${r.corpusId}\u0001${r.caseNo}\u0001${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return topRefs([...counts.entries()], chosen);
}

/** The top values of counts the index took over the whole match set (blank values left out). */
function top(pairs: FacetCounts, limit = LIMIT): FacetValue[] {
  return pairs
    .filter(([value]) => value !== "")
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, "ko"))
    .slice(0, limit);
}

/** The facets from the index's counts (lib/store/doc-match.ts), years grouped into the page's ranges. */
export function facetsOfCounts(
  counts: DocMatchResult["facets"],
  corpusNames: Map<string, string>,
  chosenRef?: string,
): Facets {
  const ranges = new Map<string, number>();
  for (const [year, count] of counts.year) {
    const range = year ? yearRangeOf(`${year}-01-01`) : undefined;
    if (range) ranges.set(range, (ranges.get(range) ?? 0) + count);
  }
  const levels = counts.level.map(([v, c]): [string, number] => [v || "기타", c]);
  return {
    level: top(levels),
    court: top(counts.court),
    type: top(counts.type),
    years: YEAR_RANGES.flatMap(([r]) =>
      ranges.get(r) ? [{ value: r as string, count: ranges.get(r) as number }] : [],
    ),
    corpus: top(counts.corpus).map((v) => ({ ...v, name: corpusNames.get(v.value) ?? "" })),
    enBanc: counts.enBanc,
    lower: top(counts.lower),
    ref: topRefs(counts.ref, chosenRef),
  };
}

/** The most named articles; the chosen one keeps its line (0 when nothing matched) to be unchosen. */
function topRefs(pairs: FacetCounts, chosen: string | undefined): FacetValue[] {
  const all = top(pairs, Number.POSITIVE_INFINITY);
  const out = all.slice(0, REF_LIMIT);
  if (chosen && !out.some((v) => v.value === chosen))
    out.push(all.find((v) => v.value === chosen) ?? { value: chosen, count: 0 });
  return out;
}
