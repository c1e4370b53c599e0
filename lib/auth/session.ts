import { createHash, randomBytes } from "node:crypto";
import { deleteSession, findSessionUser, insertSession } from "../db/sessions";
import { findUserByEmail, type UserRecord } from "../db/users";
import { env } from "../env";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import { checkLoginAllowed, recordLoginFailure, resetLoginFailures } from "./rate-limit";

export const SESSION_COOKIE = "rar_session";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// A constant hash to verify against when the email is unknown, so response time does not reveal
// which emails have accounts.
let dummyHash: Promise<string> | undefined;

export async function signIn(
  email: string,
  password: string,
  options: { userAgent?: string; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date; user: UserRecord }> {
  const key = email.trim().toLowerCase();
  const now = options.now ?? new Date();
  checkLoginAllowed(key, now);
  const found = await findUserByEmail(key);
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyHash));
  if (!found || !valid) {
    recordLoginFailure(key, now);
    throw new AppError("auth:invalid_credentials");
  }
  resetLoginFailures(key);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + env().SESSION_TTL_HOURS * 3_600_000);
  await insertSession({ tokenHash: hashToken(token), userId: found.id, expiresAt, userAgent: options.userAgent });
  const { passwordHash: _omit, ...user } = found;
  return { token, expiresAt, user };
}

/** The signed-in user for a cookie token, or null (unknown, expired or deleted). */
export async function resolveSession(token: string | undefined, now = new Date()): Promise<UserRecord | null> {
  if (!token) return null;
  const found = await findSessionUser(hashToken(token), now);
  return found?.user ?? null;
}

export async function signOut(token: string | undefined): Promise<void> {
  if (token) await deleteSession(hashToken(token));
}

export function requireUser(user: UserRecord | null): UserRecord {
  if (!user) throw new AppError("auth:unauthenticated");
  return user;
}

/** Admin checks happen on the server for every admin page and action, not only in the UI. */
export function requireAdmin(user: UserRecord | null): UserRecord {
  const signedIn = requireUser(user);
  if (signedIn.role !== "admin") throw new AppError("auth:forbidden");
  return signedIn;
}
