import { type StrategyTrace, upsertStep } from "../rag/strategies/steps";
import type { SupportReport } from "../rag/support/types";
import type { QueryKind } from "../rag/types";
import type { PrecedentSignals } from "../text/citation-types";
import type { ScoredChunk } from "../text/decision";
import type { ChatFilters } from "./filters";
import type { AnswerRecord, ChatEvent } from "./types";

/** Passages of the original question shown while the other queries are still being written. */
const PROVISIONAL_PASSAGES = 10;

/**
 * What the lawyer sees of an answer in progress, folded from the pipeline's events on the server
 * and sent to the browser as whole snapshots (a dropped intermediate snapshot then loses nothing).
 */
export interface AnswerState {
  /** "interrupted": the server stopped mid-answer (restart, crash); what was written is kept. */
  status: "running" | "done" | "stopped" | "interrupted" | "error";
  /** The database was busy: the question is safe in the server's queue and is stored (then answered) when it frees. */
  held?: boolean;
  /** Answers ahead of this one while it waits for a free slot. */
  waiting?: number;
  standalone?: string;
  analytical: string;
  rationaleDraft: string;
  rationale?: string;
  retrieved: Partial<Record<QueryKind, number>>;
  fusedCount?: number;
  context?: ScoredChunk[];
  /**
   * The original question's best passages, shown the moment they are found, before the other
   * queries exist (a slow model then still shows precedents at once); replaced by `context`.
   */
  provisional?: ScoredChunk[];
  reranked?: boolean;
  /** The search filters this answer is written with. */
  filters?: ChatFilters;
  answer: string;
  notices: { code: string; message: string }[];
  /** The strategy that answers and its own steps (related terms, rewrites, passage, confidence…). */
  strategy?: StrategyTrace;
  record?: AnswerRecord;
  error?: string;
  /** The citation graph's word on the context's decisions (also in `record` once done). */
  signals?: PrecedentSignals;
  /** The answer's citations are being checked. */
  checking?: boolean;
  support?: SupportReport;
}

export const initialAnswerState = (): AnswerState => ({
  status: "running",
  analytical: "",
  rationaleDraft: "",
  retrieved: {},
  answer: "",
  notices: [],
});

/** How many candidates each query found, as stored in a record's trace. */
const countsOf = (record: AnswerRecord | undefined): AnswerState["retrieved"] =>
  Object.fromEntries(Object.entries(record?.trace.lists ?? {}).map(([k, list]) => [k, list?.length ?? 0]));

/**
 * The 검색 card's counts once an answer ends: those streamed, or else the record's (다시 시도 writes
 * the answer again from stored passages and searches nothing, so nothing was streamed).
 */
function searchCounts(state: AnswerState, record: AnswerRecord): Pick<AnswerState, "retrieved" | "fusedCount"> {
  const streamed = Object.keys(state.retrieved).length > 0;
  return {
    retrieved: streamed ? state.retrieved : countsOf(record),
    fusedCount: state.fusedCount ?? (record.trace.fused?.length || undefined),
  };
}

export function applyChatEvent(state: AnswerState, event: ChatEvent): AnswerState {
  switch (event.type) {
    case "standalone":
      return { ...state, standalone: event.text };
    case "held":
      return { ...state, held: event.held || undefined };
    case "waiting":
      return { ...state, waiting: event.ahead ?? undefined };
    case "query-delta":
      return event.which === "analytical"
        ? { ...state, analytical: state.analytical + event.delta }
        : { ...state, rationaleDraft: state.rationaleDraft + event.delta };
    case "query":
      if (event.which === "analytical") return { ...state, analytical: event.text };
      if (event.which === "rationale") return { ...state, rationale: event.text };
      return state;
    case "retrieved":
      return {
        ...state,
        retrieved: { ...state.retrieved, [event.which]: event.chunks.length },
        provisional:
          event.which === "original" && !state.context
            ? event.chunks.slice(0, PROVISIONAL_PASSAGES)
            : state.provisional,
      };
    case "fused":
      return { ...state, fusedCount: event.chunks.length };
    case "reranked":
      return { ...state, context: event.chunks, provisional: undefined, reranked: event.reranked };
    case "answer-delta":
      return { ...state, answer: state.answer + event.delta };
    case "signals":
      return { ...state, signals: event.signals };
    case "support-start":
      return { ...state, checking: true };
    case "support":
      return { ...state, checking: false, support: event.report };
    case "answer-reset":
      return { ...state, answer: "" };
    case "strategy":
      return { ...state, strategy: { id: event.id, label: event.label, steps: [] } };
    case "strategy-step": {
      if (!state.strategy) return state;
      const steps = upsertStep(state.strategy.steps, event.step);
      const lowConfidence = event.step.kind === "verdict" ? event.step.lowConfidence : state.strategy.lowConfidence;
      return { ...state, strategy: { ...state.strategy, steps, lowConfidence } };
    }
    case "notice":
      return { ...state, notices: [...state.notices, { code: event.code, message: event.message }] };
    case "done":
      return {
        ...state,
        ...searchCounts(state, event.record),
        status: "done",
        checking: false,
        answer: event.record.answer,
        context: event.record.context,
        provisional: undefined,
        record: event.record,
        signals: event.record.signals ?? state.signals,
        support: event.record.trace.support,
      };
    case "stopped":
      return {
        ...state,
        status: "stopped",
        waiting: undefined,
        checking: false,
        answer: event.answer,
        record: event.record,
      };
    case "error":
      return { ...state, status: "error", error: event.message };
    case "kept":
      return {
        ...state,
        ...searchCounts(state, event.record),
        status: event.status,
        checking: false,
        answer: event.record.answer,
        context: event.record.context,
        provisional: undefined,
        record: event.record,
        notices: event.record.trace.notices,
        signals: event.record.signals,
        support: event.record.trace.support,
      };
  }
}

const STORED_STATUS: Record<string, AnswerState["status"]> = {
  complete: "done",
  stopped: "stopped",
  interrupted: "interrupted",
  // Still being written: the page reconnects to it (or learns that it ended meanwhile).
  streaming: "running",
  // A stop was asked; the writing instance is finishing it.
  stopping: "running",
};

function parseRecord(trace: string | null): AnswerRecord | undefined {
  if (!trace) return undefined;
  try {
    return JSON.parse(trace) as AnswerRecord;
  } catch {
    // A damaged trace must not hide the answer text itself.
    return undefined;
  }
}

/** The state of a stored assistant message (a reloaded chat shows what was streamed). */
export function stateFromStored(content: string, status: string, trace: string | null): AnswerState {
  const record = parseRecord(trace);
  const base = initialAnswerState();
  return {
    ...base,
    status: STORED_STATUS[status] ?? "error",
    answer: content,
    standalone: record?.standalone,
    analytical: record?.trace.queries.analytical ?? "",
    rationale: record?.trace.queries.rationale,
    context: record?.context,
    retrieved: countsOf(record),
    fusedCount: record?.trace.fused.length,
    reranked: record?.trace.reranked,
    notices: record?.trace.notices ?? [],
    filters: record?.filters,
    strategy: record?.trace.strategy,
    signals: record?.signals,
    support: record?.trace.support,
    record,
    error: status === "error" ? "답변을 만드는 중 오류가 발생했습니다." : undefined,
  };
}
