import type { StoreFilter } from "../store/types";

/**
 * What a lawyer narrows a chat's search to: corpora, court level or court, decision dates, case
 * types. Kept per chat (Chat.filters), applied in retrieval through the store's filter (both
 * stores), and shown on every answer written with them. No zod here: the browser imports this
 * module, and zod probes for eval, which the page's CSP forbids.
 */

/** The case types a lawyer picks from, and the 사건종류 values of the data each one stands for. */
export const CASE_TYPES = {
  민사: ["민사"],
  가사: ["가사"],
  형사: ["형사"],
  세무: ["세무"],
  행정: ["일반행정", "행정"],
} as const satisfies Record<string, readonly string[]>;
export type CaseTypeLabel = keyof typeof CASE_TYPES;
export const CASE_TYPE_LABELS = Object.keys(CASE_TYPES) as CaseTypeLabel[];

/** A chat's filters (validated on the server by `chatFiltersSchema`, lib/chat/filters-schema.ts). */
export interface ChatFilters {
  corpusIds?: string[];
  /** 법원등급 as stored with the decisions ("대법원", "하급심"). */
  courtLevel?: string;
  courts?: string[];
  caseTypes?: CaseTypeLabel[];
  /** Inclusive YYYY-MM-DD bounds on the decision date. */
  dateFrom?: string;
  dateTo?: string;
}

/** Empty lists and blank values dropped; undefined when nothing is left (no filter at all). */
export function normalizeFilters(filters: ChatFilters | undefined): ChatFilters | undefined {
  if (!filters) return undefined;
  const out: ChatFilters = {};
  if (filters.corpusIds?.length) out.corpusIds = [...new Set(filters.corpusIds)];
  if (filters.courtLevel) out.courtLevel = filters.courtLevel;
  if (filters.courts?.length) out.courts = [...new Set(filters.courts)];
  if (filters.caseTypes?.length) out.caseTypes = CASE_TYPE_LABELS.filter((t) => filters.caseTypes?.includes(t));
  if (filters.dateFrom) out.dateFrom = filters.dateFrom;
  if (filters.dateTo) out.dateTo = filters.dateTo;
  return Object.keys(out).length ? out : undefined;
}

// No court has this name: a level with no decisions (or a court outside the chosen level) must
// find nothing, and an empty `courts` list would mean "no court filter" to the stores.
const NO_COURT = "\u0000(해당 법원 없음)";

/**
 * The store filter for a chat's filters. A court level becomes the courts of that level (looked
 * up from the imported decisions), so the stores need no field of their own for it.
 */
export async function toStoreFilter(
  filters: ChatFilters | undefined,
  courtsOfLevel: (level: string) => Promise<string[]>,
): Promise<StoreFilter | undefined> {
  const f = normalizeFilters(filters);
  if (!f) return undefined;
  const out: StoreFilter = {};
  if (f.corpusIds) out.corpusIds = f.corpusIds;
  if (f.caseTypes) out.caseTypes = f.caseTypes.flatMap((t) => [...CASE_TYPES[t]]);
  if (f.dateFrom) out.dateFrom = f.dateFrom;
  if (f.dateTo) out.dateTo = f.dateTo;
  if (f.courtLevel || f.courts) {
    const ofLevel = f.courtLevel ? new Set(await courtsOfLevel(f.courtLevel)) : undefined;
    const chosen = f.courts ? f.courts.filter((c) => !ofLevel || ofLevel.has(c)) : [...(ofLevel ?? [])];
    out.courts = chosen.length ? chosen : [NO_COURT];
  }
  return out;
}

/** The filters in a few Korean words, for the answer and the filter button. */
export function describeFilters(filters: ChatFilters | undefined, corpusNames: Record<string, string> = {}): string[] {
  const f = normalizeFilters(filters);
  if (!f) return [];
  const out: string[] = [];
  if (f.corpusIds) out.push(`말뭉치: ${f.corpusIds.map((id) => corpusNames[id] ?? "삭제된 말뭉치").join(", ")}`);
  if (f.courts) out.push(`법원: ${f.courts.join(", ")}`);
  else if (f.courtLevel) out.push(`법원: ${f.courtLevel}`);
  if (f.caseTypes) out.push(`사건종류: ${f.caseTypes.join("·")}`);
  if (f.dateFrom || f.dateTo) out.push(`선고일: ${f.dateFrom ?? "처음"} ~ ${f.dateTo ?? "현재"}`);
  return out;
}
