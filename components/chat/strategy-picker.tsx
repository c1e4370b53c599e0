"use client";

import { useState } from "react";
import { type StrategyCorpus, strategyUnavailable } from "@/lib/rag/strategies/panels";
import {
  DEFAULT_STRATEGY,
  isStrategyId,
  STRATEGY_HINTS,
  STRATEGY_IDS,
  STRATEGY_LABELS,
  type StrategyId,
} from "@/lib/rag/strategies/steps";

/** The chat's strategy: the one it remembers (a stored value no longer known falls back to RAR). */
export function useStrategy(initial?: string | null) {
  return useState<StrategyId>(isStrategyId(initial) ? initial : DEFAULT_STRATEGY);
}

/**
 * Beside the corpus picker: which query-time method answers the next question. A strategy the
 * search scope cannot serve (atomic on corpora without atomic questions) is shown disabled, with
 * the reason under the picker.
 */
export function StrategyPicker({
  value,
  onChange,
  disabled,
  corpora = [],
  scope,
}: {
  value: StrategyId;
  onChange: (id: StrategyId) => void;
  disabled?: boolean;
  corpora?: readonly StrategyCorpus[];
  scope?: readonly string[];
}) {
  const unavailable = Object.fromEntries(STRATEGY_IDS.map((id) => [id, strategyUnavailable(id, corpora, scope)]));
  const blocked = unavailable[value];
  return (
    <label className="flex shrink-0 items-center gap-2 text-xs text-muted sm:flex-wrap">
      <span className="sr-only sm:not-sr-only">검색 전략</span>
      <select
        value={value}
        disabled={disabled}
        onChange={(e) => {
          if (isStrategyId(e.target.value)) onChange(e.target.value);
        }}
        data-testid="chat-strategy"
        title={blocked ?? STRATEGY_HINTS[value]}
        // On a phone the widest label ("… — 쓸 수 없음") would push it past the screen's edge: it is
        // kept narrow there (the list it opens shows every label whole).
        className="max-w-40 rounded border border-line bg-white px-2 py-1 text-xs text-ink sm:max-w-none"
      >
        {STRATEGY_IDS.map((id) => (
          // The one in use stays selectable so the picker never shows a value it cannot hold.
          <option key={id} value={id} disabled={Boolean(unavailable[id]) && id !== value} title={unavailable[id]}>
            {STRATEGY_LABELS[id]}
            {unavailable[id] ? " — 쓸 수 없음" : ""}
          </option>
        ))}
      </select>
      <span className={blocked ? "text-amber-900" : "hidden text-muted sm:inline"} data-testid="chat-strategy-hint">
        {blocked ?? STRATEGY_HINTS[value]}
      </span>
    </label>
  );
}
