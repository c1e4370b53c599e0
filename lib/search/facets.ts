import type { SearchDoc } from "../db/search-docs";
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
}

const LIMIT = 12;

function counted(values: Iterable<string>, limit = LIMIT): FacetValue[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, "ko"))
    .slice(0, limit);
}

/**
 * The counts beside each filter, over the decisions the query and the chosen filters matched:
 * clicking a value narrows to exactly that many. One pass per facet over at most a few hundred
 * decisions (the search's bound), so it costs well under a millisecond.
 */
export function facetCounts(docs: SearchDoc[]): Facets {
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
  };
}
