import type { SupportVerdict } from "../rag/support/types";

/**
 * 서면 검증: what a check of a lawyer's draft finds (docs/user-guide.md, "서면 인용 검증"). The same
 * shape on screen, in the Word report, in `POST /api/v1/citations/check` and MCP `check_citations`.
 */

/**
 * found: a decision of a corpus carries the number; date_mismatch / court_mismatch: it does, but the
 * draft writes another date or court (both shown); not_found: no corpus holds it — which may simply
 * mean the corpus lacks it, never that it is fake.
 */
export type BriefCitationStatus = "found" | "date_mismatch" | "court_mismatch" | "not_found";

export interface BriefCitation {
  /** The citation as the draft writes it ("대법원 1995. 2. 3. 선고 94다42778 판결"). */
  text: string;
  /** Where it stands in the draft. */
  start: number;
  end: number;
  /** This number, normalised (a joined citation gives one entry per number). */
  caseNo: string;
  status: BriefCitationStatus;
  /** The court and date (YYYY-MM-DD) the draft writes, when it does. */
  court?: string;
  date?: string;
  /** The decision found: its number as stored ("94므826, 833"), court, date, name and corpus. */
  foundCaseNo?: string;
  foundCourt?: string;
  foundDate?: string;
  caseName?: string;
  corpusId?: string;
  /** A later decision changed it (판례 변경): how, in plain Korean ("대법원 … 판결로 변경"). */
  overruled?: string;
  /** Decided by the full bench (전원합의체), by the decision's own text or as the draft writes it. */
  enBanc: boolean;
  /** The draft's sentence that cites it. */
  sentence: string;
  /** Whether the decision's 판시사항/판결요지/이유 supports that sentence (found decisions only). */
  support?: { verdict: SupportVerdict; reason: string; quote?: string; method: "lexical" | "cosine" | "llm" };
  /** The viewer's page for it (a path of this app). */
  url?: string;
}

export interface BriefStatute {
  text: string;
  start: number;
  /** The statute as resolved ("민법"), absent when the draft names none before the article. */
  law?: string;
  article: string;
  paragraph?: string;
  former: boolean;
  /** Whether the article is in the imported statute: set only when its statute is imported. */
  exists?: boolean;
  /** The article page (a path of this app), when the article exists. */
  url?: string;
  /** What the lawyer should know of it ("없는 조문입니다"). */
  note?: string;
}

/** A leading decision the draft does not cite, for one of its sections (함께 검토할 판례). */
export interface BriefSuggestion {
  /** Which section of the draft (0-based) and its first words, to find it again. */
  section: number;
  sectionStart: string;
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
  corpusId: string;
  /** Key words of the section this decision shares. */
  sharedTerms: string[];
  url: string;
}

export interface BriefReport {
  /** Characters checked. */
  chars: number;
  citations: BriefCitation[];
  statutes: BriefStatute[];
  suggestions: BriefSuggestion[];
  /** How the check ran and what it left out, in plain Korean. */
  notes: string[];
  /** Milliseconds the check took. */
  ms: number;
}

export const STATUS_LABELS: Record<BriefCitationStatus, string> = {
  found: "확인됨",
  date_mismatch: "선고일 불일치",
  court_mismatch: "법원 불일치",
  not_found: "확인할 수 없는 사건번호",
};

/** Why a number is not found, said plainly: the corpus may lack it; never "fake". */
export const NOT_FOUND_NOTE =
  "가져온 말뭉치에서 이 사건번호의 판례를 찾지 못했습니다. 말뭉치에 없는 판례일 수 있으니 원문으로 확인하세요.";

/** An article a draft cites that its imported statute does not have. */
export const STATUTE_MISSING_NOTE = "없는 조문입니다";

/** Statutes are imported: their articles were checked; others are only listed. */
export const STATUTE_CHECKED_NOTE =
  "가져온 법령의 조문은 있는지 확인하고 조문 화면으로 연결했습니다. 가져오지 않은 법령의 조문은 목록으로만 보여 줍니다.";

export const STATUTE_NOTE =
  "조문 말뭉치가 아직 없어 조문의 존재와 내용은 확인하지 않았습니다. 인용된 조문을 목록으로만 보여 줍니다.";
