"use client";

import type { ReactNode } from "react";
import { type ChatFilters, describeFilters, normalizeFilters } from "@/lib/chat/filters";
import type { FilterOptions } from "@/lib/db/decision-lookup";
import { FilterPanel } from "./filter-panel";

export interface CorpusChoice {
  id: string;
  name: string;
  documentCount: number;
  /** It has atomic questions (the atomic strategy can search it). */
  atomic?: boolean;
}

/**
 * The question box, always in view under the conversation: the search scope (corpus picker,
 * filters), the question, and 보내기 or 중지. Room is left in the toolbar for more pickers.
 */
export function Composer({
  input,
  setInput,
  onAsk,
  onStop,
  running,
  disabled,
  corpora,
  corpusNames,
  filters,
  setFilters,
  filterOptions,
  filtersOpen,
  setFiltersOpen,
  tools,
}: {
  input: string;
  setInput: (text: string) => void;
  onAsk: (text: string) => void;
  /** Present while an answer is being written. */
  onStop?: () => void;
  running: boolean;
  /** Nothing to search yet (no corpus): the box explains instead of accepting questions. */
  disabled: boolean;
  corpora: CorpusChoice[];
  corpusNames: Record<string, string>;
  filters: ChatFilters | undefined;
  setFilters: (next: ChatFilters | undefined) => void;
  filterOptions: FilterOptions;
  filtersOpen: boolean;
  setFiltersOpen: (open: boolean) => void;
  /** More pickers beside the corpus picker (the retrieval strategy). */
  tools?: ReactNode;
}) {
  const scope = filters?.corpusIds?.[0] ?? "";
  const summary = describeFilters({ ...filters, corpusIds: undefined });
  return (
    <form
      className="border-t border-line bg-white px-3 pt-2 pb-3 sm:px-4 print:hidden"
      data-testid="composer"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk(input);
      }}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-muted" data-testid="composer-toolbar">
        {corpora.length > 1 ? (
          <label className="flex items-center gap-1">
            <span className="sr-only sm:not-sr-only">검색 범위</span>
            <select
              value={scope}
              onChange={(e) =>
                setFilters(normalizeFilters({ ...filters, corpusIds: e.target.value ? [e.target.value] : undefined }))
              }
              data-testid="chat-scope"
              className="max-w-40 rounded border border-line bg-white px-2 py-1 text-xs text-ink"
            >
              <option value="">모든 말뭉치</option>
              {corpora.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.documentCount}건)
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button
          type="button"
          onClick={() => setFiltersOpen(!filtersOpen)}
          aria-expanded={filtersOpen}
          data-testid="filter-toggle"
          className={`rounded border px-2 py-1 ${summary.length ? "border-accent text-accent" : "border-line text-ink"}`}
        >
          필터{summary.length ? ` ${summary.length}` : ""}
        </button>
        {summary.length > 0 ? (
          <span className="min-w-0 truncate" data-testid="filter-summary" title={summary.join(" · ")}>
            {summary.join(" · ")}
          </span>
        ) : null}
        {tools}
      </div>
      {filtersOpen ? (
        <FilterPanel
          filters={filters}
          options={filterOptions}
          onChange={setFilters}
          onClose={() => setFiltersOpen(false)}
        />
      ) : null}
      <div className="flex items-end gap-2">
        <textarea
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter (and Enter while composing Hangul) makes a new line.
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onAsk(input);
            }
          }}
          rows={2}
          maxLength={4000}
          disabled={disabled}
          placeholder={
            disabled
              ? "검색할 판례가 아직 없어 질문할 수 없습니다."
              : "사실관계와 궁금한 점을 적어 주세요. (Enter 보내기 · Shift+Enter 줄바꿈)"
          }
          aria-label="질문"
          data-testid="chat-input"
          className="max-h-40 min-h-[2.75rem] min-w-0 flex-1 resize-y rounded-lg border border-line px-3 py-2 outline-none focus:border-accent disabled:bg-paper"
        />
        {running ? (
          <button
            type="button"
            data-testid="stop"
            onClick={onStop}
            className="shrink-0 rounded-lg border border-red-300 px-4 py-2 text-red-700 hover:bg-red-50"
          >
            중지
          </button>
        ) : (
          <button
            type="submit"
            disabled={disabled || !input.trim()}
            data-testid="send"
            className="shrink-0 rounded-lg bg-accent px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            보내기
          </button>
        )}
      </div>
      {filters?.corpusIds && !corpora.some((c) => c.id === scope) ? (
        <p className="mt-1 text-xs text-amber-800">
          선택했던 말뭉치({corpusNames[scope] ?? "삭제된 말뭉치"})에 판례가 없습니다. 검색 범위를 바꿔 주세요.
        </p>
      ) : null}
    </form>
  );
}
