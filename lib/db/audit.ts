import { type Db, db } from "./client";

export const AUDIT_ACTIONS = [
  "user.create",
  "user.reset_password",
  "user.deactivate",
  "user.reactivate",
  "user.role",
  "user.delete",
  "token.create",
  "token.revoke",
  "api.call",
  "api.refused",
  "auth.sso_login",
  "auth.sso_refused",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetId: string | null;
  targetEmail: string | null;
  detail: string;
  createdAt: Date;
}

export interface AuditInput {
  /** id null: the server's operator at the command line (npm run db:seed -- --reset-admin). */
  actor: { id: string | null; email: string };
  action: AuditAction;
  target: { id: string; email: string };
  detail?: string;
  now?: Date;
}

/** The row to insert; callers write it in the same transaction as the change it records. */
export function auditRow(input: AuditInput) {
  return {
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    action: input.action,
    targetId: input.target.id,
    targetEmail: input.target.email,
    detail: input.detail ?? "",
    ...(input.now ? { createdAt: input.now } : {}),
  };
}

/** Newest first; `before` pages back through older entries. */
export async function listAuditEntries(
  options: { take?: number; before?: Date; targetId?: string } = {},
  client: Db = db(),
): Promise<AuditEntry[]> {
  const rows = await client.auditLog.findMany({
    where: {
      ...(options.before ? { createdAt: { lt: options.before } } : {}),
      ...(options.targetId ? { targetId: options.targetId } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.take ?? 200,
  });
  return rows as AuditEntry[];
}

/**
 * Any audited event (issue 24's general form): who, what, on what, from where. Written on its own
 * (not in a caller's transaction); a failure to write is logged by the caller, never shown.
 */
export interface AuditEvent {
  actor: { id: string | null; email: string };
  action: AuditAction;
  target?: { kind: string; id: string; label: string };
  detail?: string;
  ip?: string;
  now?: Date;
}

export async function recordAudit(event: AuditEvent, client: Db = db()): Promise<void> {
  const where = event.ip ? ` (IP ${event.ip})` : "";
  await client.auditLog.create({
    data: {
      actorId: event.actor.id,
      actorEmail: event.actor.email,
      action: event.action,
      targetId: event.target?.id ?? null,
      targetEmail: event.target?.label ?? null,
      detail: `${event.detail ?? ""}${where}`,
      ...(event.now ? { createdAt: event.now } : {}),
    },
  });
}
