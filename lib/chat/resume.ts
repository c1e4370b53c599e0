import { findOwnMessage } from "../db/chats";
import { dbProvider } from "../db/client";
import { AppError } from "../errors";
import { answerWriterAlive } from "./answer-liveness";
import { type AnswerState, stateFromStored } from "./state";

/**
 * How an answer that does not run in this process stands, from the database. On SQLite (one server)
 * a message still marked streaming has no writer left: it is shown as interrupted. On PostgreSQL
 * another instance may be writing it (a reload reached a different instance): while its writer
 * beats, it is reported running with what was saved so far, and the page asks again.
 */
export async function resumeAnswer(
  userId: string,
  messageId: string,
  options: { shared?: boolean } = {},
): Promise<AnswerState> {
  const message = await findOwnMessage(userId, messageId);
  if (message?.role !== "assistant") throw new AppError("not_found:resource");
  let status: string = message.status;
  if (
    (status === "streaming" || status === "stopping") &&
    !((options.shared ?? dbProvider() === "postgresql") && answerWriterAlive(message.updatedAt))
  )
    status = "interrupted";
  return stateFromStored(message.content, status, message.trace);
}
