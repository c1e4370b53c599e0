import { AppError } from "../errors";
import { auditRow } from "./audit";
import { type Db, db } from "./client";
import type { Role, UserRecord } from "./users";

/** What an admin can change about a user. */
export type UserChange =
  | { kind: "role"; role: Role }
  | { kind: "deactivate" }
  | { kind: "reactivate" }
  | { kind: "password"; passwordHash: string }
  | { kind: "delete" };

export interface Actor {
  id: string;
  email: string;
  /** Where the admin's request came from (lib/auth/client-ip.ts), for the audit log. */
  ip?: string;
}

/**
 * Decides whether a change is allowed, seeing the target as it is inside the transaction and the
 * number of active admins other than the target. Throws an AppError to refuse.
 */
export type ChangeGuard = (target: UserRecord, otherActiveAdmins: number) => void;

const AUDIT_ACTION = {
  role: "user.role",
  deactivate: "user.deactivate",
  reactivate: "user.reactivate",
  password: "user.reset_password",
  delete: "user.delete",
} as const;

const ROLE_LABEL = { admin: "관리자", lawyer: "변호사" } as const;

function detailOf(target: UserRecord, change: UserChange): string {
  if (change.kind === "role") return `${ROLE_LABEL[target.role]} → ${ROLE_LABEL[change.role]}`;
  if (change.kind === "delete") return `${target.name} (${ROLE_LABEL[target.role]})`;
  return "";
}

/**
 * Applies one admin change and writes its audit entry in the same transaction, after the guard
 * has seen the current state (two admins demoting each other cannot both pass a "last admin"
 * check: SQLite runs write transactions one at a time; on PostgreSQL the admin rows are locked
 * first, which serializes such changes the same way). Deactivation and a password reset
 * end the user's sessions at once. Returns the target as it was before the change.
 */
export async function applyUserChange(
  actor: Actor,
  targetId: string,
  change: UserChange,
  guard: ChangeGuard,
  now = new Date(),
  client: Db = db(),
): Promise<UserRecord> {
  return client.$transaction(async (tx) => {
    // READ COMMITTED lets two transactions count the same admins; FOR UPDATE makes the second wait
    // and then count again without the one the first demoted.
    if (client.$provider() === "postgresql") await tx.$queryRaw`SELECT id FROM "User" WHERE role = 'admin' FOR UPDATE`;
    const row = await tx.user.findUnique({ where: { id: targetId } });
    if (!row) throw new AppError("not_found:resource", { userMessage: "사용자를 찾을 수 없습니다." });
    const target: UserRecord = {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role === "admin" ? "admin" : "lawyer",
      active: !row.deactivatedAt,
      createdAt: row.createdAt,
    };
    const otherActiveAdmins = await tx.user.count({
      where: { role: "admin", deactivatedAt: null, id: { not: targetId } },
    });
    guard(target, otherActiveAdmins);

    const endSessions = (reason: string) =>
      tx.session.updateMany({
        where: { userId: targetId, expiresAt: { gt: now } },
        data: { expiresAt: now, endedReason: reason },
      });
    switch (change.kind) {
      case "role":
        await tx.user.update({ where: { id: targetId }, data: { role: change.role } });
        break;
      case "deactivate":
        await tx.user.update({ where: { id: targetId }, data: { deactivatedAt: now } });
        await endSessions("deactivated");
        break;
      case "reactivate":
        await tx.user.update({ where: { id: targetId }, data: { deactivatedAt: null } });
        break;
      case "password":
        await tx.user.update({ where: { id: targetId }, data: { passwordHash: change.passwordHash } });
        await endSessions("password_reset");
        break;
      case "delete":
        // Chats, matters, bookmarks and sessions go with the user (cascade); feedback stays, anonymous.
        await tx.user.delete({ where: { id: targetId } });
        break;
    }
    await tx.auditLog.create({
      data: auditRow({
        actor,
        action: AUDIT_ACTION[change.kind],
        target,
        detail: detailOf(target, change),
        ip: actor.ip,
        now,
      }),
    });
    return target;
  });
}

/** Creates a user and its audit entry together. */
export async function createUserAudited(
  actor: Actor,
  input: { email: string; name: string; role: Role; passwordHash: string },
  client: Db = db(),
): Promise<{ id: string; email: string }> {
  return client.$transaction(async (tx) => {
    const row = await tx.user.create({ data: { ...input, email: input.email.toLowerCase() } });
    await tx.auditLog.create({
      data: auditRow({
        actor,
        action: "user.create",
        target: row,
        detail: `${input.name} (${ROLE_LABEL[input.role]})`,
        ip: actor.ip,
      }),
    });
    return { id: row.id, email: row.email };
  });
}

/**
 * The operator's way back in (npm run db:seed -- --reset-admin): a new password for the account,
 * which becomes an active admin again; its sessions end. Logged like an admin's change.
 */
export async function restoreAdminAccess(
  userId: string,
  passwordHash: string,
  now = new Date(),
  client: Db = db(),
): Promise<void> {
  await client.$transaction(async (tx) => {
    const row = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, role: "admin", deactivatedAt: null },
    });
    await tx.session.updateMany({
      where: { userId, expiresAt: { gt: now } },
      data: { expiresAt: now, endedReason: "password_reset" },
    });
    await tx.auditLog.create({
      data: auditRow({
        actor: { id: null, email: "명령줄 (db:seed --reset-admin)" },
        action: "user.reset_password",
        target: row,
        detail: "관리자 복구: 비밀번호 초기화, 관리자·활성 상태로",
        now,
      }),
    });
  });
}
