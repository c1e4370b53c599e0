import { splitCitations } from "../rag/citations";
import type { SupportReport } from "../rag/support/types";
import { splitCaseNo } from "../text/case-number";
import type { Chunk } from "../text/decision";

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

/**
 * Citation support of one answer (issue 15): its cited sentences, and how many of them the
 * support check judged supported by a cited decision. The evaluation runs the check lexically
 * (no verification call: a replayed run has no recorded reply for one, and the number must not
 * depend on a second model), so it is the conservative, reproducible reading.
 */
export interface SupportCounts {
  sentences: number;
  supported: number;
}

export function supportCountsOf(report: SupportReport): SupportCounts {
  const sentences = new Set(report.citations.map((c) => c.sentence));
  const supported = new Set(report.citations.filter((c) => c.verdict === "supported").map((c) => c.sentence));
  return { sentences: sentences.size, supported: supported.size };
}

/** Citation support rate over answers: supported cited sentences / all cited sentences (undefined when none). */
export function citationSupportRate(answers: SupportCounts[]): number | undefined {
  let supported = 0;
  let all = 0;
  for (const a of answers) {
    supported += a.supported;
    all += a.sentences;
  }
  return all ? supported / all : undefined;
}
