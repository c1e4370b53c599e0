import { cookies, headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { clientIp } from "@/lib/auth/client-ip";
import { resolveSessionDetailed, SESSION_COOKIE, type SessionResolution } from "@/lib/auth/session";
import type { AuditBy } from "@/lib/db/audit";
import type { UserRecord } from "@/lib/db/users";
import { env } from "@/lib/env";

/** This request's session (memoised per request): its user, or why it ended. */
const currentSession = cache(async (): Promise<SessionResolution> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return resolveSessionDetailed(token);
});

/** The signed-in user of this request (memoised per request), or null. */
export async function currentUser(): Promise<UserRecord | null> {
  return (await currentSession()).user;
}

/**
 * For pages: redirect to the sign-in form when nobody is signed in, saying why when a session
 * just ended (deactivated by an admin, idle, expired).
 */
export async function requirePageUser(): Promise<UserRecord> {
  const session = await currentSession();
  if (!session.user) redirect(session.ended ? `/login?ended=${session.ended}` : "/login");
  return session.user;
}

/** For admin pages: a signed-in non-admin gets a 403 page, decided on the server. */
export async function requirePageAdmin(): Promise<UserRecord> {
  const user = await requirePageUser();
  if (user.role !== "admin") forbidden();
  return user;
}

/** This request's client address for the audit log (lib/auth/client-ip.ts: spoof-proof without a proxy). */
export async function requestIp(): Promise<string> {
  return clientIp(await headers(), env().TRUST_PROXY);
}

/** Who acts in this request and from where, for the use cases that write the audit log. */
export async function auditBy(user: UserRecord): Promise<AuditBy> {
  return { actor: { id: user.id, email: user.email }, ip: await requestIp() };
}

/** The same for a route handler, read off its own request. */
export function auditByRequest(user: UserRecord, request: Request): AuditBy {
  return { actor: { id: user.id, email: user.email }, ip: clientIp(request.headers, env().TRUST_PROXY) };
}

/** Sets the session cookie (sign-in, and the new session after a password change). */
export async function setSessionCookie(session: { token: string; expiresAt: Date }): Promise<void> {
  const secure = env().COOKIE_SECURE ?? (await headers()).get("x-forwarded-proto") === "https";
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires: session.expiresAt,
  });
}
