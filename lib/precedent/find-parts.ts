import { pageAt, sectionSpans } from "./pages";

/**
 * Find in a decision cut into parts: how many matches each part holds, with the browser's
 * find-in-decision rule (components/precedent/find-ranges.ts: whitespace ignored on both sides,
 * case folded), so a lawyer on one part learns where else the words are. The query becomes a
 * pattern allowing whitespace between its characters: one scan of a 60 MB decision takes tens of
 * milliseconds, where stripping its whitespace first would take seconds.
 */

/** Matches counted per query; past it the counts say "at least". */
export const MAX_FIND_MATCHES = 10_000;

export function normalizeFindQuery(query: string): string {
  return query.normalize("NFC").replace(/\s+/g, "").toLowerCase();
}

export interface FindCounts {
  /** Parts (1-based) with at least one match, and how many. */
  pages: { page: number; count: number }[];
  total: number;
  /** Counting stopped at MAX_FIND_MATCHES. */
  capped: boolean;
}

export function findInParts(sections: { name: string; text: string }[], starts: number[], query: string): FindCounts {
  const needle = normalizeFindQuery(query);
  const counts = new Map<number, number>();
  let total = 0;
  if (needle) {
    const chars = [...needle].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    // Case folding only where the query has letters with case (it slows the scan).
    const pattern = new RegExp(chars.join("\\s*"), needle === needle.toUpperCase() ? "g" : "gi");
    const spans = sectionSpans(sections);
    sections.forEach((section, i) => {
      const at = spans[i]?.at ?? 0;
      for (const m of section.text.matchAll(pattern)) {
        if (total >= MAX_FIND_MATCHES) return;
        const page = pageAt(starts, at + m.index);
        counts.set(page, (counts.get(page) ?? 0) + 1);
        total++;
      }
    });
  }
  return {
    pages: [...counts].sort(([a], [b]) => a - b).map(([page, count]) => ({ page, count })),
    total,
    capped: total >= MAX_FIND_MATCHES,
  };
}

/** The whole decision as plain text, for "download the whole text" (a part prints only itself). */
export function decisionPlainText(record: Record<string, string>, sections: { name: string; text: string }[]): string {
  const heading = [
    record.court,
    record.decisionDate ? `${record.decisionDate} 선고` : "",
    record.caseNo,
    record.caseName,
  ]
    .filter(Boolean)
    .join(" ");
  return [heading, ...sections.map((s) => `【${s.name}】\n${s.text}`)].join("\n\n").concat("\n");
}
