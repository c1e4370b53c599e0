import { parseCaseNo } from "../text/case-citation";
import { splitCaseNo } from "../text/case-number";

/**
 * The citation form Korean lawyers and courts write: "대법원 1976. 12. 28. 선고 76므41 판결".
 * What the ruling is called follows its case number's 부호 (case-type letters): an appeal or
 * application decided by order is a 결정 and is cited with "자" on its date instead of "선고"
 * ("대법원 1995. 7. 3.자 94스30 결정"); a 가사비송 1st-instance ruling (느) is a 심판. The
 * Constitutional Court's rulings are all 결정, pronounced in court (선고).
 */

export type RulingKind = "판결" | "결정" | "심판";

// 결정 by order: 민사 항고 라·재항고 마·특별항고 그, 가사 항고 브·재항고 스·특별항고 으, 형사 항고 로·
// 재항고 모, 행정 항고 루·재항고 무·특별항고 부·신청 아. Prefixed families: 카(보전·신청), 타(집행·경매),
// 차(독촉), 즈(가사 신청), 초(형사 신청), 헌(헌법재판소).
const ORDER_CODES = new Set(["라", "마", "그", "브", "스", "으", "로", "모", "루", "무", "부", "아"]);
const ORDER_PREFIXES = ["카", "타", "차", "즈", "초", "헌"];

/** The case-type letters of a case number ("2009다카228" → "다카"), or "" when it has none. */
export function caseCode(caseNo: string): string {
  return parseCaseNo(splitCaseNo(caseNo)[0] ?? "")?.code ?? "";
}

export function rulingKind(caseNo: string): RulingKind {
  const code = caseCode(caseNo);
  if (ORDER_CODES.has(code) || ORDER_PREFIXES.some((p) => code.startsWith(p))) return "결정";
  if (code.startsWith("느")) return "심판";
  return "판결";
}

/** "1976-12-28" → "1976. 12. 28." (no leading zeros, as written in decisions); "" stays "". */
export function formatDecisionDate(date: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(date.trim());
  return m ? `${m[1]}. ${Number(m[2])}. ${Number(m[3])}.` : date.trim();
}

/** "94므826,833" or "94므826, 833" → "94므826, 833"; spaces inside a number are dropped. */
export function formatCaseNo(caseNo: string): string {
  return caseNo
    .split(/[,，·]/)
    .map((p) => p.replace(/\s+/g, ""))
    .filter(Boolean)
    .join(", ");
}

export interface CitableDecision {
  court: string;
  /** YYYY-MM-DD, or "" when unknown. */
  decisionDate: string;
  caseNo: string;
}

/** "대법원 1976. 12. 28. 선고 76므41 판결" (see the module note for 결정 and 심판). */
export function formatCitation(decision: CitableDecision): string {
  const kind = rulingKind(decision.caseNo);
  const court = decision.court.trim();
  const date = formatDecisionDate(decision.decisionDate);
  const caseNo = formatCaseNo(decision.caseNo);
  const byOrder = kind !== "판결" && !court.startsWith("헌법재판소") && !caseCode(decision.caseNo).startsWith("헌");
  const when = date ? (byOrder ? `${date}자` : `${date} 선고`) : "";
  return [court, when, caseNo, kind].filter(Boolean).join(" ");
}
