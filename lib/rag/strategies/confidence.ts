import { readCaseNumbers } from "../../text/case-citation";
import type { ScoredChunk } from "../../text/decision";
import { tokenizeKo } from "../../text/tokenize-ko";
import type { StrategySettings } from "../settings";
import type { ConfidenceParts } from "./steps";

/**
 * CC-RAG's self-assessment without a critic model (docs/method.md §5):
 *   s = sigmoid(w1·mean token log-prob + w2·f_len + w3·f_informative + w4·overlap − w5·ungrounded)
 * The first four terms are the method's. The fifth is the product's: a citation the citation check
 * flags (a number not among the passages) or the support check finds unsupported must lower the
 * score, never raise it — so informativeness counts only case numbers that are among the passages.
 * When the endpoint returns no log-probs, that term is dropped and the method's other weights are
 * scaled so they sum to the original total (the score keeps its range); the step says it did, and
 * the score is labelled renormalised.
 */

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** An answer of 300 characters or more counts as complete; a one-liner as thin. */
export const lengthFeature = (answer: string) => clamp01(answer.trim().length / 300);

const ARTICLE = /제\s?\d+\s?조/g;
const COURT = /대법원|고등법원|지방법원|가정법원|행정법원|헌법재판소/g;
const FIGURE = /\d[\d,.]*\s?(?:원|년|개월|일|%|퍼센트)/g;

/**
 * Concrete anchors (case numbers, articles, courts, amounts and periods): three or more is 1. A case
 * number in `invented` (flagged by the citation check) is no anchor: a made-up number is not concrete.
 */
export function informativeFeature(answer: string, invented: readonly string[] = []): number {
  const distinct = (re: RegExp) => new Set(answer.match(re) ?? []).size;
  const fake = new Set(invented.map((n) => n.replace(/\s/g, "")));
  const caseNos = readCaseNumbers(answer).filter((n) => !fake.has(n)).length;
  return clamp01((caseNos + distinct(ARTICLE) + distinct(COURT) + distinct(FIGURE)) / 3);
}

/** What the citation and support checks found in the answer (lib/rag/citations.ts, lib/rag/support). */
export interface Grounding {
  /** Cited numbers not among the passages (flagged ⚠). */
  invented: string[];
  /** Citations of passages' decisions judged, and of those, judged 근거 없음. */
  judged: number;
  unsupported: number;
}

/** 1 with any invented number; else the share of judged citations found unsupported; 0 without citations. */
export function ungroundedFeature(g: Grounding): number {
  if (g.invented.length > 0) return 1;
  return g.judged > 0 ? g.unsupported / g.judged : 0;
}

/** Share of the answer's word pieces (BM25 tokens) found in the passages it was written from. */
export function overlapFeature(answer: string, context: ScoredChunk[]): number {
  const words = new Set(tokenizeKo(answer).filter((t) => !t.startsWith("^") && !/^\d+$/.test(t)));
  if (words.size === 0) return 0;
  const source = new Set(context.flatMap(({ chunk }) => tokenizeKo(chunk.text)));
  let found = 0;
  for (const w of words) if (source.has(w)) found++;
  return found / words.size;
}

export interface Confidence {
  score: number;
  parts: ConfidenceParts;
  dropped: "logprob"[];
  scale: number;
}

export function confidenceOf(
  answer: string,
  logprobs: number[] | undefined,
  context: ScoredChunk[],
  weights: Pick<StrategySettings["ccRag"], "wLogprob" | "wLength" | "wInformative" | "wOverlap" | "wUngrounded">,
  grounding: Grounding = { invented: [], judged: 0, unsupported: 0 },
): Confidence {
  const usable = (logprobs ?? []).filter((x) => Number.isFinite(x));
  const hasLogprobs = usable.length > 0;
  const total = weights.wLogprob + weights.wLength + weights.wInformative + weights.wOverlap;
  const rest = total - weights.wLogprob;
  const scale = hasLogprobs || rest === 0 ? 1 : total / rest;
  const parts: ConfidenceParts = {
    length: { value: lengthFeature(answer), weight: weights.wLength * scale },
    informative: { value: informativeFeature(answer, grounding.invented), weight: weights.wInformative * scale },
    overlap: { value: overlapFeature(answer, context), weight: weights.wOverlap * scale },
    ungrounded: { value: ungroundedFeature(grounding), weight: -weights.wUngrounded },
  };
  if (hasLogprobs) {
    parts.logprob = { value: usable.reduce((a, b) => a + b, 0) / usable.length, weight: weights.wLogprob };
  }
  const z = Object.values(parts).reduce((sum, p) => sum + (p ? p.value * p.weight : 0), 0);
  return { score: sigmoid(z), parts, dropped: hasLogprobs ? [] : ["logprob"], scale };
}
