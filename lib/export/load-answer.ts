import type { AnswerRecord } from "../chat/types";
import { findOwnChat, findOwnMessage, listOwnMessages, type MessageRecord } from "../db/chats";
import { AppError } from "../errors";
import { listLaws } from "../statutes/lookup";
import { type AnswerExport, buildAnswerExport, type ConversationExport } from "./answer-export";

function parseRecord(trace: string | null): AnswerRecord | undefined {
  if (!trace) return undefined;
  try {
    const record = JSON.parse(trace) as Partial<AnswerRecord>;
    // A damaged or older trace exports the text alone rather than failing.
    return Array.isArray(record.parts) && Array.isArray(record.context) ? (record as AnswerRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One of the user's own answers, with the question it answers, ready to export. Another user's
 * message, a question (not an answer) or a message of another chat is "not found".
 */
export async function loadOwnAnswerExport(userId: string, chatId: string, messageId: string): Promise<AnswerExport> {
  const message = await findOwnMessage(userId, messageId);
  if (!message || message.chatId !== chatId || message.role !== "assistant") {
    throw new AppError("not_found:resource", { detail: `answer ${messageId}` });
  }
  const messages = await listOwnMessages(userId, chatId);
  const at = messages.findIndex((m) => m.id === messageId);
  const question = messages
    .slice(0, Math.max(at, 0))
    .reverse()
    .find((m) => m.role === "user");
  return buildAnswerExport({
    question: question?.content ?? "",
    answer: message.content,
    record: parseRecord(message.trace),
    incomplete: message.status !== "complete",
    chatId,
    laws: await listLaws(),
  });
}

function answerOf(
  question: string,
  message: MessageRecord | undefined,
  chatId: string,
  laws: readonly string[],
): AnswerExport {
  return buildAnswerExport({
    question,
    answer: message?.content ?? "",
    record: message ? parseRecord(message.trace) : undefined,
    incomplete: message?.status !== "complete",
    chatId,
    laws,
  });
}

/**
 * One of the user's own chats, every question with the answer that follows it, in order (a
 * question left without an answer is kept, marked incomplete). Another user's chat is "not found".
 */
export async function loadOwnConversationExport(userId: string, chatId: string): Promise<ConversationExport> {
  const chat = await findOwnChat(userId, chatId);
  if (!chat) throw new AppError("not_found:resource", { detail: `chat ${chatId}` });
  const messages = chat.messages as MessageRecord[];
  const laws = await listLaws();
  const turns: AnswerExport[] = [];
  messages.forEach((m, i) => {
    if (m.role !== "user") return;
    const next = messages[i + 1];
    turns.push(answerOf(m.content, next?.role === "assistant" ? next : undefined, chatId, laws));
  });
  return { title: chat.title, turns };
}
