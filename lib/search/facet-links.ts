import type { Facets } from "./facets";
import { FILTER_KEYS, type SearchParams, searchHref, yearRangeLabel } from "./params";

export interface FacetItem {
  label: string;
  count: number;
  href: string;
  active: boolean;
}

export interface FacetGroup {
  id: string;
  title: string;
  items: FacetItem[];
  /** Clears this facet (shown while one of its values is chosen). */
  clearHref?: string;
}

type Key = (typeof FILTER_KEYS)[number];

/**
 * The facets as links: each value narrows the current search (page 1, same order); a chosen value
 * links to the search without it. A chosen value keeps its line even when its count is all there is.
 */
export function facetGroups(facets: Facets, p: SearchParams): FacetGroup[] {
  const base = { ...p, page: 1 };
  const without = (key: Key) => searchHref({ ...base, [key]: undefined });
  const group = (id: Key, title: string, values: { value: string; count: number; label?: string }[]): FacetGroup => ({
    id,
    title,
    items: values.map((v) => {
      const active = p[id] === v.value;
      return {
        label: v.label ?? v.value,
        count: v.count,
        active,
        href: active ? without(id) : searchHref({ ...base, [id]: v.value }),
      };
    }),
    clearHref: p[id] ? without(id) : undefined,
  });
  return [
    // A court level narrows the courts; choosing a court keeps its level.
    group("level", "법원 등급", facets.level),
    group("court", "법원", facets.court),
    group("type", "사건종류", facets.type),
    group(
      "years",
      "선고 연도",
      facets.years.map((y) => ({ ...y, label: yearRangeLabel(y.value) })),
    ),
    group(
      "corpus",
      "말뭉치",
      facets.corpus.map((c) => ({ value: c.value, count: c.count, label: c.name })),
    ),
    group(
      "enBanc",
      "전원합의체",
      facets.enBanc > 0 || p.enBanc ? [{ value: "1", count: facets.enBanc, label: "전원합의체 판결만" }] : [],
    ),
    group("lower", "원심 법원", facets.lower),
    // The articles the listed decisions cite most: one narrows to the decisions citing it.
    group("ref", "참조조문", facets.ref),
  ];
}

/** How many filters are chosen (the phone's filter button says it). */
export function chosenFilters(p: SearchParams): number {
  return FILTER_KEYS.filter((k) => p[k]).length;
}
