import type { ScoredChunk } from "../ingest/types";
import type { AnswerPart } from "../rag/citations";
import type { PipelineEvent, PipelineTrace } from "../rag/types";
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
}

/** The events a chat client receives: the pipeline's, then how the answer ended. */
export type ChatEvent =
  | PipelineEvent
  | { type: "standalone"; text: string }
  /** Waiting for a free answer slot (`ahead` answers first), or `null` once writing starts. */
  | { type: "waiting"; ahead: number | null }
  | { type: "done"; record: AnswerRecord }
  /** Stopped by the lawyer: what was written so far, with the queries and passages found. */
  | { type: "stopped"; answer: string; record?: AnswerRecord }
  | { type: "error"; message: string };
