import type { DocTable } from "./doc-table";
import type { DocMatchResult, FacetCounts } from "./types";

/** 판례 검색's facets over the whole match set (doc-match.ts): every count exact, in one pass each. */

/** Years past this are counted as this one (a date typo); 0 is "no date". */
const MAX_YEAR = 9_999;
function facetOf(values: string[], codes: Int32Array, matched: Int32Array): FacetCounts {
  const counts = new Int32Array(values.length);
  for (const doc of matched) counts[codes[doc] as number] = (counts[codes[doc] as number] as number) + 1;
  const out: FacetCounts = [];
  counts.forEach((c, code) => {
    if (c > 0) out.push([values[code] as string, c]);
  });
  return out;
}

/** Every facet of the matched decisions. */
export function countFacets(docs: DocTable, matched: Int32Array): DocMatchResult["facets"] {
  // Counted in typed arrays, labelled once: a label per decision (String, a Map) took ~0.5 µs each,
  // 6 ms for a word held by 11,000 decisions.
  let enBanc = 0;
  const refCounts = new Int32Array(docs.ref.values.length);
  const yearCounts = new Int32Array(MAX_YEAR + 1);
  const { refsOf, dateOf, enBancOf } = docs;
  for (const doc of matched) {
    const refs = refsOf[doc];
    if (refs) for (const c of refs) refCounts[c] = (refCounts[c] as number) + 1;
    const year = Math.min(MAX_YEAR, Math.max(0, Math.floor((dateOf[doc] as number) / 10_000)));
    yearCounts[year] = (yearCounts[year] as number) + 1;
    enBanc += enBancOf[doc] as number;
  }
  const years: [string, number][] = [];
  yearCounts.forEach((c, year) => {
    if (c > 0) years.push([year > 0 ? String(year) : "", c]);
  });
  return {
    corpus: facetOf(docs.corpus.values, docs.corpusOf, matched),
    court: facetOf(docs.court.values, docs.courtOf, matched),
    level: facetOf(docs.level.values, docs.levelOf, matched),
    type: facetOf(docs.type.values, docs.typeOf, matched),
    year: years,
    lower: facetOf(docs.lower.values, docs.lowerOf, matched),
    ref: [...refCounts].flatMap((c, code): [string, number][] => (c > 0 ? [[docs.ref.values[code] as string, c]] : [])),
    enBanc,
  };
}
