import { generateChat } from "../ai/chat";
import { recordFault } from "../ai/faults";
import { standalonePrompt } from "../ai/prompts/standalone";
import { finishMessage } from "../db/chats";
import { listCorpora } from "../db/corpora";
import { courtsOfLevel } from "../db/decision-lookup";
import { env } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { assertSearchable } from "../rag/index-version";
import type { PipelineOptions } from "../rag/pipeline";
import { runPipeline } from "../rag/pipeline";
import { DEFAULT_STRATEGY } from "../rag/strategies/steps";
import type { PipelineTrace } from "../rag/types";
import { logger } from "../util/log";
import { type AnswerOutcome, metrics } from "../util/metrics";
import { AnswerDeadline } from "./answer-deadline";
import { chatBeforeAnswer } from "./answer-gate";
import { AnswerSlots } from "./answer-slots";
import { defaultPipelineDeps } from "./default-deps";
import { toStoreFilter } from "./filters";
import { emptySearchAnswer } from "./no-corpus";
import { partialRecord } from "./partial-record";
import { ProgressSaver } from "./progress-saver";
import { type PreparedAsk, storeHeld } from "./question-intake";
import { type AnswerState, applyChatEvent, initialAnswerState } from "./state";
import { checkWrittenAnswer } from "./support-step";
import type { AnswerRecord, AnswerVersion, ChatEvent } from "./types";

/** Said when a follow-up could not be rewritten with the conversation and was searched as asked. */
export const STANDALONE_FAILED = "앞 대화를 반영한 질문으로 바꾸지 못해 질문 그대로 검색했습니다.";

// Taking the question (stored first, or held in the durable queue while the database is busy).
export { type PreparedAsk, prepareAsk } from "./question-intake";

// One gate per server process, sized by MAX_CONCURRENT_ANSWERS.
const holder = globalThis as unknown as { __answerSlots?: AnswerSlots };
export function defaultSlots(): AnswerSlots {
  holder.__answerSlots ??= new AnswerSlots(env().MAX_CONCURRENT_ANSWERS);
  return holder.__answerSlots;
}

export interface RunAskOptions {
  slots?: AnswerSlots;
  /** How often the answer written so far is saved while it streams (ms). */
  saveEveryMs?: number;
  /** The stored message stopped streaming under us (a stop asked on another instance): abort. */
  onStopRequested?: () => void;
  /** Write the answer again from these passages, searching nothing (lib/chat/rerun.ts). */
  reuse?: PipelineOptions["reuse"];
  /** The turn's earlier answers, kept in the record (lib/chat/rerun.ts). */
  versions?: AnswerVersion[];
  /**
   * 다시 시도: the answer being written again (the last of `versions`), how it had ended, and its
   * record. Should the model still be unreachable, it stays as it was instead of a search-only list.
   */
  replacing?: { answer: string; status: string; record?: AnswerRecord };
}

/** Said when 다시 시도 found the model still unreachable and kept the answer written before. */
export const MODEL_STILL_DOWN =
  "언어 모델에 아직 연결할 수 없어 답변을 다시 쓰지 못했습니다. 앞서 작성된 답변을 그대로 두었습니다. 잠시 후 다시 시도해 주세요.";

/**
 * Runs the pipeline for a prepared question. Every event goes to `emit` together with the answer
 * state it leads to (the same fold the browser shows). What the lawyer has seen is saved every few
 * seconds while the answer streams, so a crash loses at most those seconds; how it ended (answer
 * and trace, a stopped partial answer with what was found, or the error) is stored at the end.
 */
/**
 * Counts a finished answer (panrye_answers_total) and logs one line: outcome, time, strategy, and
 * the question only with LOG_QUESTIONS=1.
 */
function answerFinished(outcome: AnswerOutcome, started: number, question: string, strategy: string): void {
  metrics().answers.inc({ outcome });
  logger("chat").info(
    {
      outcome,
      ms: Math.round(performance.now() - started),
      strategy,
      ...(env().LOG_QUESTIONS ? { question } : {}),
    },
    `answer ${outcome}`,
  );
}

