import type { ScoredChunk } from "../text/decision";
import type { AnswerPart } from "./citations";
import type { DeclineInfo } from "./decline";
import type { StrategyId, StrategyStep, StrategyTrace } from "./strategies/steps";
import type { SupportReport } from "./support/types";

/**
 * The queries a run searches with: RAR's three; the related-term expansion; HyDE's passage (its
 * embedding is the dense query); the multi-query rewrites.
 */
export type QueryKind =
  | "original"
  | "analytical"
  | "rationale"
  | "expanded"
  | "hyde"
  | "rewrite-1"
  | "rewrite-2"
  | "rewrite-3";

/** What the pipeline tells the UI as it goes; each stage's result is sent the moment it exists. */
export type PipelineEvent =
  | { type: "strategy"; id: StrategyId; label: string }
  | { type: "query-delta"; which: "analytical" | "rationale"; delta: string }
  | { type: "query"; which: QueryKind; text: string }
  | { type: "retrieved"; which: QueryKind; chunks: ScoredChunk[] }
  | { type: "fused"; chunks: ScoredChunk[] }
  | { type: "reranked"; chunks: ScoredChunk[]; reranked: boolean }
  /** A strategy's own step (related terms, rewrites, hypothetical passage, confidence…), by key. */
  | { type: "strategy-step"; step: StrategyStep }
  /** The answer written so far is withdrawn (CC-RAG writes it again with more passages). */
  | { type: "answer-reset"; reason: string }
  | { type: "answer-delta"; delta: string }
  | { type: "notice"; code: string; message: string };

export interface StageTiming {
  stage: string;
  startMs: number;
  endMs: number;
}

export interface PipelineTrace {
  question: string;
  queries: Partial<Record<QueryKind, string>>;
  /** Raw judge output (reasoning + passage); only the passage is a query. */
  judgeOutput?: string;
  lists: Partial<Record<QueryKind, { id: string; caseNo: string; score: number }[]>>;
  fused: { id: string; caseNo: string; score: number }[];
  reranked: boolean;
  notices: { code: string; message: string }[];
  timings: StageTiming[];
  /** ms from start to the first event the user sees, and to the first answer token. */
  firstVisibleMs?: number;
  firstAnswerTokenMs?: number;
  totalMs: number;
  llmMs: number;
  /** Tokens used by the LLM calls (input + output), when the endpoint reports usage. */
  tokens?: number;
  /** Of those, the answer's (its time is the "llm:answer" timing). */
  answerTokens?: number;
  /** The strategy that ran and its own steps (absent in traces stored before strategies existed). */
  strategy?: StrategyTrace;
  /** The answer was declined: no confident conclusion (lib/rag/decline.ts). */
  decline?: DeclineInfo;
  /**
   * A search was answered from an index still applying recent imports (SearchOptions.onIncomplete):
   * the answer says so (notice `index_incomplete`), and evaluations never cache such a run.
   */
  indexIncomplete?: boolean;
  /** The citation support check, run after the answer (lib/rag/support). */
  support?: SupportReport;
  /**
   * Stages whose model call a partial replay file did not cover (ai:replay_not_covered): the step
   * fell back as on a failed call, so the run is not the strategy's own. Counted in evaluations.
   */
  replayGaps?: string[];
}

export interface PipelineResult {
  answer: string;
  parts: AnswerPart[];
  context: ScoredChunk[];
  trace: PipelineTrace;
  /** True when no LLM wrote the answer (it lists the ranked precedents instead). */
  retrievalOnly: boolean;
  /**
   * The model stopped mid-answer (connection lost, server error, the deadline): `answer` is the
   * text written until then, and this says why, in plain Korean.
   */
  cutOff?: string;
}
