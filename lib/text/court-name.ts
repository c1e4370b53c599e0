/**
 * Court names as decisions and lawyers write them: the full name ("서울고등법원"), the short one
 * ("서울고법", "서울민사지법"), a branch ("수원지법 성남지원"), 헌재, and the abbreviations lawyers
 * put before a number ("대판 2009다228": a 대법원 판결). One spelling per court, for matching.
 */

// Full and short names of the courts below the Supreme Court, with a branch (지원) when written.
const LOWER_COURT =
  "[가-힣]{1,8}(?:고등법원|지방법원|가정법원|행정법원|특허법원|회생법원|고법|지법|가법|행법)(?:\\s?[가-힣]{1,6}지원)?";

/**
 * A court as written before a citation's date or number (a regular expression's source, one group).
 * "대판"/"대결" (대법원 판결/결정) and "당원" (this court) included; hanja spellings of old decisions.
 */
export const COURT_PATTERN = `(대법원|大法院|대판|대결|헌법재판소|憲法裁判所|헌재|당원|當院|${LOWER_COURT})`;

const HANJA_COURTS: Record<string, string> = { 大法院: "대법원", 憲法裁判所: "헌법재판소", 當院: "당원" };

/**
 * A court's one name as shown and filtered on: abbreviations written out ("서울고법" → "서울고등법원",
 * "서울민사지법" → "서울민사지방법원", "헌재" → "헌법재판소", "대판" → "대법원"), a branch after one
 * space ("수원지방법원 성남지원"). Historic courts stay themselves (서울민사지방법원 is not
 * 서울중앙지방법원): only the spelling is made one, never the court.
 */
export function canonicalCourt(court: string): string {
  const c = court.replace(/\s+/g, "");
  const hanja = HANJA_COURTS[c];
  if (hanja) return hanja;
  if (c === "헌재") return "헌법재판소";
  if (c === "대판" || c === "대결") return "대법원";
  return c
    .replace(/고법$/, "고등법원")
    .replace(/지법(?=$|[가-힣]{1,6}지원$)/, "지방법원")
    .replace(/가법$/, "가정법원")
    .replace(/행법$/, "행정법원")
    .replace(/(법원)([가-힣]{1,6}지원)$/, "$1 $2");
}

/** The court's name for matching: its canonical name without spaces. */
export function normalizeCourt(court: string): string {
  return canonicalCourt(court).replace(/\s+/g, "");
}
