import type { AnswerPart } from "../rag/citations";
import type { DeclineInfo } from "../rag/decline";
import type { SupportReport } from "../rag/support/types";
import type { PipelineEvent, PipelineTrace } from "../rag/types";
import type { PrecedentSignals } from "../text/citation-types";
import type { ScoredChunk } from "../text/decision";
import type { ChatFilters } from "./filters";

/** What an assistant message keeps: the answer, its checked citations, the passages and the trace. */
export interface AnswerRecord {
  answer: string;
  parts: AnswerPart[];
  context: ScoredChunk[];
  trace: PipelineTrace;
  retrievalOnly: boolean;
  /** The follow-up rewritten into a standalone question, when it was one. */
  standalone?: string;
  /** The search filters the answer was written with. */
  filters?: ChatFilters;
  /** The citation graph's word on the context's decisions (cited-by counts, overrulings). */
  signals?: PrecedentSignals;
  /** The model stopped mid-answer: why, in plain Korean (the answer is the text written until then). */
  cutOff?: string;
  /** Earlier answers of this turn, newest last (it was written again: 다시 시도, another strategy, an edit). */
  versions?: AnswerVersion[];
}

/** An earlier answer of a turn, kept readable after the turn was written again. */
export interface AnswerVersion {
  question: string;
  answer: string;
  /** The strategy's label (e.g. "RAR"), when known. */
  strategy?: string;
  /** When it was written (ISO). */
  at: string;
}

/** The events a chat client receives: the pipeline's, then how the answer ended. */
export type ChatEvent =
  | PipelineEvent
  | { type: "standalone"; text: string }
  /** The database was busy: the question waits in the server's durable queue (`false`: stored now). */
  | { type: "held"; held: boolean }
  /** Waiting for a free answer slot (`ahead` answers first), or `null` once writing starts. */
  | { type: "waiting"; ahead: number | null }
  /** The citation graph's word on the context (before the answer is written). */
  | { type: "signals"; signals: PrecedentSignals }
  /** The answer has streamed; its citations are being checked ("인용 검증 중…"). */
  | { type: "support-start" }
  | { type: "support"; report: SupportReport; decline?: DeclineInfo }
  | { type: "done"; record: AnswerRecord }
  /** Stopped by the lawyer: what was written so far, with the queries and passages found. */
  | { type: "stopped"; answer: string; record?: AnswerRecord }
  | { type: "error"; message: string }
  /**
   * 다시 시도 found the model still unreachable: the answer it was to replace stays as it was
   * (`status` is how it had ended), with a notice saying so.
   */
  | { type: "kept"; record: AnswerRecord; status: "done" | "stopped" | "interrupted" };
