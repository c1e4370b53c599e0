import { findOwnMessage } from "../db/chats";
import { AppError } from "../errors";
import { type AnswerState, stateFromStored } from "./state";

/**
 * How an answer that no longer runs in this process ended, from the database. A message still
 * marked streaming has no writer left (its server stopped): it is shown as interrupted.
 */
export async function resumeAnswer(userId: string, messageId: string): Promise<AnswerState> {
  const message = await findOwnMessage(userId, messageId);
  if (message?.role !== "assistant") throw new AppError("not_found:resource");
  const status = message.status === "streaming" ? "interrupted" : message.status;
  return stateFromStored(message.content, status, message.trace);
}
