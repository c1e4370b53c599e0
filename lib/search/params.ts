import { z } from "zod";

/**
 * The search page's whole state, as it stands in the address (a GET form writes it; a link to it
 * is the search, shareable, and the back button returns to it). Anything odd is dropped, never an
 * error: a hand-edited address still searches.
 */

export const SORTS = ["relevance", "newest", "oldest", "cited"] as const;
export type SearchSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "관련도순",
  newest: "최신순",
  oldest: "오래된순",
  cited: "많이 인용된순",
};

/** 선고 연도 ranges, newest first: [label, from year, to year]. */
export const YEAR_RANGES = [
  ["2020-", 2020, 9999],
  ["2010-2019", 2010, 2019],
  ["2000-2009", 2000, 2009],
  ["1990-1999", 1990, 1999],
  ["-1989", 0, 1989],
] as const;
export type YearRange = (typeof YEAR_RANGES)[number][0];

export function yearRangeLabel(range: string): string {
  if (range.endsWith("-")) return `${range.slice(0, -1)}년 이후`;
  if (range.startsWith("-")) return `${range.slice(1)}년 이전`;
  return `${range.replace("-", "~")}년`;
}

export function yearRangeOf(date: string): YearRange | undefined {
  const year = Number(date.slice(0, 4));
  if (!Number.isFinite(year) || year <= 0) return undefined;
  return YEAR_RANGES.find(([, from, to]) => year >= from && year <= to)?.[0];
}

/** The URL's filters, in the order an address writes them. */
export const FILTER_KEYS = ["corpus", "level", "court", "type", "years", "enBanc", "lower", "ref"] as const;

/**
 * One article as a filter value: "민법 제750조", "소득세법 시행령 제3조의2" — the statute's name (its
 * spaces made single), one space, the article with none. Anything else is not an article: undefined.
 */
export function splitRef(ref: string): { law: string; article: string } | undefined {
  const m = /^(.+?)\s*(제\s*\d+\s*조(?:\s*의\s*\d+)?)$/u.exec(ref.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const law = m[1].replace(/\s+/g, " ").trim();
  return law ? { law, article: m[2].replace(/\s/g, "") } : undefined;
}

export function normalizeRef(ref: string): string | undefined {
  const parts = splitRef(ref);
  return parts ? `${parts.law} ${parts.article}` : undefined;
}

const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const Schema = z.object({
  // A pasted page of text is cut, not dropped: the query language then says it read the first part.
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v?.slice(0, 2_000)),
  corpus: text(64),
  level: text(40),
  court: text(80),
  type: text(40),
  years: z
    .enum(YEAR_RANGES.map(([r]) => r) as [YearRange, ...YearRange[]])
    .optional()
    .catch(undefined),
  /** "1": 전원합의체 decisions only. */
  enBanc: z.literal("1").optional().catch(undefined),
  /** 원심 법원. */
  lower: text(80),
  /** 참조조문: "민법 제750조" (decisions whose 참조조문 name that article). */
  ref: z
    .string()
    .max(120)
    .transform((v) => normalizeRef(v))
    .optional()
    .catch(undefined),
  sort: z.enum(SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000).optional().catch(undefined),
});

export interface SearchParams {
  q: string;
  corpus?: string;
  level?: string;
  court?: string;
  type?: string;
  years?: YearRange;
  enBanc?: "1";
  lower?: string;
  ref?: string;
  sort: SearchSort;
  page: number;
}

export function parseSearchParams(raw: Record<string, string | string[] | undefined>): SearchParams {
  const picked = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, first(v)]));
  const p = Schema.parse(picked);
  const out: SearchParams = { q: p.q ?? "", sort: p.sort ?? "relevance", page: p.page ?? 1 };
  for (const key of FILTER_KEYS) {
    if (p[key]) Object.assign(out, { [key]: p[key] });
  }
  return out;
}

/** The address of a search: only what differs from the defaults, in a stable order. */
export function searchHref(params: Partial<SearchParams>, base = "/search"): string {
  const q = new URLSearchParams();
  if (params.q) q.set("q", params.q);
  for (const key of FILTER_KEYS) {
    const v = params[key];
    if (v) q.set(key, v);
  }
  if (params.sort && params.sort !== "relevance") q.set("sort", params.sort);
  if (params.page && params.page > 1) q.set("page", String(params.page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
