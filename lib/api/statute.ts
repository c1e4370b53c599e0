import { AppError } from "../errors";
import { CITED_PAGE_SIZE, citedPage } from "../statutes/cited-page";
import { findArticle } from "../statutes/lookup";
import { statuteHref } from "../statutes/ref-parts";

/**
 * One article for the API (`GET /api/v1/statutes/{law}/{article}`, MCP `get_statute`): the article
 * in force, its page in the app, and the decisions citing it in their 참조조문 (newest first), each
 * with an absolute link to the viewer.
 */
export interface ApiStatute {
  law: string;
  article: string;
  title: string;
  text: string;
  effectiveDate: string;
  url: string;
  citedBy: {
    total: number;
    page: number;
    pages: number;
    decisions: { caseNo: string; caseName: string; court: string; decisionDate: string; url: string }[];
  };
}

/** "제 750 조" and "750" are read as "제750조"; "제839조의2" stays as written. */
export function normalizeArticle(article: string): string {
  const bare = article.replace(/\s/g, "");
  return /^\d+(의\d+)?$/u.test(bare) ? `제${bare.replace(/^(\d+)/u, "$1조")}` : bare;
}

export async function apiStatute(
  law: string,
  article: string,
  options: { baseUrl: string; page?: number },
): Promise<ApiStatute> {
  const name = law.trim();
  const number = normalizeArticle(article);
  const found = await findArticle(name, number);
  if (!found)
    throw new AppError("not_found:resource", {
      userMessage: `${name} ${number}: 가져온 법령에 없는 조문입니다.`,
    });
  const cited = await citedPage(found.law, found.number, options.page ?? 1, "new", CITED_PAGE_SIZE);
  return {
    law: found.law,
    article: found.number,
    title: found.title,
    text: found.text,
    effectiveDate: found.effectiveDate,
    url: `${options.baseUrl}${statuteHref(found.law, found.number)}`,
    citedBy: {
      total: cited.total,
      page: cited.page,
      pages: cited.pages,
      decisions: cited.decisions.map((d) => ({
        caseNo: d.caseNo,
        caseName: d.caseName,
        court: d.court,
        decisionDate: d.decisionDate,
        url: `${options.baseUrl}/precedents/${encodeURIComponent(d.caseNo)}?${new URLSearchParams({ corpus: d.corpusId })}`,
      })),
    },
  };
}

/** The article as an assistant reads it (MCP `get_statute`). */
export function statuteText(s: ApiStatute): string {
  const cited = s.citedBy.decisions.map(
    (d, i) => `${i + 1}. ${d.court} ${d.decisionDate} ${d.caseNo} ${d.caseName}\n   ${d.url}`,
  );
  return [
    `${s.law} ${s.article}${s.title ? `(${s.title})` : ""} — 시행일자 ${s.effectiveDate} (현행 조문)`,
    s.url,
    "",
    s.text,
    "",
    `이 조문을 인용한 판례 ${s.citedBy.total}건${s.citedBy.total > cited.length ? ` 중 최신 ${cited.length}건` : ""}:`,
    ...(cited.length ? cited : ["(없음)"]),
  ].join("\n");
}
