import type { VectorStore } from "../store/types";
import type { OverruledNote } from "../text/citation-types";
import type { ScoredChunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { retrievalOnlyAnswer } from "./retrieval-only-answer";
import type { SupportReport } from "./support/types";

/**
 * Declining on thin evidence (issue 15, item 2). An answer that no retrieved passage supports is
 * worse than none: the lawyer reads a confident conclusion. Two gates:
 *  - before the answer: the reranker's best score for the question is below the threshold
 *    (DECLINE_MIN_RERANK_SCORE) — no passage is about the question. The answer model is not
 *    called; the answer says the corpus does not settle the question and lists the closest
 *    precedents. Without a reranker there is no calibrated score (RRF and BM25 scores have no
 *    absolute meaning), so this gate needs one.
 *  - after the support check: the answer's conclusion (its first two cited sentences) is
 *    supported by none of its citations, or the answer cites nothing. The answer stays stored, and is shown
 *    folded under the same statement and the closest precedents.
 */

export interface DeclineInfo {
  stage: "before-answer" | "after-support";
  code: "declined_thin_evidence" | "declined_unsupported";
  /** Korean, for the notice and the callout. */
  message: string;
  /** The best reranker score and the threshold it fell below (before the answer). */
  score?: number;
  threshold?: number;
  /** The closest precedents (case numbers as written), best first. */
  closest: string[];
}

/** What the caller decided just before the answer is written (the pipeline's `beforeAnswer` hook). */
export interface AnswerGate {
  decline?: DeclineInfo;
  /** The declined answer's text (see declineAnswer). */
  answer?: string;
  overruled?: OverruledNote[];
}

export type BeforeAnswerFn = (input: {
  question: string;
  context: ScoredChunk[];
  reranked: boolean;
}) => Promise<AnswerGate | undefined>;

const CLOSEST = 3;

export function closestCases(context: ScoredChunk[], n = CLOSEST): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { chunk } of context) {
    const key = decisionKey(chunk);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(chunk.caseNo);
    if (out.length >= n) break;
  }
  return out;
}

/** Before the answer: declines when reranked passages all score below `minScore` (0 turns the gate off). */
export function thinEvidence(context: ScoredChunk[], reranked: boolean, minScore: number): DeclineInfo | undefined {
  if (!reranked || minScore <= 0 || context.length === 0) return undefined;
  const best = Math.max(...context.map((c) => c.score));
  if (!(best < minScore)) return undefined;
  return {
    stage: "before-answer",
    code: "declined_thin_evidence",
    message: `검색된 판례가 질문과 거의 관련이 없어(리랭커 최고 점수 ${best.toFixed(2)}, 기준 ${minScore}) 결론을 쓰지 않고 가장 가까운 판례를 보여 드립니다.`,
    score: best,
    threshold: minScore,
    closest: closestCases(context),
  };
}

/** The declined answer: the statement, then the closest precedents with their holdings. */
export async function declineAnswer(info: DeclineInfo, context: ScoredChunk[], store: VectorStore): Promise<string> {
  const list = await retrievalOnlyAnswer(context, store, CLOSEST, "가장 가까운 판례:");
  return [
    "**검색된 판례로는 이 질문에 대한 결론을 내릴 수 없습니다.**",
    `${info.message} 사안에 맞는지 원문으로 확인하시고, 질문을 더 구체적으로 적거나 다른 말뭉치를 포함해 보세요.`,
    list,
  ].join("\n\n");
}

/** The answer's conclusion, for this gate: its first two cited sentences (the prompt asks for it first, in one or two). */
const CONCLUSION_SENTENCES = 2;

/**
 * After the support check: declines when the conclusion stands on no supporting citation — every
 * citation of its first cited sentences judged unsupported — or when the answer cites nothing.
 */
export function unsupportedConclusion(report: SupportReport, context: ScoredChunk[]): DeclineInfo | undefined {
  const base = {
    stage: "after-support" as const,
    code: "declined_unsupported" as const,
    closest: closestCases(context),
  };
  if (context.length === 0) return undefined;
  if (report.citations.length === 0) {
    return { ...base, message: "답변이 검색된 판례를 하나도 인용하지 않아 결론의 근거를 확인할 수 없습니다." };
  }
  const main = report.citations.filter((c) => c.sentence < CONCLUSION_SENTENCES);
  if (main.length === 0 || main.some((c) => c.verdict !== "unsupported")) return undefined;
  return {
    ...base,
    message: `답변의 결론(“${main[0]?.claim ?? ""}”)을 인용한 판례(${[...new Set(main.map((c) => c.caseNo))].join(", ")})가 뒷받침하지 않습니다. 검색된 판례로는 이 질문이 해결되지 않을 수 있습니다.`,
  };
}
