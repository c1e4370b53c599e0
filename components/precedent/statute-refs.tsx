import type { ReactNode } from "react";
import type { Mark } from "@/lib/precedent/segments";
import { type StatutePreview, type StatuteRefPart, statuteKey, statuteRefParts } from "@/lib/statutes/ref-parts";
import { DecisionText } from "./decision-text";
import { StatuteLink } from "./statute-link";

/**
 * The 참조조문 section with each reference of an imported statute linked to its article page (and
 * its panel). The references are read over the whole section, then shown mark by mark, so a cited
 * passage's tint stays where it was; a reference cut by a mark's edge stays plain text.
 */
export function StatuteRefsText({
  marks,
  imported,
  previews,
  decisionDate,
}: {
  marks: Mark[];
  imported: string[];
  previews: Record<string, StatutePreview>;
  decisionDate?: string;
}) {
  const whole = marks.map((m) => m.text).join("");
  const parts = statuteRefParts(whole, new Set(imported));
  const offsets: number[] = [];
  let at = 0;
  for (const m of marks) {
    offsets.push(at);
    at += m.text.length;
  }
  return (
    <DecisionText
      marks={marks}
      renderText={(mark, index) => {
        const from = offsets[index] ?? 0;
        return runOf(parts, from, from + mark.text.length, previews, decisionDate);
      }}
    />
  );
}

function runOf(
  parts: StatuteRefPart[],
  from: number,
  to: number,
  previews: Record<string, StatutePreview>,
  decisionDate: string | undefined,
): ReactNode[] {
  return parts.flatMap((part): ReactNode[] => {
    const end = part.start + part.text.length;
    if (end <= from || part.start >= to) return [];
    if (part.kind === "ref" && part.start >= from && end <= to) {
      return [
        <StatuteLink
          key={part.start}
          part={part}
          preview={previews[statuteKey(part.law, part.article)] ?? null}
          decisionDate={decisionDate}
        />,
      ];
    }
    return [part.text.slice(Math.max(0, from - part.start), Math.min(part.text.length, to - part.start))];
  });
}
