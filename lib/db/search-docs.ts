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

function whereOf(filter: DocFilter) {
  return {
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
  };
}

const newestFirst = [{ decisionDate: "desc" as const }, { caseNo: "asc" as const }];

/** Decisions by metadata alone (a query with no words to search for), newest first, at most `take`. */
export async function browseSearchDocs(filter: DocFilter, take: number, client: Db = db()): Promise<SearchDoc[]> {
  const rows = await client.document.findMany({ where: whereOf(filter), orderBy: newestFirst, take, select });
  return rows.map(toDoc);
}

/** One `in` list per corpus (a handful), not one OR branch per decision: SQLite's depth limit. */
/**
 * Decisions by key as one `in` list per corpus (a handful), not one OR branch per decision: a
 * much-cited article has thousands, past SQLite's expression-depth limit.
 */
export function byCorpus(keys: { corpusId: string; caseNo: string }[]) {
  const lists = new Map<string, string[]>();
  for (const k of keys) {
    const list = lists.get(k.corpusId) ?? [];
    list.push(k.caseNo);
    lists.set(k.corpusId, list);
  }
  return [...lists].map(([corpusId, caseNos]) => ({ corpusId, caseNo: { in: caseNos } }));
}

/**
 * The decisions whose 참조조문 name this article (DecisionStatuteRef), within the filter, newest
 * first, at most `take`: a query with only the 참조조문 filter and no words browses these.
 */
export async function browseCitingDocs(
  cited: { law: string; article: string },
  filter: DocFilter,
  take: number,
  client: Db = db(),
): Promise<SearchDoc[]> {
  const refs = await client.decisionStatuteRef.findMany({
    where: { ...cited, ...(filter.corpusIds ? { corpusId: { in: filter.corpusIds } } : {}) },
    select: { corpusId: true, caseNo: true },
  });
  if (refs.length === 0) return [];
  const rows = await client.document.findMany({
    where: { AND: [whereOf(filter), { OR: byCorpus(refs) }] },
    orderBy: newestFirst,
    take,
    select,
  });
  return rows.map(toDoc);
}

/**
 * The 참조조문 links of these decisions (only those naming `only`, when given), IN_LIMIT decisions a
 * query: the search's kept decisions (at most 500) are one query.
 */
export async function statuteRefsOfDocs(
  keys: { corpusId: string; caseNo: string }[],
  only?: { law: string; article: string },
  client: Db = db(),
): Promise<{ corpusId: string; caseNo: string; law: string; article: string }[]> {
  const out: { corpusId: string; caseNo: string; law: string; article: string }[] = [];
  for (let i = 0; i < keys.length; i += IN_LIMIT) {
    const rows = await client.decisionStatuteRef.findMany({
      where: { ...(only ?? {}), OR: byCorpus(keys.slice(i, i + IN_LIMIT)) },
      select: { corpusId: true, caseNo: true, law: true, article: true },
    });
    out.push(...rows);
  }
  return out;
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
