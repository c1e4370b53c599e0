import { normalizeCaseNo, splitCaseNo } from "../text/case-number";
import type { ScoredChunk } from "../text/decision";

/**
 * Citations that can be trusted: every case number in an answer is checked against the passages
 * the answer was written from. A number found there links to its passage; one that is not (the
 * model invented or misremembered it) is flagged and never shown as a link.
 */

export type AnswerPart =
  | { type: "text"; text: string }
  | { type: "citation"; text: string; caseNo: string; valid: true; chunkId: string }
  | { type: "citation"; text: string; caseNo: string; valid: false };

// No spaces inside: a citation in running text is written solid ("2009다228"); allowing spaces
// would read "20대 1명" as a case number.
const CITED = /(?<![\d가-힣])(\d{2,4}[가-힣]{1,3}\d{1,7})(?!\d)/g;

/**
 * The checker for one answer's context: splits any text into plain text and citations. The
 * answer renderer runs it over each text node of the parsed Markdown, so links and flags in the
 * rendered answer are decided exactly as in `splitCitations` (what is stored and evaluated).
 */
export function citationFinder(context: ScoredChunk[]): (text: string) => AnswerPart[] {
  const known = new Map<string, string>();
  for (const { chunk } of context) {
    for (const part of splitCaseNo(chunk.caseNo)) if (!known.has(part)) known.set(part, chunk.id);
  }
  return (answer) => {
    const parts: AnswerPart[] = [];
    let last = 0;
    for (const match of answer.matchAll(CITED)) {
      const text = match[0];
      const at = match.index ?? 0;
      if (at > last) parts.push({ type: "text", text: answer.slice(last, at) });
      const caseNo = normalizeCaseNo(text);
      const chunkId = known.get(caseNo);
      parts.push(
        chunkId
          ? { type: "citation", text, caseNo, valid: true, chunkId }
          : { type: "citation", text, caseNo, valid: false },
      );
      last = at + text.length;
    }
    if (last < answer.length) parts.push({ type: "text", text: answer.slice(last) });
    return parts;
  };
}

export function splitCitations(answer: string, context: ScoredChunk[]): AnswerPart[] {
  return citationFinder(context)(answer);
}

export function citationSummary(parts: AnswerPart[]): { cited: string[]; unknown: string[] } {
  const cited = new Set<string>();
  const unknown = new Set<string>();
  for (const p of parts) if (p.type === "citation") (p.valid ? cited : unknown).add(p.caseNo);
  return { cited: [...cited], unknown: [...unknown] };
}
