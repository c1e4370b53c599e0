"use client";

import { useEffect, useState } from "react";
import "./find-in-decision.css";
import { type OtherParts, OtherPartsLine, useOtherParts } from "./find-other-parts";
import { findRanges, scrollRangeIntoView } from "./find-ranges";

/**
 * Find in this decision, with next/previous. Matches are painted with the CSS Custom Highlight
 * API: nothing is inserted into the text React rendered, so highlighting cannot disturb it. A
 * browser without the API still moves to each match and selects it. A decision shown in parts
 * also says which other parts hold the words (counted on the server), each a link that opens it
 * with the same words found.
 */
export function FindInDecision({
  rootId,
  initialQuery = "",
  parts,
}: {
  rootId: string;
  initialQuery?: string;
  parts?: OtherParts;
}) {
  const [query, setQuery] = useState(initialQuery);
  const others = useOtherParts(parts, query);
  const [matches, setMatches] = useState<Range[]>([]);
  const [current, setCurrent] = useState(0);
  const painted = typeof CSS !== "undefined" && "highlights" in CSS;

  useEffect(() => {
    const root = document.getElementById(rootId);
    setMatches(root ? findRanges(root, query) : []);
    setCurrent(0);
  }, [query, rootId]);

  useEffect(() => {
    const target = matches[current];
    if (painted) {
      CSS.highlights.set("find-match", new Highlight(...matches));
      CSS.highlights.set("find-current", target ? new Highlight(target) : new Highlight());
    } else if (target) {
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(target);
    }
    if (target) scrollRangeIntoView(target);
  }, [matches, current, painted]);

  useEffect(
    () => () => {
      if (typeof CSS !== "undefined" && "highlights" in CSS) {
        CSS.highlights.delete("find-match");
        CSS.highlights.delete("find-current");
      }
    },
    [],
  );

  const step = (by: number) => {
    if (matches.length > 0) setCurrent((c) => (c + by + matches.length) % matches.length);
  };

  return (
    <search
      className="sticky top-12 z-10 flex flex-wrap items-center gap-2 border-b border-line bg-paper/95 py-2 backdrop-blur"
      data-print="hide"
      data-testid="find-in-decision"
    >
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.nativeEvent.isComposing) return; // Enter that ends a Hangul syllable is not "next"
          if (e.key === "Enter") {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          } else if (e.key === "Escape") setQuery("");
        }}
        placeholder="판결문에서 찾기 (띄어쓰기 무시)"
        aria-label="판결문에서 찾기"
        data-testid="find-input"
        className="min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-1.5 text-sm outline-none focus:border-accent"
      />
      <span
        className="min-w-16 text-center text-xs tabular-nums text-muted"
        data-testid="find-count"
        aria-live="polite"
      >
        {query.trim()
          ? matches.length
            ? `${current + 1}/${matches.length}`
            : parts
              ? "이 부분에 없음"
              : "결과 없음"
          : ""}
      </span>
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={matches.length === 0}
        data-testid="find-prev"
        aria-label="이전 결과"
        className="rounded border border-line bg-white px-2 py-1 text-xs disabled:opacity-40"
      >
        ▲ 이전
      </button>
      <button
        type="button"
        onClick={() => step(1)}
        disabled={matches.length === 0}
        data-testid="find-next"
        aria-label="다음 결과"
        className="rounded border border-line bg-white px-2 py-1 text-xs disabled:opacity-40"
      >
        ▼ 다음
      </button>
      {parts && query.trim() ? <OtherPartsLine parts={parts} query={query} state={others} /> : null}
    </search>
  );
}
