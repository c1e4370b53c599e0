import { generateChat } from "../ai/chat";
import { standalonePrompt } from "../ai/prompts/standalone";
import { addMessage, createChat, findOwnChat, finishMessage } from "../db/chats";
import { AppError, logError, toAppError } from "../errors";
import { runPipeline } from "../rag/pipeline";
import { defaultPipelineDeps } from "./default-deps";
import type { AnswerRecord, ChatEvent } from "./types";

export interface PreparedAsk {
  chatId: string;
  assistantMessageId: string;
  question: string;
  history: { role: "user" | "assistant"; content: string }[];
  /** Corpora to search; all of them when absent. */
  corpusIds?: string[];
}

const titleOf = (question: string) => (question.length > 40 ? `${question.slice(0, 40)}…` : question);

/** Stores the question (and a new chat when none is given) and an empty answer to fill in. */
export async function prepareAsk(
  userId: string,
  question: string,
  chatId?: string,
  corpusIds?: string[],
): Promise<PreparedAsk> {
  let history: PreparedAsk["history"] = [];
  let id = chatId;
  if (id) {
    const chat = await findOwnChat(userId, id);
    if (!chat) throw new AppError("not_found:resource", { userMessage: "대화를 찾을 수 없습니다." });
    history = chat.messages
      .filter((m) => m.status === "complete" && (m.role === "user" || m.role === "assistant"))
      .map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
  } else {
    id = (await createChat(userId, titleOf(question))).id;
  }
  await addMessage({ chatId: id, role: "user", content: question });
  const answer = await addMessage({ chatId: id, role: "assistant", content: "", status: "streaming" });
  return {
    chatId: id,
    assistantMessageId: answer.id,
    question,
    history,
    corpusIds: corpusIds?.length ? corpusIds : undefined,
  };
}

/**
 * Runs the pipeline for a prepared question, sending every event to `emit`, and stores how it
 * ended (answer and trace, a stopped partial answer, or the error) on the assistant message.
 */
export async function runAsk(
  prepared: PreparedAsk,
  emit: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let partial = "";
  try {
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
      if (question !== prepared.question) emit({ type: "standalone", text: question });
    }
    const result = await runPipeline(question, deps, { mode: "rar" }, (event) => {
      if (event.type === "answer-delta") partial += event.delta;
      emit(event);
    });
    const record: AnswerRecord = { ...result, standalone: question !== prepared.question ? question : undefined };
    await finishMessage(prepared.assistantMessageId, { content: result.answer, status: "complete", trace: record });
    emit({ type: "done", record });
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "ai:aborted") {
      await finishMessage(prepared.assistantMessageId, { content: partial, status: "stopped" });
      emit({ type: "stopped", answer: partial });
      return;
    }
    logError(appError);
    await finishMessage(prepared.assistantMessageId, { content: partial, status: "error" });
    emit({ type: "error", message: appError.userMessage });
  }
}
