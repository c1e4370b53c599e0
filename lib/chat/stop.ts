import { requestMessageStop } from "../db/chats";
import { dbProvider } from "../db/client";
import { stopRun } from "./running";

/**
 * Stops one of the user's answers: here if this process writes it, otherwise (several instances on
 * PostgreSQL) through the database — the writing instance aborts on its next progress save, within
 * a few seconds. On SQLite no other writer exists, so there is nothing more to ask.
 */
export async function stopAnswer(userId: string, messageId: string): Promise<boolean> {
  if (stopRun(messageId, userId)) return true;
  return dbProvider() === "postgresql" ? requestMessageStop(userId, messageId) : false;
}
