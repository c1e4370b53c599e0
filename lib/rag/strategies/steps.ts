import type { ListParse } from "../../ai/parse-list";

/**
 * The strategies' identities and the steps each one shows the lawyer. Plain data only: the
 * browser imports these types and labels too.
 */

export const STRATEGY_IDS = [
  "rar",
  "hybrid",
  "synonym",
  "multi-query",
  "hyde",
  "cc-rag",
  "cc-rag-rar",
  "atomic",
] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

export const DEFAULT_STRATEGY: StrategyId = "rar";

export const isStrategyId = (value: unknown): value is StrategyId =>
  typeof value === "string" && (STRATEGY_IDS as readonly string[]).includes(value);

export type StepStatus = "running" | "done" | "fallback" | "skipped";

/** The four parts of the confidence score: each feature with its weight (after renormalisation). */
export interface ConfidencePart {
  value: number;
  weight: number;
}

export interface ConfidenceParts {
  /** Mean token log-prob of the answer (≤ 0); absent when the endpoint returned none. */
  logprob?: ConfidencePart;
  length: ConfidencePart;
  informative: ConfidencePart;
  overlap: ConfidencePart;
  /** Share of ungrounded citations (1 with an invented number), subtracted: its weight is negative. */
  ungrounded?: ConfidencePart;
}

export type StrategyStep =
  | {
      key: "terms";
      kind: "terms";
      status: StepStatus;
      terms: string[];
      /** The query searched: `질문 (관련 용어: a, b, c)`, or the question itself after a fallback. */
      query?: string;
      parsedAs?: ListParse;
      /** Why the original question was searched instead. */
      fallback?: string;
    }
  | {
      key: "rewrites";
      kind: "rewrites";
      status: StepStatus;
      /** The original question first, then the rewrites. */
      queries: string[];
      parsedAs?: ListParse;
      fallback?: string;
      /** Per query: how many candidates and the first case numbers found. */
      lists?: { query: string; count: number; top: string[] }[];
      /** Candidates after de-duplication by chunk. */
      union?: number;
    }
  | {
      key: "hyde";
      kind: "hyde";
      status: StepStatus;
      passage?: string;
      /** What each side of hybrid retrieval searched with. */
      dense: "passage" | "question" | "none";
      sparse: "question" | "none";
      fallback?: string;
    }
  | {
      key: `depth-${number}`;
      kind: "depth";
      attempt: number;
      /** Passages asked for, and those that fit the token budget. */
      k: number;
      used: number;
      /** Candidates this attempt reranked: the usual pool (N per query, M after RRF), widened to k if larger. */
      retrieved?: number;
      /** The 사건번호 of the passages this attempt answered from, in order. */
      caseNos?: string[];
      tokens: number;
      budget: number;
      dynamic: boolean;
      /** Dynamic k: the difficulty estimate (0 easy … 1 hard) and its three inputs. */
      difficulty?: number;
      factors?: { length: number; ambiguity: number; bm25: number };
    }
  | {
      key: `confidence-${number}`;
      kind: "confidence";
      attempt: number;
      score: number;
      tau: number;
      passed: boolean;
      parts: ConfidenceParts;
      /** Terms left out (the endpoint returned no log-probs) and the factor the others were scaled by. */
      dropped: "logprob"[];
      scale: number;
      /** The answer this attempt wrote (a withdrawn attempt stays readable in the panel). */
      answer?: string;
    }
  | {
      key: "verdict";
      kind: "verdict";
      lowConfidence: boolean;
      retries: number;
      score?: number;
      /** The score was computed without log-probs, the other weights renormalised. */
      renormalised?: boolean;
      /** Why the loop stopped without reaching τ (retry cap, nothing more fits the budget, no score). */
      reason?: string;
    }
  | AtomicStep;

/** One tag found for a sub-question of the `atomic` strategy (lib/rag/strategies/atomic.ts). */
export interface AtomicCandidate {
  /** 1-based, as the pick prompt numbers them. */
  n: number;
  subQuestion: string;
  tag: string;
  tagId: string;
  chunkId: string;
  corpusId: string;
  caseNo: string;
  section: string;
  score: number;
}

export type AtomicStep =
  | {
      key: `round-${number}`;
      kind: "atomic-round";
      round: number;
      status: "running" | "done" | "stopped";
      subQuestions: string[];
      parsedAs?: ListParse;
      /** How tags were scored: cosine of embeddings (δ) or BM25 per query token (calibrated threshold). */
      scoring: "cosine" | "bm25";
      threshold: number;
      /** Tags above the threshold, best first. */
      candidates: AtomicCandidate[];
      /** Tags found but under the threshold (left out). */
      below: number;
      /** The model's choice (`how`: read from its reply, or its reply was unreadable and the best tag was taken). */
      pick?: { n: number; how: "reply" | "best-score" };
      /** The chunk added to the context this round. */
      added?: { chunkId: string; corpusId: string; caseNo: string; section: string; excerpt: string };
      /** Why the rounds stopped here. */
      stop?: string;
      /** A reply that could not be read (and what was done instead). */
      fallback?: string;
    }
  | {
      key: "atomic-summary";
      kind: "atomic-summary";
      rounds: number;
      chunks: number;
      stop: string;
      /** Nothing gathered: answered from the question's own search instead. */
      fallback?: string;
    };

export interface StrategyTrace {
  id: StrategyId;
  label: string;
  steps: StrategyStep[];
  /** CC-RAG: the final answer stayed below τ. */
  lowConfidence?: boolean;
}

export const LOW_CONFIDENCE_LABEL = "신뢰도 낮음 — 근거 판례를 직접 확인하세요";

/** The picker's names; CC-RAG says which query formulation it wraps. */
export const STRATEGY_LABELS: Record<StrategyId, string> = {
  rar: "RAR (분석·근거 질의)",
  hybrid: "하이브리드 (질문 그대로)",
  synonym: "관련 용어 확장",
  "multi-query": "다중 질의 (3가지 관점)",
  hyde: "HyDE (가상 판결문)",
  "cc-rag": "CC-RAG (원래 질문)",
  "cc-rag-rar": "CC-RAG (RAR 질의)",
  atomic: "원자 질문 분해 (PIKE-RAG)",
};

export const STRATEGY_HINTS: Record<StrategyId, string> = {
  rar: "분석 질의와 가상 판결 이유로 함께 검색합니다.",
  hybrid: "질문 그대로 키워드·의미 검색을 합니다.",
  synonym: "관련 법률 용어 3개를 덧붙여 한 번 검색합니다.",
  "multi-query": "질문을 세 관점으로 바꿔 쓰고 모두 검색합니다.",
  hyde: "가상 판결문을 쓰고 그 임베딩으로 의미 검색합니다.",
  "cc-rag": "질문 그대로 검색하고, 답변 신뢰도가 낮으면 판례를 늘려 다시 씁니다.",
  "cc-rag-rar": "RAR 질의로 검색하고, 답변 신뢰도가 낮으면 판례를 늘려 다시 씁니다.",
  atomic: "질문을 작은 하위 질문으로 나눠 원자 질문 태그로 근거를 하나씩 모읍니다(보강된 말뭉치).",
};

/** Folds a step into a list: a step with the same key replaces the earlier one. */
export function upsertStep(steps: StrategyStep[], step: StrategyStep): StrategyStep[] {
  const at = steps.findIndex((s) => s.key === step.key);
  if (at < 0) return [...steps, step];
  const next = [...steps];
  next[at] = step;
  return next;
}
