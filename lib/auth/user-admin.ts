import type { z } from "zod";
import { applyUserChange, type ChangeGuard, createUserAudited, type UserChange } from "../db/user-admin";
import { findUserByEmail, type Role, type UserRecord } from "../db/users";
import { AppError } from "../errors";
import { generatePassword, hashPassword } from "./password";
import { requireAdmin } from "./session";
import { newUserSchema } from "./users";

/**
 * Admin user management. Every change is checked here (admin only; never yourself where that
 * would lock you out; never the last active admin), applied with its audit entry in one
 * transaction (lib/db/user-admin.ts), and effective at once: deactivation and a password reset
 * end the user's sessions, a role change applies to their next request.
 */

const lastAdmin = () => new AppError("users:last_admin");

/** The signed-in user making the change, with the address of the request for the audit log. */
export type ActingUser = (UserRecord & { ip?: string }) | null;

function admin(actor: ActingUser): UserRecord & { ip?: string } {
  const checked = requireAdmin(actor);
  return { ...checked, ip: actor?.ip };
}

/** True when the target is the only admin left who can sign in. */
const isLastActiveAdmin = (target: UserRecord, others: number) =>
  target.role === "admin" && target.active && others === 0;

function guardFor(actor: UserRecord, change: UserChange): ChangeGuard {
  return (target, others) => {
    const self = target.id === actor.id;
    switch (change.kind) {
      case "deactivate":
        if (self) throw new AppError("users:self");
        if (!target.active) throw new AppError("bad_request:input", { userMessage: "이미 비활성화된 계정입니다." });
        if (isLastActiveAdmin(target, others)) throw lastAdmin();
        return;
      case "reactivate":
        if (target.active) throw new AppError("bad_request:input", { userMessage: "이미 활성 상태인 계정입니다." });
        return;
      case "role":
        if (target.role === change.role)
          throw new AppError("bad_request:input", { userMessage: "이미 그 역할입니다." });
        if (change.role !== "admin" && isLastActiveAdmin(target, others)) throw lastAdmin();
        return;
      case "password":
        if (self) throw new AppError("users:self", { userMessage: "본인 비밀번호는 계정 화면에서 바꿔 주세요." });
        return;
      case "delete":
        if (self) throw new AppError("users:self");
        if (isLastActiveAdmin(target, others)) throw lastAdmin();
        return;
    }
  };
}

async function change(actor: ActingUser, targetId: string, what: UserChange, now?: Date): Promise<UserRecord> {
  const acting = admin(actor);
  return applyUserChange(acting, targetId, what, guardFor(acting, what), now);
}

export async function adminCreateUser(actor: ActingUser, input: z.input<typeof newUserSchema>) {
  const acting = admin(actor);
  const data = newUserSchema.parse(input);
  if (await findUserByEmail(data.email)) throw new AppError("auth:email_taken");
  const { password, ...rest } = data;
  return createUserAudited(acting, { ...rest, passwordHash: await hashPassword(password) });
}

/** A new one-time password for the user, returned once to show to the admin (never stored in clear). */
export async function resetUserPassword(
  actor: ActingUser,
  targetId: string,
  now?: Date,
): Promise<{ user: UserRecord; password: string }> {
  const password = generatePassword();
  const user = await change(actor, targetId, { kind: "password", passwordHash: await hashPassword(password) }, now);
  return { user, password };
}

export async function setUserActive(actor: ActingUser, targetId: string, active: boolean, now?: Date) {
  return change(actor, targetId, { kind: active ? "reactivate" : "deactivate" }, now);
}

export async function changeUserRole(actor: ActingUser, targetId: string, role: Role, now?: Date) {
  return change(actor, targetId, { kind: "role", role }, now);
}

export async function deleteUser(actor: ActingUser, targetId: string, now?: Date) {
  return change(actor, targetId, { kind: "delete" }, now);
}
