import { type Db, db } from "./client";

/**
 * Writing an answer again in place (lib/chat/rerun.ts): the same assistant message is set back to
 * streaming, empty, so the conversation keeps its order and its links. Only an answer that is not
 * being written is taken (two clicks, or two tabs, start one run): false otherwise.
 */
export async function restartAnswer(
  userId: string,
  answerId: string,
  edit?: { questionId: string; question: string; chatId: string; after: Date },
  client: Db = db(),
): Promise<boolean> {
  return client.$transaction(async (tx) => {
    const taken = await tx.message.updateMany({
      where: { id: answerId, role: "assistant", status: { notIn: ["streaming", "stopping"] }, chat: { userId } },
      data: { status: "streaming", content: "", trace: null },
    });
    if (taken.count === 0) return false;
    if (edit) {
      // The edited question replaces the turn; the later turns followed from the old one, so they go.
      await tx.message.update({ where: { id: edit.questionId }, data: { content: edit.question } });
      await tx.message.deleteMany({ where: { chatId: edit.chatId, createdAt: { gt: edit.after } } });
    }
    await tx.chat.updateMany({
      where: { userId, messages: { some: { id: answerId } } },
      data: { updatedAt: new Date() },
    });
    return true;
  });
}
