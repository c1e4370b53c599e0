import { caseNoProblem, describeCaseNoProblem, readCaseCitations } from "../text/case-citation";
import { type DecisionHeading, decisionHeading } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { type CaseDocument, findDocumentsForCaseNos } from "./case-lookup";
import { type Db, db } from "./client";
import { containsText } from "./text-filter";

export interface DecisionHit extends DecisionHeading {
  corpusId: string;
  corpusName: string;
}

const LIMIT = 50;
/** Case numbers read from one query at most (a pasted list of citations). */
const MAX_NUMBERS = 50;

export interface LookupResult {
  /** True when the hits carry the case number(s) asked for (the lookup may open the decision). */
  exact: boolean;
  hits: DecisionHit[];
  /** The case numbers the query cites, read by the citation reader (in any written form). */
  asked: string[];
  /** Of those, the numbers no corpus holds. */
  missing: string[];
  /** Why a query shaped like a case number is none, in plain Korean ("'다다'는 … 사건부호가 아닙니다"). */
  problem?: string;
}

/**
 * Decisions by 사건번호 or by 사건명. Case numbers are read from the query in every form lawyers
 * paste — "94므833", "2009 다 228", "대법원 1995. 2. 3. 선고 94다42778 판결", "94므826, 833", several
 * at once — and each is matched exactly, joined numbers included: "94므833" and "94므826, 833" both
 * find 대법원 94므826, 833 (exact). A query without a number — or numbers no decision carries — is
 * looked for in the case names and in the numbers as written (e.g. "2009다22" lists 2009다228):
 * candidates, not a match.
 */
export async function lookup(query: string, client: Db = db()): Promise<LookupResult> {
  const q = query.trim().slice(0, 2_000);
  if (!q) return { exact: false, hits: [], asked: [], missing: [] };
  const asked = [...new Set(readCaseCitations(q).flatMap((c) => c.caseNos))].slice(0, MAX_NUMBERS);
  const toHit = (d: CaseDocument): DecisionHit[] => [
    { corpusId: d.corpusId, corpusName: d.corpus.name, ...decisionHeading(d) },
  ];
  if (asked.length > 0) {
    const found = await findDocumentsForCaseNos(asked, client);
    const seen = new Set<string>();
    const hits: DecisionHit[] = [];
    for (const n of asked) {
      for (const d of found.get(n) ?? []) {
        for (const h of toHit(d)) {
          const key = `${h.corpusId}\u0001${decisionKey(h)}`;
          if (!seen.has(key)) hits.push(h);
          seen.add(key);
        }
      }
    }
    const missing = asked.filter((n) => !found.has(n));
    if (hits.length > 0) return { exact: true, hits: hits.slice(0, LIMIT), asked, missing };
  }
  const near = asked[0] ?? q.slice(0, 100);
  const rows = await client.document.findMany({
    where: { OR: [{ caseName: containsText(near, client) }, { caseNo: containsText(near, client) }] },
    include: { corpus: { select: { name: true } } },
    orderBy: [{ decisionDate: "desc" }],
    take: LIMIT,
  });
  const issue = asked.length === 0 ? caseNoProblem(q) : undefined;
  return {
    exact: false,
    hits: rows.flatMap(toHit),
    asked,
    missing: asked,
    ...(issue ? { problem: describeCaseNoProblem(issue) } : {}),
  };
}

/** The decisions a lookup lists (exact or not). */
export async function lookupDecisions(query: string, client: Db = db()): Promise<DecisionHit[]> {
  return (await lookup(query, client)).hits;
}

export interface FilterOptions {
  /** 법원등급 values present, each with its courts. */
  levels: { level: string; courts: string[] }[];
}

/** The court levels and courts of the imported decisions (the filter's choices). */
export async function filterOptions(client: Db = db()): Promise<FilterOptions> {
  // groupBy, not findMany's `distinct`: Prisma applies `distinct` in memory, after reading a row
  // per decision (11 ms of the request thread per page at 330 decisions, growing with the corpus;
  // every chat page and both refreshes of a question ask for this). GROUP BY runs in the database.
  const rows = await client.document.groupBy({
    by: ["courtLevel", "court"],
    orderBy: [{ courtLevel: "asc" }, { court: "asc" }],
  });
  const levels = new Map<string, string[]>();
  for (const { courtLevel, court } of rows) {
    if (!court) continue;
    const level = courtLevel || "기타";
    levels.set(level, [...(levels.get(level) ?? []), court]);
  }
  // The Supreme Court first: it is what lawyers narrow to most.
  return {
    levels: [...levels.entries()]
      .sort(([a], [b]) => (a === "대법원" ? -1 : b === "대법원" ? 1 : a.localeCompare(b, "ko")))
      .map(([level, courts]) => ({ level, courts })),
  };
}

/** The courts of one level, by name (a court-level filter becomes a court filter). */
export async function courtsOfLevel(level: string, client: Db = db()): Promise<string[]> {
  const rows = await client.document.groupBy({
    by: ["court"],
    where: level === "기타" ? { courtLevel: "" } : { courtLevel: level },
  });
  return rows.map((r) => r.court).filter(Boolean);
}
