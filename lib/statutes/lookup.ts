import {
  articleRowExists,
  type CitingDecision,
  decisionsCitingArticle,
  findArticleRow,
  findStatute,
  listStatutes,
  type StatuteSummary,
  type StatuteVersionRecord,
  statuteNames,
  statuteVersions,
} from "../db/statutes";

/**
 * What the statute viewer (참조조문 → 조문) asks: one article with its neighbours, the statutes held,
 * the decisions citing an article, a statute's imported versions.
 */

export interface ArticleNeighbour {
  number: string;
  title: string;
}

export interface StatuteArticleView {
  law: string;
  /** 법령구분 ("법률", "시행령", …). */
  kind: string;
  number: string;
  title: string;
  text: string;
  /** 시행일자 of the text held (YYYY-MM-DD): say so when it is not the text in force at a decision's date. */
  effectiveDate: string;
  prev?: ArticleNeighbour;
  next?: ArticleNeighbour;
}

export async function findArticle(law: string, number: string): Promise<StatuteArticleView | null> {
  const found = await findArticleRow(law, number);
  if (!found) return null;
  const { statute, article, prev, next } = found;
  return {
    law: statute.name,
    kind: statute.kind,
    number: article.number,
    title: article.title,
    text: article.text,
    effectiveDate: statute.effectiveDate,
    ...(prev ? { prev } : {}),
    ...(next ? { next } : {}),
  };
}

export async function articleExists(law: string, number: string): Promise<boolean> {
  return articleRowExists(law, number);
}

// The names are asked for every 참조조문 line rendered (is this law held?): kept briefly, dropped by
// an import in this process; another process's import shows within the minute.
const LAWS_TTL_MS = 60_000;
let lawsCache: { names: string[]; at: number } | null = null;

export async function listLaws(): Promise<string[]> {
  if (lawsCache && Date.now() - lawsCache.at < LAWS_TTL_MS) return lawsCache.names;
  const names = await statuteNames();
  lawsCache = { names, at: Date.now() };
  return names;
}

/** Called by an import: the next listLaws() reads the database. */
export function invalidateLaws(): void {
  lawsCache = null;
}

export async function citedByDecisions(
  law: string,
  number: string,
  page: { take: number; skip: number } = { take: 20, skip: 0 },
): Promise<{ total: number; decisions: CitingDecision[] }> {
  return decisionsCitingArticle(law, number, page);
}

export interface StatuteHistory {
  statute: StatuteSummary;
  /** Every import, newest first (the current text is the first). */
  versions: StatuteVersionRecord[];
}

export async function statuteHistory(law: string): Promise<StatuteHistory | null> {
  const statute = await findStatute(law);
  if (!statute) return null;
  return { statute, versions: await statuteVersions(law) };
}

/** Every statute held with its versions, for the admin page. */
export async function statuteOverview(): Promise<StatuteHistory[]> {
  const statutes = await listStatutes();
  return Promise.all(statutes.map(async (statute) => ({ statute, versions: await statuteVersions(statute.name) })));
}
