import { type Db, db } from "./client";

/** A chat's search filters (JSON, see lib/chat/filters.ts); only the chat's owner can change them. */
export async function saveChatFilters(
  userId: string,
  chatId: string,
  filters: unknown,
  client: Db = db(),
): Promise<boolean> {
  const result = await client.chat.updateMany({
    where: { id: chatId, userId },
    data: { filters: filters === undefined ? null : JSON.stringify(filters) },
  });
  return result.count > 0;
}
