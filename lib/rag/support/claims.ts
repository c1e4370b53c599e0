import { citationHint } from "../../text/citation-hint";
import { splitSentences } from "../../text/sentences";
import type { AnswerPart } from "../citations";

/**
 * An answer cut into the sentences that cite decisions, each with its citations. A sentence is
 * the one the citation stands in (lib/text/sentences.ts, which keeps dates such as
 * "1994. 11. 25. 선고" inside a sentence); its claim is that sentence without the case numbers,
 * dates and ruling words — with the sentence before it when the citing one says little on its own
 * ("관련 판례: 76므41", "(대법원 76므41)" after the full stop). Citations standing for the same
 * claim are one cited sentence.
 */

/** A citing sentence shorter than this once cleaned ("관련 판례:") says nothing of its own. */
const CLAIM_MIN_CHARS = 10;

export interface SentenceCitation {
  /** Index into the answer's parts. */
  part: number;
  /** Where the number starts in the answer. */
  offset: number;
  caseNo: string;
  valid: boolean;
  chunkId?: string;
}

export interface CitedSentence {
  /** The sentence of the answer holding the (first) citation. */
  start: number;
  end: number;
  text: string;
  claim: string;
  citations: SentenceCitation[];
}

export function citedSentences(parts: AnswerPart[]): CitedSentence[] {
  const answer = parts.map((p) => p.text).join("");
  const ranges = splitSentences(answer);
  const out: CitedSentence[] = [];
  let offset = 0;
  parts.forEach((part, index) => {
    const at = offset;
    offset += part.text.length;
    if (part.type !== "citation") return;
    const claim = citationHint(answer, at, CLAIM_MIN_CHARS);
    const citation: SentenceCitation = {
      part: index,
      offset: at,
      caseNo: part.caseNo,
      valid: part.valid,
      ...(part.valid ? { chunkId: part.chunkId } : {}),
    };
    const same = out.find((s) => s.claim === claim);
    if (same) {
      same.citations.push(citation);
      return;
    }
    const range = ranges.find((r) => at < r.end) ?? ranges.at(-1) ?? { start: 0, end: answer.length };
    out.push({
      start: range.start,
      end: range.end,
      text: answer.slice(range.start, range.end),
      claim,
      citations: [citation],
    });
  });
  return out;
}
