import { randomUUID } from "node:crypto";
import { filtersColumn } from "./chat-filters";
import { type Db, db } from "./client";

/**
 * The rows a question becomes, named before they are written: the question can then wait in the
 * durable queue (question-spool.ts) under the ids the browser already follows, and writing it twice
 * (a retry after an unclear failure, a queue drained by the next server) finds it already there.
 */
export interface QuestionIds {
  /** The chat: the lawyer's own for a follow-up, a new one otherwise. */
  chatId: string;
  questionId: string;
  answerId: string;
}

export interface QuestionInput {
  userId: string;
  /** The lawyer's chat the question follows up; absent: a new chat titled `title`. */
  chatId?: string;
  title: string;
  question: string;
  /** The chat's search filters from now on (null: everything). */
  filters: unknown;
  /** The chat's strategy from now on, when the question chose one. */
  strategy?: string;
  /** The rows' ids (newQuestionIds); made here when absent. */
  ids?: QuestionIds;
  /** When it was asked (a queued question keeps its time); now when absent. */
  askedAt?: Date;
  /**
   * The empty answer's status: "streaming" (to be filled in now), or "interrupted" for a question
   * stored by a later server than the one that took it, which will never answer it.
   */
  answerStatus?: "streaming" | "interrupted";
}

const newId = () => `q${randomUUID().replaceAll("-", "")}`;

export function newQuestionIds(chatId?: string): QuestionIds {
  return { chatId: chatId ?? newId(), questionId: newId(), answerId: newId() };
}

const prismaCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * A question, the empty answer to fill in, and what the question changes on its chat (a new chat,
 * or the filters and strategy of the lawyer's own) in ONE statement: a crash never leaves a chat
 * without its question or a question without its answer, and a burst of lawyers asking at once
 * costs each one write (bench:load: the time to the first visible output at 50 lawyers is mostly
 * these requests waiting for each other). One statement, not an interactive transaction, so that
 * the client's busy retry (busy-retry.ts) retries all of it: inside an interactive transaction a
 * busy database outlasted Prisma's 5 s transaction timeout and the question was lost with an
 * "unexpected error" (issue 23). The answer is stamped a millisecond after the question so that
 * ordering by time never puts it first.
 * Null when `chatId` is not one of the user's chats.
 */
export async function storeQuestion(
  input: QuestionInput,
  client: Db = db(),
): Promise<{ chatId: string; assistantMessageId: string } | null> {
  const ids = input.ids ?? newQuestionIds(input.chatId);
  const asked = input.askedAt ?? new Date();
  const questionRow = {
    id: ids.questionId,
    role: "user",
    content: input.question,
    status: "complete",
    createdAt: asked,
  };
  const answerRow = {
    id: ids.answerId,
    role: "assistant",
    content: "",
    status: input.answerStatus ?? "streaming",
    createdAt: new Date(asked.getTime() + 1),
  };
  const filters = filtersColumn(input.filters);
  const stored = { chatId: ids.chatId, assistantMessageId: ids.answerId };
  try {
    if (!input.chatId) {
      await client.chat.create({
        data: {
          id: ids.chatId,
          userId: input.userId,
          title: input.title,
          filters,
          strategy: input.strategy,
          messages: { create: [questionRow, answerRow] },
        },
        select: { id: true },
      });
      return stored;
    }
    // Also moves the chat to the top of the lawyer's list (updatedAt). The user is part of the
    // match: another lawyer's chat is "not found" and nothing is written.
    await client.chat.update({
      where: { id: input.chatId, userId: input.userId },
      data: {
        filters,
        ...(input.strategy ? { strategy: input.strategy } : {}),
        messages: { create: [questionRow, answerRow] },
      },
      select: { id: true },
    });
    return stored;
  } catch (error) {
    // No such chat of this user's (deleted meanwhile, or never theirs).
    if (prismaCode(error) === "P2025") return null;
    // Written already (the same ids twice): what was stored stands.
    if (prismaCode(error) === "P2002" && (await isStored(ids, input.userId, client))) return stored;
    throw error;
  }
}

/** Whether the question is in the database already (as this user's, in its chat). */
export async function isStored(ids: QuestionIds, userId: string, client: Db = db()): Promise<boolean> {
  const found = await client.message.findFirst({
    where: { id: ids.questionId, chatId: ids.chatId, chat: { userId } },
    select: { id: true },
  });
  return found !== null;
}
