import { hintTokens, SECTION_WEIGHT, supportingSentences } from "../../precedent/support";
import type { Chunk } from "../../text/decision";
import type { SupportVerdict } from "./types";

/**
 * Lexical evidence for one (claim, cited decision) pair: the sentence(s) of the decision's passages
 * that state most of the claim, by the same tokenizer and sentence choice as the viewer's
 * highlight (lib/precedent/support.ts). Coverage — the share of the claim's tokens found there —
 * is the absolute measure; a 판시사항 (an issue, not a rule) or a 참조 list counts for less.
 */

export interface LexicalEvidence {
  chunkId: string;
  /** The best supporting sentence as written in the decision. */
  quote: string;
  /** Coverage after the section's weight (0..1). */
  coverage: number;
}

/**
 * Thresholds on coverage, measured with scripts/measure-support.ts: the sentences of the dev set's
 * recorded judge passages (an LLM's paraphrases of the law, written without the corpus) against
 * their gold decisions have a median coverage of about 0.55, against the fifth most similar other
 * decision about 0.38 (90th percentile 0.50). Words alone separate the two only roughly (AUC ≈ 0.83),
 * so "supported" asks for more than most near misses reach, and the model's reading, when one is
 * configured, decides.
 */
export const LEXICAL_SUPPORTED = 0.55;
export const LEXICAL_PARTLY = 0.35;

/** A sentence is quoted only when it covers at least this share of what the best one covers. */
const QUOTE_SHARE = 0.8;

export function lexicalEvidence(claim: string, passages: Chunk[]): LexicalEvidence | undefined {
  const tokens = hintTokens(claim);
  const found = passages.flatMap((p) => {
    const support = supportingSentences(p.text, tokens);
    const at = support.best ?? support.ranges[0];
    if (!at) return [];
    const weight = SECTION_WEIGHT[p.section] ?? 1;
    return [{ p, at, coverage: support.coverage * weight, score: support.score * weight }];
  });
  const most = Math.max(0, ...found.map((f) => f.coverage));
  // The verdict takes the best coverage; the quote, the sentence that states the claim most densely
  // among those nearly as complete (a holding in 판결요지 rather than a long sentence of the reasons
  // that mentions everything) — the same choice as the viewer's (bestPassage).
  const quoted = found
    .filter((f) => f.coverage >= most * QUOTE_SHARE)
    .sort((a, b) => b.score - a.score || b.coverage - a.coverage)[0];
  if (!quoted) return undefined;
  return { chunkId: quoted.p.id, quote: quoted.p.text.slice(quoted.at.start, quoted.at.end), coverage: most };
}

export function lexicalVerdict(coverage: number): SupportVerdict {
  if (coverage >= LEXICAL_SUPPORTED) return "supported";
  if (coverage >= LEXICAL_PARTLY) return "partly";
  return "unsupported";
}

/** The sentences of a decision's passages most like the claim, best first (candidates for cosine). */
export function candidateSentences(claim: string, passages: Chunk[], limit = 3): { chunkId: string; text: string }[] {
  const tokens = hintTokens(claim);
  const scored = passages.flatMap((p) => {
    const { ranges, score } = supportingSentences(p.text, tokens);
    return ranges.length
      ? [{ chunkId: p.id, text: ranges.map((r) => p.text.slice(r.start, r.end)).join(" "), score }]
      : [];
  });
  return scored.sort((a, b) => b.score - a.score).slice(0, limit);
}
