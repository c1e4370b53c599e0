import type { Mark } from "@/lib/precedent/segments";
import { runsOfMarks, type StatutePreview, statuteKey, statuteRefParts } from "@/lib/statutes/ref-parts";
import { DecisionText } from "./decision-text";
import { StatuteLink } from "./statute-link";

/**
 * A section with each reference of an imported statute linked to its article page (and its
 * panel): the 참조조문 list, or (`running`) any other section of the part shown, where a bare
 * "제3조" is of no known statute and stays text. The references are read over the whole section,
 * then shown mark by mark, so a cited passage's tint stays where it was; a reference cut by a
 * mark's edge stays plain text. A section citing nothing renders as plain text.
 */
export function StatuteRefsText({
  marks,
  imported,
  previews,
  decisionDate,
  running = false,
}: {
  marks: Mark[];
  imported: string[];
  previews: Record<string, StatutePreview>;
  decisionDate?: string;
  running?: boolean;
}) {
  const whole = marks.map((m) => m.text).join("");
  const parts = statuteRefParts(whole, new Set(imported), { running });
  if (!parts.some((p) => p.kind === "ref")) return <DecisionText marks={marks} />;
  const runs = runsOfMarks(marks, parts, (part) => (
    <StatuteLink
      key={part.start}
      part={part}
      // Absent: not looked up (past the part's limit), a link without its panel.
      preview={
        statuteKey(part.law, part.article) in previews ? previews[statuteKey(part.law, part.article)] : undefined
      }
      decisionDate={decisionDate}
    />
  ));
  return <DecisionText marks={marks} renderText={(_, index) => runs[index]} />;
}
