import { recordAudit } from "../db/audit";

/**
 * Every SSO sign-in and refusal goes to the audit log through this one function, so it can move to
 * the general audit API in one place. Who: the account when one was matched, else the e-mail the
 * provider (or the password form) gave, else "(알 수 없음)".
 */
export async function auditSso(event: {
  action: "auth.sso_login" | "auth.sso_refused";
  user?: { id: string; email: string };
  email?: string;
  detail: string;
  ip?: string;
  now?: Date;
}): Promise<void> {
  const email = event.user?.email ?? event.email ?? "(알 수 없음)";
  await recordAudit({
    actor: { id: event.user?.id ?? null, email },
    action: event.action,
    target: event.user ? { kind: "user", id: event.user.id, label: event.user.email } : undefined,
    detail: event.detail,
    ip: event.ip,
    now: event.now,
  });
}
