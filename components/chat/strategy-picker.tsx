"use client";

import { useState } from "react";
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

/** Beside the corpus picker: which query-time method answers the next question. */
export function StrategyPicker({
  value,
  onChange,
  disabled,
}: {
  value: StrategyId;
  onChange: (id: StrategyId) => void;
  disabled?: boolean;
}) {
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
        title={STRATEGY_HINTS[value]}
        className="rounded border border-line bg-white px-2 py-1 text-xs text-ink"
      >
        {STRATEGY_IDS.map((id) => (
          <option key={id} value={id}>
            {STRATEGY_LABELS[id]}
          </option>
        ))}
      </select>
      <span className="hidden text-muted sm:inline" data-testid="chat-strategy-hint">
        {STRATEGY_HINTS[value]}
      </span>
    </label>
  );
}
