import { findDocumentsForCaseNo } from "../db/case-lookup";
import { filesDir } from "../env";
import { AppError } from "../errors";
import { decisionFile } from "../ingest/decision-archive";
import { viewerText } from "../precedent/viewer-client";

/**
 * One decision for the API: its heading, a link to the viewer and its whole text (read and built
 * by the viewer's worker thread, as the viewer's text download is). An assistant's context window
 * is the limit that matters, so very long texts are cut at `maxChars` and say so.
 */
export interface ApiDecision {
  caseNo: string;
  caseName: string;
  court: string;
  courtLevel: string;
  caseType: string;
  decisionDate: string;
  corpus: { id: string; name: string };
  url: string;
  text: string;
  /** The whole text is longer than `text`: the rest is in the viewer (or GET …/text). */
  truncated: boolean;
  totalChars: number;
}

export const DECISION_MAX_CHARS = 200_000;

export async function apiDecision(
  caseNo: string,
  options: { corpusId?: string; baseUrl: string; maxChars?: number },
): Promise<ApiDecision> {
  const docs = await findDocumentsForCaseNo(caseNo.trim());
  const doc = docs.find((d) => d.corpusId === options.corpusId) ?? (options.corpusId ? undefined : docs[0]);
  if (!doc) throw new AppError("not_found:resource", { userMessage: `${caseNo} 판례를 찾을 수 없습니다.` });
  const bytes = await viewerText(decisionFile(filesDir(), doc.corpusId, doc.caseNo));
  if (!bytes) throw new AppError("not_found:resource", { userMessage: `${caseNo} 판례의 원문을 찾을 수 없습니다.` });
  const whole = new TextDecoder().decode(bytes);
  const max = options.maxChars ?? DECISION_MAX_CHARS;
  const path = `/precedents/${encodeURIComponent(doc.caseNo)}?${new URLSearchParams({ corpus: doc.corpusId })}`;
  return {
    caseNo: doc.caseNo,
    caseName: doc.caseName,
    court: doc.court,
    courtLevel: doc.courtLevel,
    caseType: doc.caseType,
    decisionDate: doc.decisionDate,
    corpus: { id: doc.corpusId, name: doc.corpus.name },
    url: `${options.baseUrl}${path}`,
    text: whole.length > max ? whole.slice(0, max) : whole,
    truncated: whole.length > max,
    totalChars: whole.length,
  };
}
