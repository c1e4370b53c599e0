import { generateChat } from "../ai/chat";
import { standalonePrompt } from "../ai/prompts/standalone";
import { addMessage, createChat, findOwnChat, finishMessage, setChatStrategy } from "../db/chats";
import { listCorpora } from "../db/corpora";
import { env } from "../env";
import { AppError, logError, toAppError } from "../errors";
import { assertSearchable } from "../rag/index-version";
import { runPipeline } from "../rag/pipeline";
import { DEFAULT_STRATEGY, isStrategyId, type StrategyId } from "../rag/strategies/steps";
import type { PipelineTrace } from "../rag/types";
import { AnswerSlots } from "./answer-slots";
import { defaultPipelineDeps } from "./default-deps";
import { partialRecord } from "./partial-record";
import { ProgressSaver } from "./progress-saver";
import { type AnswerState, applyChatEvent, initialAnswerState } from "./state";
import type { AnswerRecord, ChatEvent } from "./types";

export interface PreparedAsk {
  chatId: string;
  assistantMessageId: string;
  question: string;
  history: { role: "user" | "assistant"; content: string }[];
  /** Corpora to search; all of them when absent. */
  corpusIds?: string[];
  /** The query-time strategy: the one asked for, else the chat's remembered one, else RAR. */
  strategy?: StrategyId;
}

const titleOf = (question: string) => (question.length > 40 ? `${question.slice(0, 40)}…` : question);

/** Stores the question (and a new chat when none is given) and an empty answer to fill in. */
export async function prepareAsk(
  userId: string,
  question: string,
  chatId?: string,
  corpusIds?: string[],
  strategy?: StrategyId,
): Promise<PreparedAsk> {
  let history: PreparedAsk["history"] = [];
  let id = chatId;
  let remembered: string | null = null;
  if (id) {
    const chat = await findOwnChat(userId, id);
    if (!chat) throw new AppError("not_found:resource", { userMessage: "대화를 찾을 수 없습니다." });
    history = chat.messages
      .filter((m) => m.status === "complete" && (m.role === "user" || m.role === "assistant"))
      .map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
    remembered = chat.strategy;
  } else {
    id = (await createChat(userId, titleOf(question))).id;
  }
  // The strategy picked for this question becomes the chat's own.
  if (strategy && strategy !== remembered) await setChatStrategy(userId, id, strategy);
  await addMessage({ chatId: id, role: "user", content: question });
  const answer = await addMessage({ chatId: id, role: "assistant", content: "", status: "streaming" });
  return {
    chatId: id,
    assistantMessageId: answer.id,
    question,
    history,
    corpusIds: corpusIds?.length ? corpusIds : undefined,
    strategy: strategy ?? (isStrategyId(remembered) ? remembered : DEFAULT_STRATEGY),
  };
}

// One gate per server process, sized by MAX_CONCURRENT_ANSWERS.
const holder = globalThis as unknown as { __answerSlots?: AnswerSlots };
function defaultSlots(): AnswerSlots {
  holder.__answerSlots ??= new AnswerSlots(env().MAX_CONCURRENT_ANSWERS);
  return holder.__answerSlots;
}

export interface RunAskOptions {
  slots?: AnswerSlots;
  /** How often the answer written so far is saved while it streams (ms). */
  saveEveryMs?: number;
}

/**
 * Runs the pipeline for a prepared question. Every event goes to `emit` together with the answer
 * state it leads to (the same fold the browser shows). What the lawyer has seen is saved every few
 * seconds while the answer streams, so a crash loses at most those seconds; how it ended (answer
 * and trace, a stopped partial answer with what was found, or the error) is stored at the end.
 */
export async function runAsk(
  prepared: PreparedAsk,
  emit: (event: ChatEvent, state: AnswerState) => void,
  signal: AbortSignal,
  options: RunAskOptions = {},
): Promise<AnswerState> {
  let state = initialAnswerState();
  let trace: PipelineTrace | undefined;
  const messageId = prepared.assistantMessageId;
  const snapshot = () => partialRecord(state, trace, prepared.question);
  const saver = new ProgressSaver(messageId, () => ({ content: state.answer, trace: snapshot() }), {
    everyMs: options.saveEveryMs,
  });
  const forward = (event: ChatEvent) => {
    state = applyChatEvent(state, event);
    saver.changed();
    emit(event, state);
  };
  let release: (() => void) | undefined;
  try {
    release = await (options.slots ?? defaultSlots()).acquire(signal, (ahead) => forward({ type: "waiting", ahead }));
    if (state.waiting !== undefined) forward({ type: "waiting", ahead: null });
    // A corpus indexed by another tokenizer version is refused before anything is searched.
    const corpora = await listCorpora();
    assertSearchable(prepared.corpusIds ? corpora.filter((c) => prepared.corpusIds?.includes(c.id)) : corpora);
    const deps = {
      ...(await defaultPipelineDeps(signal)),
      filter: prepared.corpusIds ? { corpusIds: prepared.corpusIds } : undefined,
    };
    let question = prepared.question;
    if (prepared.history.length > 0 && deps.stream) {
      // A follow-up is rewritten into a standalone question; if that fails, the raw follow-up is used.
      question = await generateChat({
        role: "analyst",
        ...standalonePrompt(prepared.history, prepared.question),
        signal,
      })
        .then((r) => r.text.trim() || prepared.question)
        .catch((error) => {
          if (toAppError(error).code === "ai:aborted") throw error;
          return prepared.question;
        });
      if (question !== prepared.question) forward({ type: "standalone", text: question });
    }
    const mode = prepared.strategy ?? DEFAULT_STRATEGY;
    const result = await runPipeline(question, deps, { mode, onTrace: (t) => (trace = t) }, forward);
    const record: AnswerRecord = { ...result, standalone: question !== prepared.question ? question : undefined };
    await saver.close();
    await finishMessage(messageId, { content: result.answer, status: "complete", trace: record });
    forward({ type: "done", record });
  } catch (error) {
    const appError = toAppError(error);
    await saver.close();
    if (appError.code === "ai:aborted") {
      const record = snapshot();
      await finishMessage(messageId, { content: state.answer, status: "stopped", trace: record }).catch(logError);
      forward({ type: "stopped", answer: state.answer, record });
    } else {
      logError(appError);
      await finishMessage(messageId, { content: state.answer, status: "error", trace: snapshot() }).catch(logError);
      forward({ type: "error", message: appError.userMessage });
    }
  } finally {
    release?.();
  }
  return state;
}
