import { type Db, db } from "./client";
import type { UserRecord } from "./users";
import { findUserById } from "./users";

export async function insertSession(
  input: { tokenHash: string; userId: string; expiresAt: Date; userAgent?: string; now?: Date },
  client: Db = db(),
): Promise<void> {
  const { now, ...data } = input;
  await client.session.create({ data: now ? { ...data, createdAt: now, lastSeenAt: now } : data });
}

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  /** Set when an admin ended it early (see lib/db/user-admin.ts). */
  endedReason: string | null;
}

/** The session with this token hash and its user (null when either is gone). */
export async function findSessionWithUser(
  tokenHash: string,
  client: Db = db(),
): Promise<{ session: SessionRecord; user: UserRecord } | null> {
  const session = await client.session.findUnique({
    where: { tokenHash },
    select: { id: true, userId: true, expiresAt: true, lastSeenAt: true, endedReason: true },
  });
  if (!session) return null;
  const user = await findUserById(session.userId, client);
  return user ? { session, user } : null;
}

/**
 * Records use of a session, unless another request already did so since `notAfter` (a single
 * conditional UPDATE, so concurrent requests do not all write).
 */
export async function touchSession(id: string, now: Date, notAfter: Date, client: Db = db()): Promise<void> {
  await client.session.updateMany({ where: { id, lastSeenAt: { lt: notAfter } }, data: { lastSeenAt: now } });
}

export async function deleteSessionById(id: string, client: Db = db()): Promise<void> {
  await client.session.deleteMany({ where: { id } });
}

export async function deleteSession(tokenHash: string, client: Db = db()): Promise<void> {
  await client.session.deleteMany({ where: { tokenHash } });
}

/**
 * Ends a user's live sessions, keeping the rows with `reason` so the next request from each says
 * why on the sign-in page (they are deleted then, or by the stale-session purge).
 */
export async function endUserSessions(userId: string, reason: string, now: Date, client: Db = db()): Promise<number> {
  const result = await client.session.updateMany({
    where: { userId, expiresAt: { gt: now } },
    data: { expiresAt: now, endedReason: reason },
  });
  return result.count;
}

/** Deletes sessions past their lifetime or unused since `idleBefore` (one user's, or everyone's). */
export async function deleteStaleSessions(
  now: Date,
  idleBefore: Date,
  options: { userId?: string } = {},
  client: Db = db(),
): Promise<number> {
  const result = await client.session.deleteMany({
    where: {
      ...(options.userId ? { userId: options.userId } : {}),
      // A session ended early (endedReason) stays until it would have gone idle anyway, so its
      // owner's next request can still say why (a password changed elsewhere, an admin's reset).
      OR: [
        { expiresAt: { lte: now }, endedReason: null },
        { expiresAt: { lte: idleBefore } },
        { lastSeenAt: { lt: idleBefore } },
      ],
    },
  });
  return result.count;
}
