import { type Db, db } from "./client";
import { byCorpus } from "./search-docs";

/**
 * Statutes (법령) and their articles (schema: Statute, StatuteArticle, StatuteVersion), and the
 * decisions' 참조조문 as links (DecisionStatuteRef). A statute is replaced whole by each import;
 * its versions stay as history.
 */

export interface StatuteWrite {
  name: string;
  kind: string;
  effectiveDate: string;
  promulgatedDate: string;
  source: string;
  sourceUrl: string;
  articles: { number: string; title: string; text: string }[];
}

export interface StatuteSummary {
  name: string;
  kind: string;
  effectiveDate: string;
  promulgatedDate: string;
  source: string;
  sourceUrl: string;
  articleCount: number;
  importedAt: Date;
}

export interface StatuteVersionRecord {
  effectiveDate: string;
  promulgatedDate: string;
  articleCount: number;
  importedAt: Date;
}

const summarySelect = {
  name: true,
  kind: true,
  effectiveDate: true,
  promulgatedDate: true,
  source: true,
  sourceUrl: true,
  articleCount: true,
  importedAt: true,
} as const;

export async function findStatute(name: string, client: Db = db()): Promise<StatuteSummary | null> {
  return client.statute.findUnique({ where: { name }, select: summarySelect });
}

export async function listStatutes(client: Db = db()): Promise<StatuteSummary[]> {
  return client.statute.findMany({ select: summarySelect, orderBy: { name: "asc" } });
}

/**
 * Replaces one statute whole in one transaction: its row, all its articles, and one version row
 * more. Half a statute (old articles beside new ones) is never visible.
 */
export async function replaceStatute(input: StatuteWrite, client: Db = db()): Promise<void> {
  const importedAt = new Date();
  const fields = {
    kind: input.kind,
    effectiveDate: input.effectiveDate,
    promulgatedDate: input.promulgatedDate,
    source: input.source,
    sourceUrl: input.sourceUrl,
    articleCount: input.articles.length,
    importedAt,
  };
  await client.$transaction(
    async (tx) => {
      const statute = await tx.statute.upsert({
        where: { name: input.name },
        create: { name: input.name, ...fields },
        update: fields,
        select: { id: true },
      });
      await tx.statuteArticle.deleteMany({ where: { statuteId: statute.id } });
      await tx.statuteArticle.createMany({
        data: input.articles.map((a, ord) => ({ statuteId: statute.id, ord, ...a })),
      });
      await tx.statuteVersion.create({
        data: {
          statuteId: statute.id,
          effectiveDate: input.effectiveDate,
          promulgatedDate: input.promulgatedDate,
          articleCount: input.articles.length,
          importedAt,
        },
      });
    },
    // 민법 is about 1,200 rows: well over the default 5 s on a busy SQLite file is possible.
    { timeout: 60_000, maxWait: 30_000 },
  );
}

export async function statuteVersions(name: string, client: Db = db()): Promise<StatuteVersionRecord[]> {
  const rows = await client.statuteVersion.findMany({
    where: { statute: { name } },
    orderBy: [{ importedAt: "desc" }, { id: "desc" }],
    select: { effectiveDate: true, promulgatedDate: true, articleCount: true, importedAt: true },
  });
  return rows;
}

export async function statuteNames(client: Db = db()): Promise<string[]> {
  const rows = await client.statute.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  return rows.map((r) => r.name);
}

export interface ArticleRow {
  number: string;
  ord: number;
  title: string;
  text: string;
}

/** One article with its statute's row, or null. */
export async function findArticleRow(law: string, number: string, client: Db = db()) {
  const statute = await client.statute.findUnique({ where: { name: law }, select: { id: true, ...summarySelect } });
  if (!statute) return null;
  const article = await client.statuteArticle.findUnique({
    where: { statuteId_number: { statuteId: statute.id, number } },
    select: { number: true, ord: true, title: true, text: true },
  });
  if (!article) return null;
  const [prev, next] = await Promise.all([
    client.statuteArticle.findFirst({
      where: { statuteId: statute.id, ord: { lt: article.ord } },
      orderBy: { ord: "desc" },
      select: { number: true, title: true },
    }),
    client.statuteArticle.findFirst({
      where: { statuteId: statute.id, ord: { gt: article.ord } },
      orderBy: { ord: "asc" },
      select: { number: true, title: true },
    }),
  ]);
  return { statute, article, prev, next };
}

export async function articleRowExists(law: string, number: string, client: Db = db()): Promise<boolean> {
  const count = await client.statuteArticle.count({ where: { number, statute: { name: law } } });
  return count > 0;
}

// --- The decisions' 참조조문 as links ---

export interface DecisionStatuteRefs {
  caseNo: string;
  refs: { law: string; article: string }[];
}

/** The write of a batch's refs, for a caller's transaction (lib/db/citations.ts, the backfill). */
export function statuteRefOps(corpusId: string, decisions: DecisionStatuteRefs[], client: Db = db()) {
  const caseNos = decisions.map((d) => d.caseNo);
  const data = decisions.flatMap((d) => {
    const seen = new Set<string>();
    return d.refs.flatMap((r) => {
      const key = `${r.law}\u0000${r.article}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ corpusId, caseNo: d.caseNo, law: r.law, article: r.article }];
    });
  });
  return [
    client.decisionStatuteRef.deleteMany({ where: { corpusId, caseNo: { in: caseNos } } }),
    client.decisionStatuteRef.createMany({ data }),
  ] as const;
}

/** Replaces these decisions' refs (the backfill of decisions imported before refs were stored). */
export async function replaceStatuteRefs(
  corpusId: string,
  decisions: DecisionStatuteRefs[],
  client: Db = db(),
): Promise<void> {
  if (decisions.length === 0) return;
  await client.$transaction([...statuteRefOps(corpusId, decisions, client)]);
}

export async function statuteRefsOf(corpusId: string, caseNo: string, client: Db = db()) {
  return client.decisionStatuteRef.findMany({
    where: { corpusId, caseNo },
    select: { law: true, article: true },
    orderBy: [{ law: "asc" }, { article: "asc" }],
  });
}

export interface CitingDecision {
  corpusId: string;
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
}

/**
 * Decisions whose 참조조문 name this article, newest first, with their total. Two queries: the refs
 * (indexed on law, article), then their documents; a ref whose document is gone is not listed.
 */
export async function decisionsCitingArticle(
  law: string,
  article: string,
  page: { take: number; skip: number },
  client: Db = db(),
): Promise<{ total: number; decisions: CitingDecision[] }> {
  const refs = await client.decisionStatuteRef.findMany({
    where: { law, article },
    select: { corpusId: true, caseNo: true },
  });
  if (refs.length === 0) return { total: 0, decisions: [] };
  const where = { OR: byCorpus(refs) };
  const [total, rows] = await Promise.all([
    client.document.count({ where }),
    client.document.findMany({
      where,
      orderBy: [{ decisionDate: "desc" }, { caseNo: "asc" }],
      skip: page.skip,
      take: page.take,
      select: { corpusId: true, caseNo: true, caseName: true, court: true, decisionDate: true },
    }),
  ]);
  return { total, decisions: rows };
}
