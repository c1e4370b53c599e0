import { CASE_NO_PATTERN } from "../text/case-number";
import type { CitationEdge, CitationSource } from "../text/citation-types";
import type { ParsedDecision } from "../text/decision";
import { referencedCaseNumbers } from "../text/referenced-cases";

/**
 * Citations as Korean decisions write them, in 참조판례 lists and in the reasons:
 *   "대법원 1994. 11. 25. 선고 94므826, 833 판결(공1995상, 123)"
 *   "1995.7.3. 자 94스30 결정", "당원 1985.4.9. 선고 84다카130,131 전원합의체 판결"
 * A citation without a court takes the court of the one before it in the same list ("대법원 …
 * 판결, 1992.3.27. 선고 91다40696 판결"); "당원" (this court) is the citing decision's court. Case
 * numbers the full pattern misses (a typo in a date, a stray line break) are still edges, without
 * date. The judgment under review (【원심판결】, 【제1심판결】 lines) is not a citation, nor is the
 * decision itself. Regular expressions only: ingestion parses every decision, cheaply.
 */

// Court names as written, then the date, 선고/자, the number(s), 전원합의체, 판결/결정.
const COURT =
  "(대법원|헌법재판소|헌재|당원|[가-힣]{1,8}(?:고등법원|지방법원|가정법원|행정법원|특허법원|회생법원|고법|지법)(?:\\s?[가-힣]{1,6}지원)?)";
const DATE = "(\\d{4})\\s*\\.\\s*(\\d{1,2})\\s*\\.\\s*(\\d{1,2})\\s*\\.?";
const CASE = "(\\d{2,4})\\s?([가-힣]{1,3})\\s?(\\d{1,7})";
const NOTE = "(?:\\s*\\([^)]{0,12}\\))?"; // "(반소)", "(병합)"
// Later parts of a joined citation: ", 833" or a full number of its own (", 81다카897").
const TAIL = `((?:\\s*[,，]\\s*(?:\\d{2,4}\\s?[가-힣]{1,3}\\s?)?\\d{1,7}${NOTE})*)`;
export const CITATION_UNIT = new RegExp(
  `(?:${COURT}\\s*)?${DATE}\\s*(?:선고|자)\\s*${CASE}${NOTE}${TAIL}\\s*(전원합의체\\s*)?(?:판결|결정)`,
  "g",
);

export interface CitationUnit {
  /** Offsets of the whole citation in the text. */
  start: number;
  end: number;
  /** Normalised case numbers: a joined citation's later parts take the first one's year and letters. */
  parts: string[];
  court: string;
  date: string;
  enBanc: boolean;
}

/** "서울고법" → "서울고등법원", "헌재" → "헌법재판소": one spelling per court, for matching. */
export function normalizeCourt(court: string): string {
  const c = court.replace(/\s+/g, "");
  if (c === "헌재") return "헌법재판소";
  return c.replace(/고법$/, "고등법원").replace(/지법(?=$|[가-힣]{1,6}지원$)/, "지방법원");
}

const pad = (n: string) => n.padStart(2, "0");

/** Every full citation in `text`, in order, courts inherited along a list. */
export function citationUnits(
  text: string,
  options: { citingCourt?: string; inherit?: "list" | "adjacent" } = {},
): CitationUnit[] {
  const out: CitationUnit[] = [];
  let court = "";
  let lastEnd = -1;
  for (const m of text.matchAll(CITATION_UNIT)) {
    const at = m.index ?? 0;
    const written = m[1];
    const joined = [...(m[8] ?? "").replace(/\([^)]*\)/g, "").matchAll(/(\d{2,4}\s?[가-힣]{1,3}\s?)?(\d{1,7})/g)].map(
      (t) => (t[1] ? `${t[1]}${t[2]}`.replace(/\s+/g, "") : `${m[5]}${m[6]}${t[2]}`),
    );
    if (written) court = written === "당원" ? (options.citingCourt ?? "") : normalizeCourt(written);
    // In running text a court is inherited only along a list ("…판결, 1992. 3. 27. 선고 … 판결").
    else if (options.inherit === "adjacent" && !/^[\s,，·및과와등/;]*$/.test(text.slice(lastEnd, at))) court = "";
    const [, , y, mo, d] = m;
    out.push({
      start: at,
      end: at + m[0].length,
      parts: [`${m[5]}${m[6]}${m[7]}`, ...joined],
      court,
      date: y && mo && d ? `${y}-${pad(mo)}-${pad(d)}` : "",
      enBanc: Boolean(m[9]),
    });
    lastEnd = at + m[0].length;
  }
  return out;
}

// The judgment under review, from its header (【원심판결】, 【원 판 결】, 【제1심판결】, 【재심대상판결】,
// even the source's typo 【웜심판결】) to the next 【: its number is not a citation.
const REVIEWED = /【[^】]*(?:심|원\s*판\s*결|환\s*송)[^】]*】[^【]*/g;

function edgesOf(
  text: string,
  source: CitationSource,
  citingCourt: string,
  skip: Set<string>,
  into: Map<string, CitationEdge>,
): void {
  const units = citationUnits(text, { citingCourt, inherit: source === "참조판례" ? "list" : "adjacent" });
  for (const u of units) {
    for (const caseNo of u.parts) {
      if (skip.has(caseNo) || into.has(caseNo)) continue;
      into.set(caseNo, { caseNo, court: u.court, date: u.date, source, enBanc: u.enBanc });
    }
  }
  // Numbers the full pattern missed (typos in dates, a list cut by line breaks): edges without date.
  const numbers = source === "참조판례" ? referencedCaseNumbers(text) : [];
  const lastCourt = units.at(-1)?.court ?? "";
  for (const caseNo of numbers) {
    if (skip.has(caseNo) || into.has(caseNo)) continue;
    into.set(caseNo, { caseNo, court: lastCourt, date: "", source, enBanc: false });
  }
}

/** The case numbers in the judgment-under-review lines of 판례내용. */
function reviewedNumbers(body: string): Set<string> {
  const out = new Set<string>();
  for (const line of body.match(REVIEWED) ?? []) {
    for (const u of citationUnits(line)) for (const p of u.parts) out.add(p);
    for (const m of line.matchAll(new RegExp(CASE_NO_PATTERN.source, "g"))) out.add(`${m[1]}${m[2]}${m[3]}`);
  }
  return out;
}

/**
 * The decisions one decision cites, one edge per case number: from its 참조판례 list first, then
 * from its reasons (판례내용) — a case in both is a 참조판례 edge.
 */
export function parseCitations(decision: ParsedDecision, ownParts: string[]): CitationEdge[] {
  const court = normalizeCourt(decision.meta.court);
  const section = (name: string) => decision.sections.find((s) => s.name === name)?.text ?? "";
  const body = section("판례내용");
  const skip = new Set([...ownParts, ...reviewedNumbers(body)]);
  const edges = new Map<string, CitationEdge>();
  edgesOf(section("참조판례"), "참조판례", court, new Set(ownParts), edges);
  edgesOf(
    body.replace(REVIEWED, (line) => " ".repeat(line.length)),
    "판례내용",
    court,
    skip,
    edges,
  );
  return [...edges.values()];
}