export async function runAsk(
  asked: PreparedAsk,
  emit: (event: ChatEvent, state: AnswerState) => void,
  signal: AbortSignal,
  options: RunAskOptions = {},
): Promise<AnswerState> {
  let prepared = asked;
  let state: AnswerState = { ...initialAnswerState(), filters: prepared.filters };
  let trace: PipelineTrace | undefined;
  const messageId = prepared.assistantMessageId;
  const versions = options.versions?.length ? { versions: options.versions } : {};
  const snapshot = (): AnswerRecord => ({ ...partialRecord(state, trace, prepared.question), ...versions });
  // Made once the question is stored: a held question has no row to save progress into yet.
  let saver: ProgressSaver | undefined;
  let deadline: AnswerDeadline | undefined;
  const forward = (event: ChatEvent) => {
    if (event.type === "query-delta" || event.type === "answer-delta") deadline?.progressed();
    state = applyChatEvent(state, event);
    saver?.changed();
    emit(event, state);
  };
  let release: (() => void) | undefined;
  const started = performance.now();
  const finished = (outcome: AnswerOutcome) =>
    answerFinished(outcome, started, prepared.question, prepared.strategy ?? DEFAULT_STRATEGY);
  try {
    if (prepared.held) {
      // The database was busy past its wait: the lawyer is told, and the question (safe in the
      // durable queue) is stored as soon as the lock ends; then it is answered as usual.
      forward({ type: "held", held: true });
      prepared = await storeHeld(prepared);
      forward({ type: "held", held: false });
      if (signal.aborted) throw new AppError("ai:aborted");
    }
    saver = new ProgressSaver(messageId, () => ({ content: state.answer, trace: snapshot() }), {
      everyMs: options.saveEveryMs,
      onNotStreaming: options.onStopRequested,
    });
    release = await (options.slots ?? defaultSlots()).acquire(signal, (ahead) => forward({ type: "waiting", ahead }));
    if (state.waiting !== undefined) forward({ type: "waiting", ahead: null });
    // A corpus indexed by another tokenizer version is refused before anything is searched.
    const scope = prepared.filters?.corpusIds;
    const corpora = await listCorpora();
    assertSearchable(scope ? corpora.filter((c) => scope.includes(c.id)) : corpora);
    const base = await defaultPipelineDeps(signal);
    const filter = await toStoreFilter(prepared.filters, (level) => courtsOfLevel(level));
    // Nothing to search (a fresh install, or filters nothing matches): say so, and call no model.
    const empty = await emptySearchAnswer(base.store, filter);
    if (empty) {
      forward({ type: "notice", code: empty.code, message: empty.notice });
      const record: AnswerRecord = {
        ...snapshot(),
        answer: empty.answer,
        parts: [{ type: "text", text: empty.answer }],
        retrievalOnly: true,
      };
      await saver.close();
      await finishMessage(messageId, { content: empty.answer, status: "complete", trace: record });
      finished("no_results");
      forward({ type: "done", record });
      return state;
    }
    const seconds = env().ANSWER_DEADLINE_SECONDS;
    const clock = new AnswerDeadline(seconds * 1000, (stalled) => {
      // A model that went quiet is unwell: the status panel turns amber (and the cooldown applies).
      if (stalled && base.stream) {
        recordFault(
          "llm",
          new AppError("ai:timeout", {
            userMessage: `언어 모델이 답변 제한 시간(${seconds}초) 안에 응답하지 않았습니다.`,
          }),
        );
      }
    });
    deadline = clock;
    const deps = {
      ...base,
      filter,
      // Issue 15: the citation graph's signals and overrulings, and the thin-evidence gate (lib/chat/answer-gate.ts).
      beforeAnswer: chatBeforeAnswer({
        store: base.store,
        minRerankScore: env().DECLINE_MIN_RERANK_SCORE,
        onSignals: (signals) => forward({ type: "signals", signals }),
      }),
      deadline: {
        signal: clock.signal,
        notice: `답변 제한 시간(${seconds}초)이 지나 언어 모델 호출을 멈췄습니다. 그때까지 작성된 답변과 찾은 판례로 마칩니다.`,
      },
    };
    // Written again from stored passages: the question those passages were found for.
    let question = options.reuse?.trace?.question ?? prepared.question;
    if (prepared.history.length > 0 && !options.reuse) {
      // A follow-up is rewritten into a standalone question. When that cannot be done (the model is
      // down, fails, answers nothing or runs out of time), the follow-up is searched as asked — and
      // the lawyer is told so, since a bare "그럼 …은요?" finds other passages than the full question.
      const rewritten = deps.stream
        ? await generateChat({
            role: "analyst",
            ...standalonePrompt(prepared.history, prepared.question),
            signal: AbortSignal.any([signal, clock.signal]),
          })
            .then((r) => ({ text: r.text.trim(), error: r.text.trim() ? undefined : "an empty reply" }))
            .catch((error: unknown) => {
              if (signal.aborted) throw new AppError("ai:aborted");
              return { text: "", error: toAppError(error).message };
            })
        : { text: "", error: "the language model is unavailable" };
      if (rewritten.text) {
        question = rewritten.text;
      } else {
        console.warn(`[chat] message ${messageId}: follow-up not rewritten (${rewritten.error}); searched as asked`);
        deps.notices = [...(deps.notices ?? []), { code: "standalone_failed", message: STANDALONE_FAILED }];
      }
      if (question !== prepared.question) forward({ type: "standalone", text: question });
    }
    const mode = prepared.strategy ?? DEFAULT_STRATEGY;
    const result = await runPipeline(
      question,
      deps,
      { mode, reuse: options.reuse, onTrace: (t) => (trace = t) },
      forward,
    );
    // 다시 시도 with the model still down wrote nothing: the answer it was to replace stays.
    const replacing = options.replacing;
    const modelFailed = !deps.stream || result.trace.notices.some((n) => n.code === "answer_failed");
    if (replacing?.answer.trim() && modelFailed && (result.retrievalOnly || !result.answer.trim())) {
      console.warn(`[chat] message ${messageId}: retried while the model is unreachable; the earlier answer is kept`);
      const before = replacing.record ?? { ...snapshot(), answer: replacing.answer, parts: [] };
      const notices = [
        ...before.trace.notices.filter((n) => n.code !== "model_still_down"),
        { code: "model_still_down", message: MODEL_STILL_DOWN },
      ];
      const status = replacing.status === "stopped" || replacing.status === "interrupted" ? replacing.status : "done";
      const record: AnswerRecord = {
        ...before,
        answer: replacing.answer,
        trace: { ...before.trace, notices },
        // The kept answer is the current one again, not an earlier version of itself.
        versions: options.versions?.slice(0, -1).length ? options.versions.slice(0, -1) : undefined,
      };
      await saver.close();
      await finishMessage(messageId, {
        content: replacing.answer,
        status: status === "done" ? "complete" : status,
        trace: record,
      });
      forward({ type: "kept", record, status });
      return state;
    }
    // Issue 15: the citations of every strategy's answer are checked after it streamed; the report goes into the trace.
    await checkWrittenAnswer(result, base.store, forward, signal, clock.signal);
    const record: AnswerRecord = {
      ...result,
      signals: state.signals,
      standalone: question !== prepared.question ? question : undefined,
      filters: prepared.filters,
      ...versions,
    };
    await saver.close();
    await finishMessage(messageId, { content: result.answer, status: "complete", trace: record });
    finished(
      result.trace.decline
        ? "declined"
        : result.cutOff
          ? "cut_off"
          : result.retrievalOnly
            ? "retrieval_only"
            : "answered",
    );
    forward({ type: "done", record });
  } catch (error) {
    const appError = toAppError(error);
    await saver?.close();
    if (appError.code === "ai:aborted") {
      const record = snapshot();
      await finishMessage(messageId, { content: state.answer, status: "stopped", trace: record }).catch(logError);
      finished("stopped");
      forward({ type: "stopped", answer: state.answer, record });
    } else {
      logError(appError);
      await finishMessage(messageId, { content: state.answer, status: "error", trace: snapshot() }).catch(logError);
      finished("error");
      forward({ type: "error", message: appError.userMessage });
    }
  } finally {
    deadline?.dispose();
    release?.();
  }
  return state;
}
