import { type Db, db } from "./client";
import type { UserRecord } from "./users";
import { findUserById } from "./users";

export async function insertSession(
  input: { tokenHash: string; userId: string; expiresAt: Date; userAgent?: string },
  client: Db = db(),
): Promise<void> {
  await client.session.create({ data: input });
}

/** The session's user when the token hash is known and not expired. */
export async function findSessionUser(
  tokenHash: string,
  now: Date,
  client: Db = db(),
): Promise<{ user: UserRecord; expiresAt: Date } | null> {
  const session = await client.session.findUnique({ where: { tokenHash } });
  if (!session) return null;
  if (session.expiresAt <= now) {
    await client.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  const user = await findUserById(session.userId, client);
  return user ? { user, expiresAt: session.expiresAt } : null;
}

export async function deleteSession(tokenHash: string, client: Db = db()): Promise<void> {
  await client.session.deleteMany({ where: { tokenHash } });
}

export async function deleteUserSessions(userId: string, client: Db = db()): Promise<void> {
  await client.session.deleteMany({ where: { userId } });
}

export async function deleteExpiredSessions(now: Date, client: Db = db()): Promise<number> {
  const result = await client.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return result.count;
}
