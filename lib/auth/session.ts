import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../db/audit";
import { deleteSession, deleteSessionById, findSessionWithUser, insertSession, touchSession } from "../db/sessions";
import { findUserByEmail, type UserRecord } from "../db/users";
import { env } from "../env";
import { AppError, logError } from "../errors";
import { hashPassword, verifyPassword } from "./password";
import { passwordLimiter } from "./rate-limit";
import { purgeStaleSessionsIfDue, purgeUserStaleSessions } from "./session-purge";
import { auditSso } from "./sso-audit";
import { passwordSignInAllowed } from "./sso-settings";

export const SESSION_COOKIE = "rar_session";

/** A session's last use is written at most this often (not on every request). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// A constant hash to verify against when the email is unknown, so response time does not reveal
// which emails have accounts.
let dummyHash: Promise<string> | undefined;

export interface SignInOptions {
  userAgent?: string;
  /** The client address (lib/auth/client-ip.ts); per-IP limits share one bucket without it. */
  ip?: string;
  now?: Date;
  /** The password check; tests count calls through it. */
  verify?: (password: string, stored: string) => Promise<boolean>;
}

export async function signIn(
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<{ token: string; expiresAt: Date; user: UserRecord }> {
  const key = email.trim().toLowerCase();
  const now = options.now ?? new Date();
  // Counted before anything is awaited: parallel guesses each take a slot or are refused.
  const attempt = await passwordLimiter.begin(key, options.ip ?? "unknown", now.getTime(), "sign_in");
  if (!passwordSignInAllowed(key)) {
    // SSO-only mode, checked on the server (the sign-in page hides the form too); counted as a failed try.
    await attempt.failed();
    await auditSso({
      action: "auth.sso_refused",
      email: key,
      detail: "비밀번호 로그인 시도 (회사 계정 전용 모드)",
      ip: options.ip,
    }).catch(logError);
    throw new AppError("auth:sso_only");
  }
  let found: Awaited<ReturnType<typeof findUserByEmail>>;
  let valid: boolean;
  try {
    found = await findUserByEmail(key);
    dummyHash ??= hashPassword("not-a-real-password");
    valid = await (options.verify ?? verifyPassword)(password, found?.passwordHash ?? (await dummyHash));
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!found || !valid) {
    await attempt.failed();
    // The email as typed (cut short): who tried is what the log is for; the password never.
    await recordAudit({
      actor: { id: found?.id ?? null, email: key.slice(0, 200) },
      action: "auth.login_failed",
      detail: found ? "비밀번호 틀림" : "없는 계정",
      ip: options.ip,
    });
    throw new AppError("auth:invalid_credentials");
  }
  await attempt.succeeded();
  // Said only after the right password, so it does not reveal which emails have accounts.
  if (!found.active) {
    await recordAudit({ actor: found, action: "auth.login_failed", detail: "비활성화된 계정", ip: options.ip });
    throw new AppError("auth:deactivated");
  }
  const { passwordHash: _omit, ...user } = found;
  const session = await startSession(user.id, options);
  await recordAudit({ actor: user, action: "auth.login", detail: options.userAgent?.slice(0, 300), ip: options.ip });
  return { ...session, user };
}

/** A new session for a user whose identity was just proven (a sign-in, a password change). */
export async function startSession(
  userId: string,
  options: { userAgent?: string; now?: Date } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + env().SESSION_TTL_HOURS * 3_600_000);
  await insertSession({ tokenHash: hashToken(token), userId, expiresAt, userAgent: options.userAgent, now });
  // Housekeeping: a failure here (database busy) must not fail the sign-in.
  await purgeUserStaleSessions(userId, now).catch(logError);
  await purgeStaleSessionsIfDue(now).catch(logError);
  return { token, expiresAt };
}

/**
 * Why a request that carried a session cookie is no longer signed in, so the sign-in page can
 * say so: "deactivated" / "password_reset" (an admin ended it), "password_changed" (the user
 * changed their password on another device), "idle", "expired" (its lifetime),
 * "unknown" (gone: signed out elsewhere, account deleted, purged).
 */
export type SessionEnd = "deactivated" | "password_reset" | "password_changed" | "idle" | "expired" | "unknown";

export type SessionResolution = { user: UserRecord; ended?: undefined } | { user: null; ended?: SessionEnd };

/** Reasons a session was ended early (kept on its row until it is next used, to say why). */
const EARLY_END_REASONS = new Set<string>(["deactivated", "password_reset", "password_changed"]);

/**
 * The signed-in user for a cookie token, or why there is none: unknown, past its lifetime, unused
 * for longer than SESSION_IDLE_MINUTES, ended by an admin (these are deleted), or its user
 * deleted or deactivated. Use is recorded at most once a minute per session.
 */
export async function resolveSessionDetailed(token: string | undefined, now = new Date()): Promise<SessionResolution> {
  if (!token) return { user: null };
  const found = await findSessionWithUser(hashToken(token));
  if (!found) return { user: null, ended: "unknown" };
  const { session, user } = found;
  const idleMs = env().SESSION_IDLE_MINUTES * 60_000;
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  let ended: SessionEnd | undefined;
  // Deactivation ends sessions when it happens; checking the account here too closes the gap of
  // a sign-in that passed its own check just before.
  if (!user.active) ended = "deactivated";
  else if (session.expiresAt <= now)
    ended =
      session.endedReason && EARLY_END_REASONS.has(session.endedReason)
        ? (session.endedReason as SessionEnd)
        : "expired";
  else if (idleFor > idleMs) ended = "idle";
  if (ended) {
    await deleteSessionById(session.id);
    return { user: null, ended };
  }
  if (idleFor >= SESSION_TOUCH_INTERVAL_MS) {
    // A failed write (database busy) must not sign the user out; the next request tries again.
    await touchSession(session.id, now, new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS)).catch(logError);
  }
  return { user };
}

/** The signed-in user for a cookie token, or null (see resolveSessionDetailed). */
export async function resolveSession(token: string | undefined, now = new Date()): Promise<UserRecord | null> {
  return (await resolveSessionDetailed(token, now)).user;
}

export async function signOut(token: string | undefined, options: { ip?: string } = {}): Promise<void> {
  if (!token) return;
  const found = await findSessionWithUser(hashToken(token));
  await deleteSession(hashToken(token));
  if (found) await recordAudit({ actor: found.user, action: "auth.logout", ip: options.ip });
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
