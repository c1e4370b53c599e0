import { splitCitations } from "../rag/citations";
import type { PipelineTrace } from "../rag/types";
import type { AnswerState } from "./state";
import type { AnswerRecord } from "./types";

/**
 * What an unfinished answer keeps: the text so far with its citations checked against the
 * passages already found, those passages, and the trace up to that moment (queries, lists,
 * notices). Stored while the answer streams and when it is stopped, fails or is cut off, so a
 * reload shows what the lawyer saw.
 */
export function partialRecord(state: AnswerState, trace: PipelineTrace | undefined, question: string): AnswerRecord {
  // Stopped before reranking: the passages the original question found are what was shown.
  const context = state.context ?? state.provisional ?? [];
  return {
    answer: state.answer,
    parts: splitCitations(state.answer, context),
    context,
    trace: trace
      ? structuredClone(trace)
      : {
          question,
          queries: { original: question },
          lists: {},
          fused: [],
          reranked: false,
          notices: state.notices,
          timings: [],
          totalMs: 0,
          llmMs: 0,
        },
    retrievalOnly: false,
    standalone: state.standalone,
    filters: state.filters,
    signals: state.signals,
  };
}
