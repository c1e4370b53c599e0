import { filtersColumn } from "./chat-filters";
import { type Db, db } from "./client";

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
}

/**
 * A question, the empty answer to fill in, and what the question changes on its chat (a new chat,
 * or the filters and strategy of the lawyer's own) in one transaction: a crash never leaves a chat
 * without its question or a question without its answer, and a burst of lawyers asking at once
 * costs each one write instead of six separate ones (bench:load: the time to the first visible
 * output at 50 lawyers is mostly these requests waiting for each other). The answer is stamped a
 * millisecond after the question so that ordering by time never puts it first.
 * Null when `chatId` is not one of the user's chats.
 */
export async function storeQuestion(
  input: QuestionInput,
  client: Db = db(),
): Promise<{ chatId: string; assistantMessageId: string } | null> {
  const asked = new Date();
  const questionRow = { role: "user", content: input.question, status: "complete", createdAt: asked };
  const answerRow = { role: "assistant", content: "", status: "streaming", createdAt: new Date(asked.getTime() + 1) };
  const filters = filtersColumn(input.filters);
  if (!input.chatId) {
    const chat = await client.chat.create({
      data: {
        userId: input.userId,
        title: input.title,
        filters,
        strategy: input.strategy,
        messages: { create: [questionRow, answerRow] },
      },
      select: { id: true, messages: { where: { role: "assistant" }, select: { id: true } } },
    });
    return { chatId: chat.id, assistantMessageId: (chat.messages[0] as { id: string }).id };
  }
  const chatId = input.chatId;
  return client.$transaction(async (tx) => {
    // Also moves the chat to the top of the lawyer's list (updatedAt).
    const changed = await tx.chat.updateMany({
      where: { id: chatId, userId: input.userId },
      data: { filters, ...(input.strategy ? { strategy: input.strategy } : {}) },
    });
    if (changed.count === 0) return null;
    await tx.message.create({ data: { chatId, ...questionRow } });
    const answer = await tx.message.create({ data: { chatId, ...answerRow }, select: { id: true } });
    return { chatId, assistantMessageId: answer.id };
  });
}
