/**
 * The citation graph (issue 15, items 3–4): which decisions a decision cites (its 참조판례 and the
 * citations in its 판례내용) and which earlier decisions it overrules (전원합의체 판례 변경), kept
 * with normalised case numbers, courts and dates. Parsed at ingestion (lib/citations/parse.ts),
 * stored in the app database (lib/db/citations.ts), read by the viewer, the evidence panel and
 * the answer prompt.
 */

export type CitationSource = "참조판례" | "판례내용";

/** One decision cited by another: one case number (a joined number's parts are separate edges). */
export interface CitationEdge {
  caseNo: string;
  /** "대법원", "헌법재판소", "서울고등법원" … ("" when the citation names none and none can be inferred). */
  court: string;
  /** YYYY-MM-DD ("" when unreadable). */
  date: string;
  source: CitationSource;
  /** Cited as a 전원합의체 (en banc) decision. */
  enBanc: boolean;
}

/** "full": overruled outright; "partial": "…배치되는 범위에서 변경" (to the extent it conflicts). */
export type OverruleScope = "full" | "partial";

/** An earlier decision overruled by the decision it was parsed from. */
export interface OverrulingEdge {
  caseNo: string;
  court: string;
  date: string;
  scope: OverruleScope;
}

/** The later decision that overruled one (what the red flag names). */
export interface OverruledBy {
  caseNo: string;
  court: string;
  date: string;
  scope: OverruleScope;
  /** A corpus holding the later decision, when one does (the flag links to it). */
  corpusId?: string;
}

/** A context decision the graph knows to be overruled, for the answer prompt. */
export interface OverruledNote {
  caseNo: string;
  by: OverruledBy[];
}

/** What the graph says about one decision of an answer's context. */
export interface PrecedentSignal {
  /** Distinct decisions in the firm's corpora that cite it. */
  citedBy: number;
  overruledBy: OverruledBy[];
}

/** By decision key (lib/text/decision-key.ts `decisionKey`: court and case numbers). */
export type PrecedentSignals = Record<string, PrecedentSignal>;

/** "대법원 2099. 6. 20. 선고 2097다7202 판결" for a flag or a prompt. */
export function describeOverruling(by: OverruledBy): string {
  const [y, m, d] = by.date.split("-").map(Number);
  const date = y && m && d ? `${y}. ${m}. ${d}. ` : "";
  return `${by.court || "대법원"} ${date}선고 ${by.caseNo} 판결`.replace(/\s+/g, " ");
}

export const SCOPE_LABEL: Record<OverruleScope, string> = {
  full: "판례 변경",
  partial: "배치되는 범위에서 판례 변경",
};
