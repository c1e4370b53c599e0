/**
 * What every API result about one decision carries (search hits, similar decisions): its heading,
 * its viewer link at a passage, and the good-law signals. One shape for both, so a client reads
 * them alike.
 */
export interface DecisionHit {
  caseNo: string;
  caseName: string;
  court: string;
  caseType: string;
  decisionDate: string;
  corpusId: string;
  score: number;
  url: string;
  /** Decisions citing this one, and whether a later decision overruled it. */
  citedBy: number;
  overruled: boolean;
}

/** What the engine found: everything but the link, which is made here. */
type Found = Omit<DecisionHit, "url">;

/** The hit's common fields; `chunkId`: the passage the viewer opens at (and scrolls to). */
export function decisionHit(h: Found, baseUrl: string, chunkId?: string): DecisionHit {
  const params = new URLSearchParams({ corpus: h.corpusId, ...(chunkId ? { hl: chunkId } : {}) });
  const anchor = chunkId ? `#passage-${chunkId}` : "";
  return {
    caseNo: h.caseNo,
    caseName: h.caseName,
    court: h.court,
    caseType: h.caseType,
    decisionDate: h.decisionDate,
    corpusId: h.corpusId,
    score: h.score,
    url: `${baseUrl}/precedents/${encodeURIComponent(h.caseNo)}?${params}${anchor}`,
    citedBy: h.citedBy,
    overruled: h.overruled,
  };
}
