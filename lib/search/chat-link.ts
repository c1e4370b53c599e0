import { CASE_TYPE_LABELS, CASE_TYPES, type ChatFilters, normalizeFilters } from "../chat/filters";
import { type SearchParams, YEAR_RANGES } from "./params";

/**
 * "이 조건으로 질문하기": the search's filters as a chat's filters (lib/chat/filters.ts), in the
 * address of a new chat (`/?filters=…`, read by the home page). 전원합의체, 원심 법원 and 참조조문 have no
 * chat filter and are left out; the words of the query are not a filter either.
 */
export function chatFiltersOf(p: SearchParams): ChatFilters | undefined {
  const years = YEAR_RANGES.find(([r]) => r === p.years);
  const type = CASE_TYPE_LABELS.find((label) => (CASE_TYPES[label] as readonly string[]).includes(p.type ?? ""));
  return normalizeFilters({
    corpusIds: p.corpus ? [p.corpus] : undefined,
    courtLevel: p.level,
    courts: p.court ? [p.court] : undefined,
    caseTypes: type ? [type] : undefined,
    dateFrom: years && years[1] > 0 ? `${years[1]}-01-01` : undefined,
    dateTo: years && years[2] < 9999 ? `${years[2]}-12-31` : undefined,
  });
}

export function askHref(p: SearchParams): string {
  const filters = chatFiltersOf(p);
  return filters ? `/?${new URLSearchParams({ filters: JSON.stringify(filters) })}` : "/";
}
