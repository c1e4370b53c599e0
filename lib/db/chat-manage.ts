import { AppError } from "../errors";
import type { ChatSummary } from "./chats";
import { type Db, db } from "./client";

/**
 * Renaming, searching and filing a user's chats. Every query is scoped by userId: another user's
 * chat or matter is indistinguishable from a missing one.
 */

const notFound = () => new AppError("not_found:resource", { userMessage: "대화를 찾을 수 없습니다." });

/** Renames one of the user's chats; its place in the list (last activity) does not change. */
export async function renameOwnChat(userId: string, chatId: string, title: string, client: Db = db()): Promise<void> {
  const chat = await client.chat.findFirst({ where: { id: chatId, userId }, select: { updatedAt: true } });
  if (!chat) throw notFound();
  await client.chat.updateMany({ where: { id: chatId, userId }, data: { title, updatedAt: chat.updatedAt } });
}

/** Files one of the user's chats under one of their matters (or takes it out with null). */
export async function moveOwnChat(
  userId: string,
  chatId: string,
  matterId: string | null,
  client: Db = db(),
): Promise<void> {
  await client.$transaction(async (tx) => {
    const chat = await tx.chat.findFirst({ where: { id: chatId, userId }, select: { updatedAt: true } });
    if (!chat) throw notFound();
    if (matterId && !(await tx.matter.findFirst({ where: { id: matterId, userId }, select: { id: true } })))
      throw new AppError("not_found:resource", { userMessage: "사건 폴더를 찾을 수 없습니다." });
    await tx.chat.updateMany({ where: { id: chatId, userId }, data: { matterId, updatedAt: chat.updatedAt } });
  });
}

export interface ChatSearchHit extends ChatSummary {
  /** The first of its questions containing the words, when the title does not. */
  matchedQuestion?: string;
}

interface SearchRow {
  id: string;
  title: string;
  updatedAt: Date | string | number;
  matterId: string | null;
  matchedQuestion: string | null;
}

/**
 * The user's chats whose title or one of whose questions contains the text (ignoring ASCII case),
 * newest first. SQL's instr() (PostgreSQL: strpos()), not LIKE: "%" and "_" in what a lawyer types
 * are plain characters (Prisma's `contains` passes them to LIKE as wildcards).
 */
export async function searchOwnChats(
  userId: string,
  text: string,
  take = 50,
  client: Db = db(),
): Promise<ChatSearchHit[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const rows =
    client.$provider() === "postgresql"
      ? await client.$queryRaw<SearchRow[]>`
    SELECT c."id", c."title", c."updatedAt", c."matterId",
      (SELECT m."content" FROM "Message" m
        WHERE m."chatId" = c."id" AND m."role" = 'user' AND strpos(lower(m."content"), ${q}) > 0
        ORDER BY m."createdAt" ASC LIMIT 1) AS "matchedQuestion"
    FROM "Chat" c
    WHERE c."userId" = ${userId}
      AND (strpos(lower(c."title"), ${q}) > 0 OR EXISTS (
        SELECT 1 FROM "Message" m
        WHERE m."chatId" = c."id" AND m."role" = 'user' AND strpos(lower(m."content"), ${q}) > 0))
    ORDER BY c."updatedAt" DESC
    LIMIT ${take}`
      : await client.$queryRaw<SearchRow[]>`
    SELECT c."id", c."title", c."updatedAt", c."matterId",
      (SELECT m."content" FROM "Message" m
        WHERE m."chatId" = c."id" AND m."role" = 'user' AND instr(lower(m."content"), ${q}) > 0
        ORDER BY m."createdAt" ASC LIMIT 1) AS "matchedQuestion"
    FROM "Chat" c
    WHERE c."userId" = ${userId}
      AND (instr(lower(c."title"), ${q}) > 0 OR EXISTS (
        SELECT 1 FROM "Message" m
        WHERE m."chatId" = c."id" AND m."role" = 'user' AND instr(lower(m."content"), ${q}) > 0))
    ORDER BY c."updatedAt" DESC
    LIMIT ${take}`;
  return rows.map(({ matchedQuestion, updatedAt, ...chat }) => {
    const hit: ChatSearchHit = { ...chat, updatedAt: new Date(updatedAt) };
    return matchedQuestion && !chat.title.toLowerCase().includes(q) ? { ...hit, matchedQuestion } : hit;
  });
}
