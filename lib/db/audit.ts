import { type Db, db } from "./client";

export const AUDIT_ACTIONS = [
  "user.create",
  "user.reset_password",
  "user.deactivate",
  "user.reactivate",
  "user.role",
  "user.delete",
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
 * Writes one entry on its own: an event (an SSO sign-in or refusal) rather than a change written
 * in a transaction. The target is absent when nobody was identified (a forged callback).
 */
export async function writeAuditEvent(
  input: Omit<AuditInput, "target"> & { target?: AuditInput["target"] },
  client: Db = db(),
): Promise<void> {
  await client.auditLog.create({
    data: {
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: input.action,
      targetId: input.target?.id ?? null,
      targetEmail: input.target?.email ?? null,
      detail: input.detail ?? "",
      ...(input.now ? { createdAt: input.now } : {}),
    },
  });
}
