import { deleteStaleSessions } from "../db/sessions";
import { env } from "../env";
import { logError } from "../errors";

/**
 * Expired and idle sessions are deleted: a user's own at each sign-in (indexed by user), everyone's
 * at most hourly (at sign-in when due, and on a timer) — never a table-wide scan per request.
 */

export const PURGE_INTERVAL_MS = 60 * 60_000;

let lastPurgeAt = Number.NEGATIVE_INFINITY;

function idleBefore(now: Date): Date {
  return new Date(now.getTime() - env().SESSION_IDLE_MINUTES * 60_000);
}

export function purgeUserStaleSessions(userId: string, now = new Date()): Promise<number> {
  return deleteStaleSessions(now, idleBefore(now), { userId });
}

/** Deletes every expired or idle session; returns how many. */
export async function purgeStaleSessions(now = new Date()): Promise<number> {
  lastPurgeAt = now.getTime();
  return deleteStaleSessions(now, idleBefore(now));
}

/** Purges everyone's stale sessions when the last purge is an hour old; else does nothing. */
export async function purgeStaleSessionsIfDue(now = new Date()): Promise<number> {
  if (now.getTime() - lastPurgeAt < PURGE_INTERVAL_MS) return 0;
  return purgeStaleSessions(now);
}

let timer: NodeJS.Timeout | undefined;

/** Hourly purge for the server process (started from instrumentation.ts; does not keep it alive). */
export function startSessionPurgeTimer(): void {
  if (timer) return;
  const run = () => void purgeStaleSessionsIfDue().catch(logError);
  run();
  timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
}
