import { z } from "zod";
import { type ChatFilters, normalizeFilters } from "../chat/filters";
import { chatFiltersSchema } from "../chat/filters-schema";
import { AppError } from "../errors";
import { normalizeRef } from "../search/params";

/**
 * `GET /api/v1/search`'s query string: the search page's words and filters (repeat a parameter
 * for several values: `court=대법원&court=서울고등법원`). `ref=민법 제750조` keeps the decisions
 * whose 참조조문 name that article; with it, `q` may be left out (all the decisions citing it).
 */
const paramsSchema = z.object({
  q: z.string().trim().max(5000, "검색어는 5,000자 이내로 입력해 주세요."),
  ref: z
    .string()
    .max(120)
    .transform((v, ctx) => {
      const ref = normalizeRef(v);
      if (!ref)
        ctx.addIssue({ code: "custom", message: "참조조문(ref)은 '민법 제750조'처럼 법령 이름과 조문으로 써 주세요." });
      return ref ?? "";
    })
    .optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export interface SearchParams {
  q: string;
  /** "민법 제750조". */
  ref?: string;
  page: number;
  size: number;
  filters?: ChatFilters;
}

export function parseSearchParams(search: URLSearchParams): SearchParams {
  const parsed = paramsSchema.safeParse({
    q: search.get("q") ?? "",
    ref: search.get("ref") ?? undefined,
    page: search.get("page") ?? undefined,
    size: search.get("size") ?? undefined,
  });
  if (!parsed.success) {
    throw new AppError("bad_request:input", { userMessage: parsed.error.issues[0]?.message });
  }
  if (!parsed.data.q && !parsed.data.ref) {
    throw new AppError("bad_request:input", { userMessage: "검색어(q)를 입력해 주세요." });
  }
  const list = (name: string) => (search.getAll(name).length ? search.getAll(name) : undefined);
  const filters = chatFiltersSchema.safeParse({
    corpusIds: list("corpus"),
    courtLevel: search.get("courtLevel") ?? undefined,
    courts: list("court"),
    caseTypes: list("caseType"),
    dateFrom: search.get("from") ?? undefined,
    dateTo: search.get("to") ?? undefined,
  });
  if (!filters.success) {
    throw new AppError("bad_request:input", { userMessage: filters.error.issues[0]?.message });
  }
  return { ...parsed.data, filters: normalizeFilters(filters.data) };
}
