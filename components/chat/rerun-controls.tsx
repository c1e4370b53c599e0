"use client";

import { useId, useState } from "react";
import { isStrategyId, STRATEGY_IDS, STRATEGY_LABELS, type StrategyId } from "@/lib/rag/strategies/steps";

/**
 * On a finished answer: write it again with another strategy, in place (the current answer stays
 * readable as an earlier version), or compare two strategies side by side.
 */
export function RerunControls({
  current,
  onRerun,
  onCompare,
}: {
  /** The strategy that wrote this answer. */
  current?: string;
  /** Absent while another answer is being written. */
  onRerun?: (strategy: StrategyId) => void;
  onCompare?: () => void;
}) {
  const first = STRATEGY_IDS.find((id) => id !== current) ?? STRATEGY_IDS[0];
  const [choice, setChoice] = useState<StrategyId>(first);
  const id = useId();
  return (
    <span className="flex flex-wrap items-center gap-1">
      <label htmlFor={id} className="sr-only">
        다시 답변할 검색 전략
      </label>
      <select
        id={id}
        value={choice}
        onChange={(e) => {
          if (isStrategyId(e.target.value)) setChoice(e.target.value);
        }}
        disabled={!onRerun}
        data-testid="rerun-strategy"
        className="rounded border border-line bg-white px-1 py-0.5 text-xs text-ink"
      >
        {STRATEGY_IDS.map((s) => (
          <option key={s} value={s}>
            {STRATEGY_LABELS[s]}
            {s === current ? " (지금 답변)" : ""}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onRerun?.(choice)}
        disabled={!onRerun}
        data-testid="rerun"
        className="hover:text-ink disabled:opacity-50"
      >
        이 전략으로 다시 답변
      </button>
      <button
        type="button"
        onClick={onCompare}
        disabled={!onCompare}
        data-testid="compare-open"
        className="hover:text-ink disabled:opacity-50"
      >
        전략 비교
      </button>
    </span>
  );
}
