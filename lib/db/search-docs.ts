import type { DecisionMarks } from "../text/decision-marks";
import { type Db, db } from "./client";

/** A decision as the search page lists and counts it. */
export interface SearchDoc {
  id: string;
  corpusId: string;
  corpusName: string;
  caseNo: string;
  caseName: string;
  court: string;
  courtLevel: string;
  caseType: string;
  decisionDate: string;
  /** null: not read from the text yet (marks-backfill fills it). */
  enBanc: boolean | null;
  lowerCourt: string;
  lowerDate: string;
  lowerCaseNo: string;
}

const select = {
  id: true,
  corpusId: true,
  caseNo: true,
  caseName: true,
  court: true,
  courtLevel: true,
  caseType: true,
  decisionDate: true,
  enBanc: true,
  lowerCourt: true,
  lowerDate: true,
  lowerCaseNo: true,
  corpus: { select: { name: true } },
} as const;

type Row = { corpus: { name: string } } & Omit<SearchDoc, "corpusName">;
const toDoc = ({ corpus, ...rest }: Row): SearchDoc => ({ ...rest, corpusName: corpus.name });

const IN_LIMIT = 500;

/** The documents of these (corpus, 사건번호) pairs, in batches (a long IN list is split). */
export async function searchDocsByKeys(
  keys: { corpusId: string; caseNo: string }[],
  client: Db = db(),
): Promise<SearchDoc[]> {
  const wanted = new Set(keys.map((k) => `${k.corpusId}|${k.caseNo}`));
  const caseNos = [...new Set(keys.map((k) => k.caseNo))];
  const out: SearchDoc[] = [];
  for (let i = 0; i < caseNos.length; i += IN_LIMIT) {
    const rows = await client.document.findMany({ where: { caseNo: { in: caseNos.slice(i, i + IN_LIMIT) } }, select });
    for (const r of rows) if (wanted.has(`${r.corpusId}|${r.caseNo}`)) out.push(toDoc(r));
  }
  return out;
}

export interface DocFilter {
  corpusIds?: string[];
  caseTypes?: string[];
  courts?: string[];
  dateFrom?: string;
  dateTo?: string;
}

/** Decisions by metadata alone (a query with no words to search for), newest first, at most `take`. */
export async function browseSearchDocs(filter: DocFilter, take: number, client: Db = db()): Promise<SearchDoc[]> {
  const rows = await client.document.findMany({
    where: {
      ...(filter.corpusIds ? { corpusId: { in: filter.corpusIds } } : {}),
      ...(filter.caseTypes ? { caseType: { in: filter.caseTypes } } : {}),
      ...(filter.courts ? { court: { in: filter.courts } } : {}),
      ...(filter.dateFrom || filter.dateTo
        ? {
            decisionDate: {
              ...(filter.dateFrom ? { gte: filter.dateFrom } : {}),
              ...(filter.dateTo ? { lte: filter.dateTo } : {}),
            },
          }
        : {}),
    },
    orderBy: [{ decisionDate: "desc" }, { caseNo: "asc" }],
    take,
    select,
  });
  return rows.map(toDoc);
}

/** Documents whose marks were never read (imported before the marks existed), a batch at a time. */
export async function docsWithoutMarks(take: number, client: Db = db()) {
  return client.document.findMany({
    where: { enBanc: null },
    select: { id: true, corpusId: true, caseNo: true, court: true },
    take,
  });
}

export async function saveMarks(id: string, marks: DecisionMarks, client: Db = db()): Promise<void> {
  await client.document.update({ where: { id }, data: marks });
}
