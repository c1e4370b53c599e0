import { courtsOfLevel } from "../db/decision-lookup";
import { browseCitingDocs, browseSearchDocs, type DocFilter, type SearchDoc } from "../db/search-docs";
import { type SearchParams, YEAR_RANGES } from "./params";

/** The store filter and the filters the store has no field for (applied to the decisions here). */
export async function filtersOf(p: SearchParams): Promise<DocFilter> {
  const f: DocFilter = {};
  if (p.corpus) f.corpusIds = [p.corpus];
  if (p.type) f.caseTypes = [p.type];
  if (p.court) f.courts = [p.court];
  else if (p.level) {
    const courts = await courtsOfLevel(p.level);
    // No court of that level: nothing may match (an empty list would mean "any court").
    f.courts = courts.length ? courts : ["\u0000"];
  }
  const years = YEAR_RANGES.find(([r]) => r === p.years);
  if (years) {
    if (years[1] > 0) f.dateFrom = `${years[1]}-01-01`;
    if (years[2] < 9999) f.dateTo = `${years[2]}-12-31`;
  }
  return f;
}

/**
 * A query with no words to search for lists decisions by metadata: those of the filters, or, with
 * a 참조조문 filter, those citing the article (from its links, not the first `take` of the corpus
 * filtered afterwards, which would miss most of a much-cited article's decisions). Newest first.
 */
export function browseDocs(
  filter: DocFilter,
  cite: { law: string; article: string } | undefined,
  take: number,
): Promise<SearchDoc[]> {
  return cite ? browseCitingDocs(cite, filter, take) : browseSearchDocs(filter, take);
}
