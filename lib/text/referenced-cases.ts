import { readCaseCitations } from "./case-citation";
import { joinCaseNos } from "./case-number";

export interface ReferencedCase {
  /** As written, normalized: "94므826, 833". */
  text: string;
  /** Each case of it: ["94므826", "94므833"] (a joined number's later parts take its year and letters). */
  parts: string[];
}

/** The cases cited in a 참조판례 list, in order, without repeats; joined numbers kept together. */
export function referencedCases(text: string): ReferencedCase[] {
  const seen = new Set<string>();
  const out: ReferencedCase[] = [];
  for (const citation of readCaseCitations(text)) {
    const fresh = citation.caseNos.filter((p) => !seen.has(p));
    if (fresh.length === 0) continue;
    for (const p of citation.caseNos) seen.add(p);
    out.push({ text: joinCaseNos(citation.caseNos), parts: citation.caseNos });
  }
  return out;
}

/** Case numbers cited in a 참조판례 list, in order, without repeats (joined numbers split into their parts). */
export function referencedCaseNumbers(text: string): string[] {
  return [...new Set(referencedCases(text).flatMap((c) => c.parts))];
}
