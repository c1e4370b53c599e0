import { splitCaseNo } from "../ingest/case-number";
import type { Chunk } from "../ingest/types";
import { splitCitations } from "../rag/citations";

/**
 * Trust in an answer's citations, checked the way the chat checks them (lib/rag/citations.ts): a
 * cited 사건번호 found among the passages the answer was written from is valid; any other is flagged
 * (invented or misremembered) and counts against the answer.
 */
export interface Citations {
  /** Distinct case numbers cited and found in the context. */
  valid: string[];
  /** Distinct case numbers cited but not in the context. */
  flagged: string[];
}

export function citationsOf(answer: string, contextCaseNos: string[]): Citations {
  const context = contextCaseNos.map((caseNo, i) => ({ chunk: { id: `c${i}`, caseNo } as Chunk, score: 0 }));
  const valid = new Set<string>();
  const flagged = new Set<string>();
  for (const part of splitCitations(answer, context)) {
    if (part.type === "citation") (part.valid ? valid : flagged).add(part.caseNo);
  }
  return { valid: [...valid], flagged: [...flagged] };
}

/** Citation precision over answers: valid citations / all citations (undefined when nothing was cited). */
export function citationPrecision(answers: Citations[]): number | undefined {
  let valid = 0;
  let all = 0;
  for (const a of answers) {
    valid += a.valid.length;
    all += a.valid.length + a.flagged.length;
  }
  return all ? valid / all : undefined;
}

/**
 * Whether an answer cites a gold case among its valid citations (a flagged one is not shown to the
 * lawyer as a link, so it does not count as resting on the right precedent).
 */
export function citesGold(citations: Citations, gold: string[]): boolean {
  const goldParts = new Set(gold.flatMap(splitCaseNo));
  return citations.valid.some((c) => splitCaseNo(c).some((p) => goldParts.has(p)));
}
