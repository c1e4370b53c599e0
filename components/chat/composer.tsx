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
      className="border-t border-line bg-white px-3 pt-1.5 pb-2 sm:px-4 sm:pt-2 sm:pb-3 print:hidden"
      data-testid="composer"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk(input);
      }}
    >
      {/* One scrolling row on a phone: the question bar stays small. */}
      <div
        className="mb-1.5 flex items-center gap-2 overflow-x-auto text-xs text-muted sm:mb-2 sm:flex-wrap sm:overflow-visible"
        data-testid="composer-toolbar"
      >
        {corpora.length > 1 ? (
          <label className="flex shrink-0 items-center gap-1">
            <span className="sr-only sm:not-sr-only">검색 범위</span>
            <select
              value={scope}
              onChange={(e) =>
                setFilters(normalizeFilters({ ...filters, corpusIds: e.target.value ? [e.target.value] : undefined }))
              }
              data-testid="chat-scope"
              className="max-w-32 rounded border border-line bg-white px-2 py-1 text-xs text-ink sm:max-w-40"
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
        <ShortcutHint />
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
          aria-keyshortcuts="/"
          maxLength={4000}
          disabled={disabled}
          placeholder={disabled ? "검색할 판례가 아직 없어 질문할 수 없습니다." : "사실관계와 궁금한 점을 적어 주세요."}
          aria-label="질문"
          data-testid="chat-input"
          className="field-sizing-content max-h-32 min-h-[2.5rem] min-w-0 flex-1 resize-none rounded-lg border border-line px-3 py-2 focus:border-accent disabled:bg-paper sm:max-h-40 sm:min-h-[4rem] sm:resize-y"
        />
        {running ? (
          <button
            type="button"
            data-testid="stop"
            aria-keyshortcuts="Escape"
            title="중지 (Esc)"
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

/**
 * The keys the desk answers to, beside the pickers; not on a touch screen (no Enter key there to
 * speak of, and no room).
 */
function ShortcutHint() {
  return (
    <span className="touch-hidden ml-auto hidden shrink-0 whitespace-nowrap lg:inline" data-testid="composer-hint">
      <span className="sr-only">단축키: </span>
      <kbd className="font-sans">Enter</kbd> 보내기 · <kbd className="font-sans">Shift+Enter</kbd> 줄바꿈 ·{" "}
      <kbd className="font-sans">/</kbd> 질문 입력 · <kbd className="font-sans">Esc</kbd> 답변 중지
    </span>
  );
}
