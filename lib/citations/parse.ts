import { readCaseCitations, readCaseNumbers } from "../text/case-citation";
import type { CitationEdge, CitationSource } from "../text/citation-types";
import { canonicalCourt, normalizeCourt } from "../text/court-name";
import type { ParsedDecision } from "../text/decision";
import { referencedCaseNumbers } from "../text/referenced-cases";

export { normalizeCourt };

/**
 * Citations as Korean decisions write them, in 참조판례 lists and in the reasons:
 *   "대법원 1994. 11. 25. 선고 94므826, 833 판결(공1995상, 123)"
 *   "1995.7.3. 자 94스30 결정", "당원 1985.4.9. 선고 84다카130,131 전원합의체 판결"
 * read by the one citation reader (lib/text/case-citation.ts). A citation without a court takes
 * the court of the one before it in the same list ("대법원 … 판결, 1992.3.27. 선고 91다40696
 * 판결"); "당원" (this court) is the citing decision's court. Case numbers written without a date
 * (a typo in a date, a stray line break) are still edges in a 참조판례 list, without date. The
 * judgment under review (【원심판결】, 【제1심판결】 lines) is not a citation, nor is the decision itself.
 */

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

/**
 * Every full citation in `text` — a date, the number(s) and 판결/결정 — in order, courts inherited
 * along a list (or, with "adjacent", only from the citation just before, as in running text).
 */
export function citationUnits(
  text: string,
  options: { citingCourt?: string; inherit?: "list" | "adjacent" } = {},
): CitationUnit[] {
  const read = readCaseCitations(text, { citingCourt: options.citingCourt, inherit: options.inherit ?? "list" });
  return read
    .filter((c) => c.date && c.ruling)
    .map((c) => ({
      start: c.start,
      end: c.end,
      parts: c.caseNos,
      court: c.court ?? "",
      date: c.date ?? "",
      enBanc: c.enBanc,
    }));
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
    for (const p of readCaseNumbers(line)) out.add(p);
  }
  return out;
}

/**
 * The decisions one decision cites, one edge per case number: from its 참조판례 list first, then
 * from its reasons (판례내용) — a case in both is a 참조판례 edge.
 */
export function parseCitations(decision: ParsedDecision, ownParts: string[]): CitationEdge[] {
  const court = canonicalCourt(decision.meta.court);
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
