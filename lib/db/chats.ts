import { type Db, db } from "./client";

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: Date;
  /** The matter (사건 폴더) it is filed under, if any. */
  matterId: string | null;
}

const SUMMARY = { id: true, title: true, updatedAt: true, matterId: true } as const;

/** A lawyer only ever sees their own chats: every query is scoped by userId. */
export async function listChats(userId: string, client: Db = db()): Promise<ChatSummary[]> {
  return client.chat.findMany({ where: { userId }, orderBy: { updatedAt: "desc" }, select: SUMMARY });
}

export async function createChat(userId: string, title: string, client: Db = db()): Promise<ChatSummary> {
  return client.chat.create({ data: { userId, title }, select: SUMMARY });
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

export interface MessageRecord {
  id: string;
  chatId: string;
  role: "user" | "assistant";
  content: string;
  status: "complete" | "streaming" | "stopping" | "stopped" | "interrupted" | "error";
  trace: string | null;
  createdAt: Date;
  /** Last write: while streaming, the writer's keep-alive (lib/chat/answer-liveness.ts). */
  updatedAt: Date;
}

export async function addMessage(
  input: { chatId: string; role: "user" | "assistant"; content: string; status?: MessageRecord["status"] },
  client: Db = db(),
): Promise<MessageRecord> {
  const row = await client.message.create({ data: { ...input, status: input.status ?? "complete" } });
  await client.chat.update({ where: { id: input.chatId }, data: { updatedAt: new Date() } });
  return row as MessageRecord;
}

export async function finishMessage(
  id: string,
  data: { content: string; status: MessageRecord["status"]; trace?: unknown },
  client: Db = db(),
): Promise<void> {
  await client.message.update({
    where: { id },
    data: {
      content: data.content,
      status: data.status,
      trace: data.trace === undefined ? undefined : JSON.stringify(data.trace),
    },
  });
}

/**
 * The part of an answer written so far, while it streams. Only a message still streaming is
 * touched: a late save can never overwrite how the answer ended.
 */
export async function saveMessageProgress(
  id: string,
  data: { content: string; trace: unknown },
  client: Db = db(),
): Promise<boolean> {
  const result = await client.message.updateMany({
    where: { id, status: "streaming" },
    data: { content: data.content, trace: JSON.stringify(data.trace) },
  });
  // false: no longer streaming (a stop asked on another instance, swept, or deleted).
  return result.count > 0;
}

/**
 * Asks the server writing one of the user's answers to stop it, through the database: another
 * instance's progress save finds it no longer streaming and aborts (lib/chat/answer-liveness.ts).
 */
export async function requestMessageStop(userId: string, id: string, client: Db = db()): Promise<boolean> {
  const result = await client.message.updateMany({
    where: { id, status: "streaming", chat: { userId } },
    data: { status: "stopping" },
  });
  return result.count > 0;
}

/** One message of a chat the user owns (null otherwise, indistinguishable from missing). */
export async function findOwnMessage(userId: string, messageId: string, client: Db = db()) {
  const row = await client.message.findFirst({ where: { id: messageId, chat: { userId } } });
  return row as MessageRecord | null;
}

/** Messages of a chat the user owns, oldest first (empty when the chat is not theirs). */
export async function listOwnMessages(userId: string, chatId: string, client: Db = db()): Promise<MessageRecord[]> {
  const rows = await client.message.findMany({ where: { chatId, chat: { userId } }, orderBy: { createdAt: "asc" } });
  return rows as MessageRecord[];
}

/**
 * Answers left "streaming" by a server that stopped mid-answer (restart, crash, kill -9) are
 * marked interrupted; their text and trace, saved while they streamed, are kept.
 */
export async function closeDanglingMessages(client: Db = db(), untouchedSince?: Date): Promise<number> {
  const status = { in: ["streaming", "stopping"] };
  const where = untouchedSince ? { status, updatedAt: { lt: untouchedSince } } : { status };
  const result = await client.message.updateMany({ where, data: { status: "interrupted" } });
  return result.count;
}
