import { createStreamableValue, type StreamableValue } from "@ai-sdk/rsc";
import { courtsOfLevel } from "../db/decision-lookup";
import { env } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { runPipeline } from "../rag/pipeline";
import { STRATEGY_LABELS, type StrategyId } from "../rag/strategies/steps";
import type { ScoredChunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { chatBeforeAnswer } from "./answer-gate";
import { defaultSlots } from "./ask";
import { defaultPipelineDeps } from "./default-deps";
import { type ChatFilters, toStoreFilter } from "./filters";
import { type AnswerState, applyChatEvent, initialAnswerState } from "./state";
import { checkWrittenAnswer } from "./support-step";
import type { AnswerRecord, ChatEvent } from "./types";

/** One strategy's side of a comparison: its answer and the precedents it stood on. */
export interface CompareSide {
  strategy: StrategyId;
  label: string;
  /** "running" while it searches, writes or checks its citations. */
  status: "running" | "done" | "error";
  answer: string;
  /** No model wrote it (it failed, or none is configured). */
  retrievalOnly: boolean;
  cutOff?: string;
  notices: { code: string; message: string }[];
  /** The passages' decisions, best first; `cited`: the answer cites it. */
  precedents: { caseNo: string; court: string; decisionDate: string; caseName: string; cited: boolean }[];
  /**
   * Once written: the answer's record (checked citations, passages, support marks, the citation
   * graph's word), rendered like the chat's answer — each citation linked into the viewer, marked.
   */
  record?: AnswerRecord;
  /** The answer's citations are being checked. */
  checking?: boolean;
  error?: string;
}

/** What the dialog receives while a comparison runs: both sides as they are, then `done`. */
export interface CompareFrame {
  sides: CompareSide[];
  done: boolean;
  error?: string;
}

const SHOWN_PRECEDENTS = 8;
/** The time between two frames of a comparison (two answers stream in one dialog). */
const FRAME_MS = 150;

function assertTwo(strategies: [StrategyId, StrategyId]): void {
  if (strategies[0] === strategies[1])
    throw new AppError("bad_request:input", { userMessage: "서로 다른 두 전략을 골라 주세요." });
}

function precedentsOf(context: ScoredChunk[], record?: AnswerRecord): CompareSide["precedents"] {
  const cited = new Set(record?.parts.flatMap((p) => (p.type === "citation" && p.valid ? [p.caseNo] : [])) ?? []);
  const seen = new Set<string>();
  return context
    .filter(({ chunk }) => !seen.has(decisionKey(chunk)) && seen.add(decisionKey(chunk)))
    .slice(0, SHOWN_PRECEDENTS)
    .map(({ chunk }) => ({
      caseNo: chunk.caseNo,
      court: chunk.court,
      decisionDate: chunk.decisionDate,
      caseName: chunk.caseName,
      cited: cited.has(chunk.caseNo),
    }));
}

function sideOf(mode: StrategyId, state: AnswerState): CompareSide {
  const record = state.record;
  return {
    strategy: mode,
    label: STRATEGY_LABELS[mode],
    status: state.status === "done" ? "done" : state.status === "running" ? "running" : "error",
    answer: state.answer,
    retrievalOnly: record?.retrievalOnly ?? false,
    cutOff: record?.cutOff,
    notices: state.notices,
    precedents: precedentsOf(state.context ?? state.provisional ?? [], record),
    record,
    checking: state.checking || undefined,
    error: state.error,
  };
}

/**
 * Two strategies answer the same question, side by side (issue 24: "compare two strategies'
 * answers and evidence"). Each takes an answer slot like any question (so a comparison waits its
 * turn rather than crowding out other lawyers), runs the whole strategy — its citations checked
 * after it is written, as in the chat — and is not stored: the lawyer keeps the one they want by
 * rerunning the turn with it. `onChange` hears every change of either side (the dialog streams).
 */
export async function compareStrategies(
  question: string,
  strategies: [StrategyId, StrategyId],
  filters: ChatFilters | undefined,
  signal: AbortSignal,
  onChange: (sides: CompareSide[]) => void = () => {},
): Promise<CompareSide[]> {
  assertTwo(strategies);
  const filter = await toStoreFilter(filters, (level) => courtsOfLevel(level));
  // Bounded like an answer: both sides run at once, each within the deadline, twice over for the wait.
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(env().ANSWER_DEADLINE_SECONDS * 2_000)]);
  const states = strategies.map(() => initialAnswerState());
  const snapshot = () => strategies.map((mode, i) => sideOf(mode, states[i] as AnswerState));
  const forwardTo = (i: number) => (event: ChatEvent) => {
    states[i] = applyChatEvent(states[i] as AnswerState, event);
    onChange(snapshot());
  };
  await Promise.all(strategies.map((mode, i) => side(question, mode, filter, bounded, forwardTo(i))));
  return snapshot();
}

async function side(
  question: string,
  mode: StrategyId,
  filter: Awaited<ReturnType<typeof toStoreFilter>>,
  signal: AbortSignal,
  forward: (event: ChatEvent) => void,
): Promise<void> {
  const release = await defaultSlots().acquire(signal);
  let signals: AnswerRecord["signals"];
  try {
    const base = await defaultPipelineDeps(signal);
    const deps = {
      ...base,
      filter,
      beforeAnswer: chatBeforeAnswer({
        store: base.store,
        minRerankScore: env().DECLINE_MIN_RERANK_SCORE,
        onSignals: (found) => {
          signals = found;
          forward({ type: "signals", signals: found });
        },
      }),
    };
    const result = await runPipeline(question, deps, { mode }, forward);
    // The same checks as the chat's answer.
    await checkWrittenAnswer(result, base.store, forward, signal);
    forward({ type: "done", record: { ...result, signals } });
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code !== "ai:aborted") logError(appError);
    forward({ type: "error", message: appError.userMessage });
  } finally {
    release();
  }
}

/**
 * A comparison as the dialog follows it: frames of both sides (at most one per FRAME_MS, the last
 * change never dropped), the final one marked `done`.
 */
export function streamComparison(
  question: string,
  strategies: [StrategyId, StrategyId],
  filters: ChatFilters | undefined,
): StreamableValue<CompareFrame> {
  assertTwo(strategies);
  const streamable = createStreamableValue<CompareFrame>();
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let latest: CompareSide[] = [];
  let finished = false;
  const send = () => {
    pending = undefined;
    last = Date.now();
    if (!finished) streamable.update({ sides: latest, done: false });
  };
  const changed = (sides: CompareSide[]) => {
    latest = sides;
    if (Date.now() - last >= FRAME_MS) send();
    else pending ??= setTimeout(send, FRAME_MS - (Date.now() - last));
  };
  const end = (frame: CompareFrame) => {
    finished = true;
    clearTimeout(pending);
    streamable.done(frame);
  };
  compareStrategies(question, strategies, filters, new AbortController().signal, changed).then(
    (sides) => end({ sides, done: true }),
    (error) => end({ sides: latest, done: true, error: toAppError(error).userMessage }),
  );
  return streamable.value;
}
