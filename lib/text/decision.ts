/**
 * Shapes shared by parsing, chunking, indexing and retrieval. A decision (판례) is parsed into
 * metadata + ordered sections; chunking turns it into `Chunk`s; every retrieval stage passes
 * `ScoredChunk`s ({ chunk, score }) to the next.
 */

/** The canonical sections of a Korean court decision, in document order. */
export const SECTIONS = ["판시사항", "판결요지", "참조조문", "참조판례", "판례내용"] as const;
export type SectionName = (typeof SECTIONS)[number];

/**
 * What names a decision wherever it is listed: its metadata, each of its chunks, a lookup hit, an
 * evidence group. One shape, so that a field added here reaches every list.
 */
export interface DecisionHeading {
  /** 사건번호 as written in the source, e.g. "2009다228" or "94므826, 833". */
  caseNo: string;
  caseName: string;
  court: string;
  /** 법원등급, e.g. "대법원", "하급심". */
  courtLevel: string;
  /** 사건종류, e.g. "민사", "가사", "세무". */
  caseType: string;
  /** 선고일자 as YYYY-MM-DD ("" when unknown). */
  decisionDate: string;
}

/** Only the heading's fields of `d` (a chunk or a row carries more that must not travel with it). */
export function decisionHeading(d: DecisionHeading): DecisionHeading {
  return {
    caseNo: d.caseNo,
    caseName: d.caseName,
    court: d.court,
    courtLevel: d.courtLevel,
    caseType: d.caseType,
    decisionDate: d.decisionDate,
  };
}

export interface DecisionMeta extends DecisionHeading {
  /** 판례일련번호 of law.go.kr, when known. */
  serialNo?: string;
  sourceUrl?: string;
}

export interface DecisionSection {
  name: SectionName;
  text: string;
}

export interface ParsedDecision {
  meta: DecisionMeta;
  sections: DecisionSection[];
  /** Path or file name the decision came from (for error reports and the corpus view). */
  sourcePath?: string;
}

export interface Chunk extends DecisionHeading {
  /** Stable id: the same decision re-ingested into the same corpus yields the same ids. */
  id: string;
  corpusId: string;
  section: SectionName;
  /** Index of this chunk inside its section, from 0. */
  sectionOrder: number;
  text: string;
  /** SHA-256 of the text (and embedding model) so unchanged chunks are never embedded twice. */
  contentHash: string;
  /**
   * Contextual retrieval (lib/enrich): the few sentences situating the chunk in its decision, when
   * the corpus was enriched. Never part of `text`: shown beside the passage, never quoted.
   */
  context?: string;
  /**
   * The decision's marks (decision-marks.ts), carried by each chunk so the index can filter and
   * count decisions on them (판례 검색); absent on chunks built without the decision's text.
   */
  enBanc?: boolean;
  lowerCourt?: string;
}

export interface ScoredChunk {
  chunk: Chunk;
  score: number;
}
