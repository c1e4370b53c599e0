"use client";

import { CASE_TYPE_LABELS, type ChatFilters, normalizeFilters } from "@/lib/chat/filters";
import type { FilterOptions } from "@/lib/db/decision-lookup";

const FIELD = "rounded border border-line bg-white px-2 py-1 text-xs text-ink";

/**
 * The search filters of a chat: court level or court, decision dates, case types. Applied in
 * retrieval to the chat's next questions and kept with the chat.
 */
export function FilterPanel({
  filters,
  options,
  onChange,
  onClose,
}: {
  filters: ChatFilters | undefined;
  options: FilterOptions;
  onChange: (next: ChatFilters | undefined) => void;
  onClose: () => void;
}) {
  const f = filters ?? {};
  const set = (change: Partial<ChatFilters>) => onChange(normalizeFilters({ ...f, ...change }));
  const courts = options.levels
    .filter((l) => !f.courtLevel || l.level === f.courtLevel)
    .flatMap((l) => l.courts)
    .sort((a, b) => a.localeCompare(b, "ko"));
  const badDates = Boolean(f.dateFrom && f.dateTo && f.dateFrom > f.dateTo);
  return (
    <fieldset className="mb-2 rounded-lg border border-line bg-paper p-3 text-xs" data-testid="filter-panel">
      <legend className="px-1 font-semibold text-muted">검색 필터</legend>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <label className="flex items-center gap-2">
          <span className="w-14 shrink-0 text-muted">법원 등급</span>
          <select
            value={f.courtLevel ?? ""}
            onChange={(e) => set({ courtLevel: e.target.value || undefined, courts: undefined })}
            className={`${FIELD} min-w-0 flex-1`}
            data-testid="filter-court-level"
          >
            <option value="">전체</option>
            {options.levels.map((l) => (
              <option key={l.level} value={l.level}>
                {l.level}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <span className="w-14 shrink-0 text-muted">법원</span>
          <select
            value={f.courts?.[0] ?? ""}
            onChange={(e) => set({ courts: e.target.value ? [e.target.value] : undefined })}
            className={`${FIELD} min-w-0 flex-1`}
            data-testid="filter-court"
          >
            <option value="">{f.courtLevel ? `${f.courtLevel} 전체` : "전체"}</option>
            {courts.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <span className="w-14 shrink-0 text-muted">선고일</span>
          <input
            type="date"
            value={f.dateFrom ?? ""}
            onChange={(e) => set({ dateFrom: e.target.value || undefined })}
            aria-label="선고일 시작"
            className={FIELD}
            data-testid="filter-date-from"
          />
          <span aria-hidden>~</span>
          <input
            type="date"
            value={f.dateTo ?? ""}
            onChange={(e) => set({ dateTo: e.target.value || undefined })}
            aria-label="선고일 끝"
            className={FIELD}
            data-testid="filter-date-to"
          />
          {badDates ? (
            <span role="alert" className="text-red-800">
              시작일이 끝나는 날보다 늦습니다.
            </span>
          ) : null}
        </div>
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:col-span-2">
          <legend className="float-left mr-2 w-14 shrink-0 text-muted">사건종류</legend>
          {CASE_TYPE_LABELS.map((t) => (
            <label key={t} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={f.caseTypes?.includes(t) ?? false}
                onChange={(e) =>
                  set({
                    caseTypes: e.target.checked
                      ? [...(f.caseTypes ?? []), t]
                      : (f.caseTypes ?? []).filter((x) => x !== t),
                  })
                }
                data-testid={`filter-case-type-${t}`}
              />
              {t}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="mt-2 flex justify-end gap-3">
        <button
          type="button"
          onClick={() => onChange(normalizeFilters({ corpusIds: f.corpusIds }))}
          className="text-muted hover:text-ink"
          data-testid="filter-reset"
        >
          초기화
        </button>
        <button type="button" onClick={onClose} className="font-medium text-accent" data-testid="filter-close">
          닫기
        </button>
      </div>
    </fieldset>
  );
}
