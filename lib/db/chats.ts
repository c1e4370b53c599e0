import { type Db, db } from "./client";

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: Date;
}

/** A lawyer only ever sees their own chats: every query is scoped by userId. */
export async function listChats(userId: string, client: Db = db()): Promise<ChatSummary[]> {
  return client.chat.findMany({
    where: { userId },
    orderBy: { updatedAt: "desc" },
    select: { id: true, title: true, updatedAt: true },
  });
}

export async function createChat(userId: string, title: string, client: Db = db()): Promise<ChatSummary> {
  return client.chat.create({ data: { userId, title }, select: { id: true, title: true, updatedAt: true } });
}

/** Returns the chat only when it belongs to the user (null otherwise, indistinguishable from missing). */
export async function findOwnChat(userId: string, chatId: string, client: Db = db()) {
  return client.chat.findFirst({
    where: { id: chatId, userId },
    include: { messages: { orderBy: { createdAt: "asc" } } },
  });
}

export async function deleteOwnChat(userId: string, chatId: string, client: Db = db()): Promise<boolean> {
  const result = await client.chat.deleteMany({ where: { id: chatId, userId } });
  return result.count > 0;
}
