import { closeDanglingMessages } from "../db/chats";
import { dbProvider } from "../db/client";

/**
 * Whether a stored "streaming" answer still has a writer. The writing server saves its progress at
 * least every ANSWER_BEAT_MS (a keep-alive when nothing changed, see progress-saver.ts), so an
 * answer untouched for ANSWER_STALE_MS lost its server.
 *
 * On SQLite there is one server: at start every streaming answer is the previous process's and is
 * closed at once. On PostgreSQL several instances share the messages: one instance starting (or a
 * reload landing on another instance) must not close answers another instance is still writing,
 * so only stale ones are closed, at start and by the periodic sweep.
 */
export const ANSWER_BEAT_MS = 5_000;
export const ANSWER_STALE_MS = 30_000;

export function answerWriterAlive(updatedAt: Date, now: number = Date.now()): boolean {
  return now - updatedAt.getTime() < ANSWER_STALE_MS;
}

/** At start: closes answers cut off by a stopped server (all of them on a one-server database). */
export function closeAnswersAtStart(): Promise<number> {
  return dbProvider() === "postgresql" ? closeStaleAnswers() : closeDanglingMessages();
}

/** Periodically: answers whose writer stopped beating are marked interrupted (text kept). */
export function closeStaleAnswers(now: number = Date.now()): Promise<number> {
  return closeDanglingMessages(undefined, new Date(now - ANSWER_STALE_MS));
}
