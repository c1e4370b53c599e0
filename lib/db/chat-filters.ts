import { type Db, db } from "./client";

/** The Chat.filters column for a chat's search filters (JSON; none: null). */
export const filtersColumn = (filters: unknown): string | null =>
  filters === undefined ? null : JSON.stringify(filters);

/** A chat's search filters (JSON, see lib/chat/filters.ts); only the chat's owner can change them. */
export async function saveChatFilters(
  userId: string,
  chatId: string,
  filters: unknown,
  client: Db = db(),
): Promise<boolean> {
  const result = await client.chat.updateMany({
    where: { id: chatId, userId },
    data: { filters: filtersColumn(filters) },
  });
  return result.count > 0;
}
