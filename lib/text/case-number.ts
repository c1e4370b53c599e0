/**
 * Case numbers (사건번호) as people write them: "2009다228", "2009 다 228", or joined cases
 * "94므826, 833" (a later part inherits the year and case-type letters of the first).
 */

export function normalizeCaseNo(caseNo: string): string {
  return caseNo.replace(/\s+/g, "");
}

const FULL = /^(\d{2,4})([가-힣]+)(\d+)$/;

/** "94므826, 833" → ["94므826", "94므833"]; "2009다228" → ["2009다228"]. */
export function splitCaseNo(caseNo: string): string[] {
  const parts = caseNo
    .split(/[,，·]/)
    .map(normalizeCaseNo)
    .filter(Boolean);
  const out: string[] = [];
  let prefix = "";
  for (const part of parts) {
    const full = FULL.exec(part);
    if (full) {
      prefix = `${full[1]}${full[2]}`;
      out.push(part);
    } else if (/^\d+$/.test(part) && prefix) out.push(`${prefix}${part}`);
    else out.push(part);
  }
  return out;
}

/** True when two written case numbers share a case (so "94므833" matches "94므826, 833"). */
export function caseNumbersMatch(a: string, b: string): boolean {
  const left = new Set(splitCaseNo(a));
  return splitCaseNo(b).some((p) => left.has(p));
}

/** Finds case numbers in running text ("대법원 2010. 1. 14. 선고 2009다228 판결"). */
export const CASE_NO_PATTERN = /(?<![\d가-힣])(\d{2,4})\s?([가-힣]{1,3})\s?(\d{1,6})(?![\d])/g;
