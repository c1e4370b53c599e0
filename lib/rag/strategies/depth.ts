import type { ScoredChunk } from "../../text/decision";
import { estimateTokens } from "../../text/estimate-tokens";

/**
 * CC-RAG's dynamic retrieval depth (docs/method.md §5): a question's difficulty from its length, its
 * ambiguity and how clearly BM25 finds something for it; easy questions read k ≈ k_min passages,
 * hard ones up to k_max. The context is then cut to a token budget.
 */

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

// Words that leave the question open (what / how / which / "and so on", "in such a case").
const VAGUE = /어떻게|어떤|어느|무엇|뭐|뭔가|혹시|아무|여러|등등|그런|이런|저런|관련해|경우에/g;

export interface Difficulty {
  /** 0 easy … 1 hard: the mean of the three factors. */
  difficulty: number;
  factors: { length: number; ambiguity: number; bm25: number };
}

/**
 * length: 20 characters or fewer is 0, 200 or more is 1 (long questions carry several facts).
 * ambiguity: vague words and extra question marks, three or more is 1.
 * bm25: 1 − (s₁ − s₅) / s₁ over the question's BM25 scores: a top hit that stands out means an
 * easy lookup; a flat list (or nothing found) a hard one.
 */
export function questionDifficulty(question: string, bm25Scores: number[]): Difficulty {
  const length = clamp01((question.trim().length - 20) / 180);
  const questionMarks = (question.match(/[?？]/g) ?? []).length;
  const ambiguity = clamp01(((question.match(VAGUE) ?? []).length + Math.max(0, questionMarks - 1)) / 3);
  const s1 = bm25Scores[0] ?? 0;
  const s5 = bm25Scores[Math.min(4, bm25Scores.length - 1)] ?? 0;
  const bm25 = s1 > 0 ? clamp01(1 - (s1 - s5) / s1) : 1;
  return { difficulty: (length + ambiguity + bm25) / 3, factors: { length, ambiguity, bm25 } };
}

export function dynamicK(difficulty: number, kMin: number, kMax: number): number {
  return Math.round(kMin + clamp01(difficulty) * (kMax - kMin));
}

// The passage's label in the prompt (case number, court, date, name, section).
const PASSAGE_OVERHEAD = 40;

/** The longest prefix of `text` whose estimated tokens stay within `limit`. */
export function cutText(text: string, limit: number): string {
  let wide = 0;
  let other = 0;
  let end = 0;
  for (const ch of text) {
    if (/[\p{Script=Hangul}\p{Script=Han}]/u.test(ch)) wide++;
    else if (!/\s/u.test(ch)) other++;
    if (wide + Math.ceil(other / 4) > limit) break;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * The first passages, in rank order, whose estimated tokens fit the budget. The budget is never
 * exceeded: when even the first passage does not fit, it is cut to fit (its text ends with "…"),
 * so the answer still has the best passage to work from.
 */
export function cutToBudget(chunks: ScoredChunk[], budget: number): { chunks: ScoredChunk[]; tokens: number } {
  const kept: ScoredChunk[] = [];
  let tokens = 0;
  for (const c of chunks) {
    const cost = estimateTokens(c.chunk.text) + PASSAGE_OVERHEAD;
    if (tokens + cost <= budget) {
      kept.push(c);
      tokens += cost;
      continue;
    }
    if (kept.length === 0 && budget > PASSAGE_OVERHEAD + 1) {
      // "…" costs one token at most.
      const text = `${cutText(c.chunk.text, budget - PASSAGE_OVERHEAD - 1)}…`;
      kept.push({ ...c, chunk: { ...c.chunk, text } });
      tokens = estimateTokens(text) + PASSAGE_OVERHEAD;
    }
    break;
  }
  return { chunks: kept, tokens };
}
