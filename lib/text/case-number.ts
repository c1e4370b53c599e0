import { readCaseCitations } from "./case-citation";

/**
 * Case numbers (사건번호) as stored and compared: "2009다228", or joined cases "94므826, 833" (a
 * later part inherits the year and case-type letters of the first). Reading them out of running
 * text is case-citation.ts's work; these helpers use it.
 */

export function normalizeCaseNo(caseNo: string): string {
  return caseNo.replace(/\s+/g, "");
}

/**
 * "94므826, 833" → ["94므826", "94므833"]; "2009다228" → ["2009다228"]. A stored number the reader
 * does not know (a typo in the source, a foreign form) stays itself, so it still matches itself.
 */
export function splitCaseNo(caseNo: string): string[] {
  const read = readCaseCitations(caseNo).flatMap((c) => c.caseNos);
  if (read.length > 0) return [...new Set(read)];
  const whole = normalizeCaseNo(caseNo);
  return whole ? [whole] : [];
}

/** True when two written case numbers share a case (so "94므833" matches "94므826, 833"). */
export function caseNumbersMatch(a: string, b: string): boolean {
  const left = new Set(splitCaseNo(a));
  return splitCaseNo(b).some((p) => left.has(p));
}

/**
 * Numbers of one decision as the courts write them together: ["94므826", "94므833"] →
 * "94므826, 833" (a later part sharing the first's year and letters is written bare).
 */
export function joinCaseNos(caseNos: string[]): string {
  const prefix = /^\d+[가-힣]+/u.exec(caseNos[0] ?? "")?.[0] ?? "";
  return caseNos.map((p, i) => (i > 0 && prefix && p.startsWith(prefix) ? p.slice(prefix.length) : p)).join(", ");
}
