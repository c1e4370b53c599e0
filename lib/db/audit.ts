import { logError } from "../errors";
import { type Db, db } from "./client";

/**
 * The audit log (변경 기록): every admin action and security event — who, what, on what, when and
 * from where. Action names are a fixed list so the admin page can label and filter them; a name
 * outside the list is refused by the type checker, never stored as free text.
 */
export const AUDIT_ACTIONS = [
  // User management (written in the same transaction as the change: lib/db/user-admin.ts).
  "user.create",
  "user.reset_password",
  "user.deactivate",
  "user.reactivate",
  "user.role",
  "user.delete",
  // Sign-in and the account.
  "auth.login",
  "auth.login_failed",
  "auth.logout",
  "auth.password_change",
  "auth.sso_login",
  "auth.sso_refused",
  // API tokens and calls made with them.
  "token.create",
  "token.revoke",
  "api.call",
  "api.refused",
  // Corpora and their decisions.
  "corpus.create",
  "corpus.upload",
  "corpus.import",
  "corpus.reindex",
  "corpus.delete",
  "corpus.job_cancel",
  "corpus.job_resume",
  "corpus.job_done",
  "decision.delete",
  // Enrichment (context, atomic questions).
  "enrich.start",
  "enrich.stop",
  "enrich.settings",
  // Evaluation runs.
  "eval.start",
  "eval.cancel",
  "eval.resume",
  "eval.delete",
  // Statutes imported (관리 → 법령).
  "statute.import",
  // 서면 검증: who checked a draft and how many citations — never the draft's text.
  "brief.check",
  "brief.save",
  "brief.delete",
  // Server settings.
  "setting.change",
  // The log itself: who took a copy of it.
  "audit.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_KINDS = ["user", "corpus", "decision", "eval", "job", "token", "setting"] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** What an entry is about: `label` is what a person reads (an email, a corpus name, a 사건번호). */
export interface AuditTarget {
  kind: AuditTargetKind;
  id: string;
  label: string;
}

/**
 * Who did it. id null: nobody signed in (a failed sign-in names the email that was tried) or the
 * server's operator at the command line (npm run db:seed -- --reset-admin, npm run ingest).
 */
export interface AuditActor {
  id: string | null;
  email: string;
}

/** Who asks for a change and from where: what the app layer hands to a use case that records it. */
export interface AuditBy {
  actor: AuditActor;
  ip?: string;
}

/** The command line's actor (npm run ingest, npm run enrich, …): the server's operator. */
export const COMMAND_LINE: AuditBy = { actor: { id: null, email: "명령줄" } };

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  target: AuditTarget | null;
  detail: string;
  ip: string | null;
  createdAt: Date;
}

export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  /** A user record ({ id, email }) is read as a user target, as before targets had kinds. */
  target?: AuditTarget | { id: string; email: string };
  detail?: string;
  /** The client address (lib/auth/client-ip.ts); absent for the command line. */
  ip?: string;
  now?: Date;
}

const DETAIL_MAX = 2000;

function targetOf(target: AuditInput["target"]): AuditTarget | null {
  if (!target) return null;
  if ("kind" in target) return target;
  return { kind: "user", id: target.id, label: target.email };
}

/** The row to insert; callers that change data write it in the same transaction as the change. */
export function auditRow(input: AuditInput) {
  const target = targetOf(input.target);
  return {
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    action: input.action,
    targetKind: target?.kind ?? null,
    targetId: target?.id ?? null,
    targetLabel: target?.label ?? null,
    // Kept filled for user targets so rows read the same by code that predates target kinds.
    targetEmail: target?.kind === "user" ? target.label : null,
    detail: (input.detail ?? "").slice(0, DETAIL_MAX),
    ip: input.ip ?? null,
    ...(input.now ? { createdAt: input.now } : {}),
  };
}

/**
 * Writes one entry after the fact. The action it records has already happened, so a failure to
 * write is logged, never thrown: it must not turn a done upload or sign-in into an error page.
 * Changes that must be recorded or not made at all use auditRow inside their own transaction.
 */
export async function recordAudit(input: AuditInput, client: Db = db()): Promise<void> {
  try {
    await client.auditLog.create({ data: auditRow(input) });
  } catch (error) {
    logError(error);
  }
}

/** recordAudit for a use case called with `by` (absent: an internal call, nothing to record). */
export async function recordAuditBy(
  by: AuditBy | undefined,
  action: AuditAction,
  target?: AuditTarget,
  detail?: string,
): Promise<void> {
  if (by) await recordAudit({ actor: by.actor, ip: by.ip, action, target, detail });
}

export interface AuditFilter {
  /** Exact action names; empty or absent: all. */
  actions?: readonly AuditAction[];
  /** Part of the actor's email (case-insensitive for Latin letters). */
  actor?: string;
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Part of the target, the detail, the actor or the address. */
  text?: string;
  targetId?: string;
}

interface RawRow {
  id: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetEmail: string | null;
  detail: string;
  ip: string | null;
  createdAt: Date;
}

function entryOf(row: RawRow): AuditEntry {
  // Rows written before target kinds had only a user's id and email.
  const kind = (row.targetKind ?? (row.targetId ? "user" : null)) as AuditTargetKind | null;
  const label = row.targetLabel ?? row.targetEmail ?? row.targetId ?? "";
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    target: kind && row.targetId ? { kind, id: row.targetId, label } : null,
    detail: row.detail,
    ip: row.ip,
    createdAt: row.createdAt,
  };
}

function whereOf(filter: AuditFilter, before?: { createdAt: Date; id: string }) {
  const text = filter.text?.trim();
  const actor = filter.actor?.trim();
  const and: object[] = [];
  if (filter.actions?.length) and.push({ action: { in: [...filter.actions] } });
  if (actor) and.push({ actorEmail: { contains: actor.toLowerCase() } });
  if (filter.from) and.push({ createdAt: { gte: filter.from } });
  if (filter.to) and.push({ createdAt: { lt: filter.to } });
  if (filter.targetId) and.push({ targetId: filter.targetId });
  if (text) {
    and.push({
      OR: [
        { targetLabel: { contains: text } },
        { targetEmail: { contains: text } },
        { targetId: { contains: text } },
        { detail: { contains: text } },
        { actorEmail: { contains: text } },
        { ip: { contains: text } },
      ],
    });
  }
  if (before) {
    // Keyset paging: strictly older, or as old with a smaller id (rows written in one millisecond).
    and.push({
      OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }],
    });
  }
  return and.length ? { AND: and } : {};
}

/** Newest first; `before` (the last entry of the previous page) pages back through older entries. */
export async function listAuditEntries(
  options: AuditFilter & { take?: number; before?: Date | { createdAt: Date; id: string } } = {},
  client: Db = db(),
): Promise<AuditEntry[]> {
  // A bare date (older callers) is a cursor no id is below: strictly older entries.
  const before = options.before instanceof Date ? { createdAt: options.before, id: "" } : options.before;
  const rows = await client.auditLog.findMany({
    where: whereOf(options, before),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.take ?? 200,
  });
  return (rows as RawRow[]).map(entryOf);
}

/** How many entries a filter matches (the page shows it; the CSV export refuses beyond its cap). */
export async function countAuditEntries(filter: AuditFilter = {}, client: Db = db()): Promise<number> {
  return client.auditLog.count({ where: whereOf(filter) });
}
