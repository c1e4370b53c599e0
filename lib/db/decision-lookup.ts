import { normalizeCaseNo, splitCaseNo } from "../text/case-number";
import { type DecisionHeading, decisionHeading } from "../text/decision";
import { type Db, db } from "./client";
import { containsText } from "./text-filter";

export interface DecisionHit extends DecisionHeading {
  corpusId: string;
  corpusName: string;
}

const LOOKS_LIKE_CASE_NO = /^\d{2,4}\s*[가-힣]{1,3}\s*\d+/;
const LIMIT = 50;

export interface LookupResult {
  /** True when the hits carry the case number asked for (the lookup may open the decision). */
  exact: boolean;
  hits: DecisionHit[];
}

/**
 * Decisions by 사건번호 or by 사건명. A case number matches a decision whose number contains it,
 * joined numbers included: "94므833" and "94므826, 833" both find 대법원 94므826, 833 (exact).
 * Anything else — or a number no decision carries — is looked for in the case names and in the
 * numbers as written (e.g. "2009다22" lists 2009다228): candidates, not a match.
 */
export async function lookup(query: string, client: Db = db()): Promise<LookupResult> {
  const q = query.trim().slice(0, 100);
  if (!q) return { exact: false, hits: [] };
  const include = { corpus: { select: { name: true } } } as const;
  let rows: Awaited<ReturnType<typeof client.document.findMany<{ include: typeof include }>>> = [];
  if (LOOKS_LIKE_CASE_NO.test(q)) {
    const wanted = new Set(splitCaseNo(q));
    // Narrowed in SQL by the year and letters plus the number of the first part, then matched exactly.
    const first = /^(\d{2,4})([가-힣]{1,3})(\d+)/.exec(normalizeCaseNo(q));
    const candidates = await client.document.findMany({
      where: {
        AND: [{ caseNo: containsText(first?.[3] ?? q, client) }, { caseNo: containsText(first?.[2] ?? "", client) }],
      },
      include,
      take: 2_000,
    });
    rows = candidates.filter((d) => splitCaseNo(d.caseNo).some((p) => wanted.has(p)));
  }
  const exact = rows.length > 0;
  if (!exact) {
    rows = await client.document.findMany({
      where: { OR: [{ caseName: containsText(q, client) }, { caseNo: containsText(q, client) }] },
      include,
      orderBy: [{ decisionDate: "desc" }],
      take: LIMIT,
    });
  }
  const hits = rows.slice(0, LIMIT).map((d) => ({
    corpusId: d.corpusId,
    corpusName: d.corpus.name,
    ...decisionHeading(d),
  }));
  return { exact, hits };
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
