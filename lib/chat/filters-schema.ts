import { z } from "zod";
import { CASE_TYPE_LABELS, type CaseTypeLabel, type ChatFilters, normalizeFilters } from "./filters";

/** Server-side validation of a chat's filters (from the browser, or read back from the database). */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "날짜는 YYYY-MM-DD 형식이어야 합니다.");
const name = z.string().trim().min(1).max(100);

export const chatFiltersSchema: z.ZodType<ChatFilters> = z
  .object({
    corpusIds: z.array(z.string().min(1).max(64)).max(50).optional(),
    /** 법원등급 as stored with the decisions ("대법원", "하급심"). */
    courtLevel: name.optional(),
    courts: z.array(name).max(50).optional(),
    caseTypes: z
      .array(z.enum(CASE_TYPE_LABELS as [CaseTypeLabel, ...CaseTypeLabel[]]))
      .max(5)
      .optional(),
    dateFrom: day.optional(),
    dateTo: day.optional(),
  })
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, {
    message: "시작일이 종료일보다 늦습니다.",
    path: ["dateTo"],
  });

/** A stored Chat.filters value; anything unreadable counts as no filter (never a failed page). */
export function parseStoredFilters(json: string | null | undefined): ChatFilters | undefined {
  if (!json) return undefined;
  try {
    const parsed = chatFiltersSchema.safeParse(JSON.parse(json));
    return parsed.success ? normalizeFilters(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}
