import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { resolveSessionDetailed, signIn } from "@/lib/auth/session";
import { adminCreateUser, changeUserRole, deleteUser, resetUserPassword, setUserActive } from "@/lib/auth/user-admin";
import { registerUser } from "@/lib/auth/users";
import { AUDIT_ACTIONS, listAuditEntries } from "@/lib/db/audit";
import { createChat } from "@/lib/db/chats";
import type { Db } from "@/lib/db/client";
import { restoreAdminAccess } from "@/lib/db/user-admin";
import { findUserById, type UserRecord } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { useTestDatabase } from "../support/test-db";

let db: Db;
let boss: UserRecord;
let lawyer: UserRecord;
const PASSWORD = "lawyer-password-1";

beforeAll(async () => {
  db = useTestDatabase();
  boss = await registerUser({ email: "boss@firm.test", name: "대표", role: "admin", password: "boss-password-1" });
  lawyer = await registerUser({ email: "kim@firm.test", name: "김변호", role: "lawyer", password: PASSWORD });
});

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

// User management only: the sign-ins these tests make are logged too.
const USER_ACTIONS = AUDIT_ACTIONS.filter((a) => a.startsWith("user."));
const lastEntry = async () => (await listAuditEntries({ take: 1, actions: USER_ACTIONS }))[0];

describe("admin user management", () => {
  it("deactivation ends the user's sessions at once and refuses sign-in; reactivation revives none", async () => {
    const a = await signIn(lawyer.email, PASSWORD, { ip: "10.0.0.1" });
    const b = await signIn(lawyer.email, PASSWORD, { ip: "10.0.0.2" });
    expect((await resolveSessionDetailed(a.token)).user?.id).toBe(lawyer.id);

    await setUserActive(boss, lawyer.id, false);
    expect(await resolveSessionDetailed(a.token)).toEqual({ user: null, ended: "deactivated" });
    // The ended session is gone after it has told its user why.
    expect(await resolveSessionDetailed(a.token)).toEqual({ user: null, ended: "unknown" });
    await expectCode(signIn(lawyer.email, PASSWORD, { ip: "10.0.0.3" }), "auth:deactivated");
    // A wrong password still gets the generic answer (the account's state is not revealed).
    await expectCode(signIn(lawyer.email, "wrong-password-x", { ip: "10.0.0.3" }), "auth:invalid_credentials");
    expect((await findUserById(lawyer.id))?.active).toBe(false);
    const entry = await lastEntry();
    expect(entry).toMatchObject({
      actorId: boss.id,
      actorEmail: "boss@firm.test",
      action: "user.deactivate",
      target: { kind: "user", id: lawyer.id, label: "kim@firm.test" },
    });
    expect(Date.now() - (entry?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);

    await setUserActive(boss, lawyer.id, true);
    expect((await lastEntry())?.action).toBe("user.reactivate");
    expect((await resolveSessionDetailed(b.token)).user).toBeNull();
    const again = await signIn(lawyer.email, PASSWORD, { ip: "10.0.0.4" });
    expect((await resolveSessionDetailed(again.token)).user?.id).toBe(lawyer.id);
  });

  it("a session created for a deactivated user (a race with sign-in) is refused", async () => {
    const { token } = await signIn(lawyer.email, PASSWORD, { ip: "10.0.1.1" });
    await db.user.update({ where: { id: lawyer.id }, data: { deactivatedAt: new Date() } });
    expect(await resolveSessionDetailed(token)).toEqual({ user: null, ended: "deactivated" });
    await db.user.update({ where: { id: lawyer.id }, data: { deactivatedAt: null } });
  });

  it("a password reset gives a one-time password that works, ends sessions and logs no secret", async () => {
    const old = await signIn(lawyer.email, PASSWORD, { ip: "10.0.2.1" });
    const { password } = await resetUserPassword(boss, lawyer.id);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await resolveSessionDetailed(old.token)).toEqual({ user: null, ended: "password_reset" });
    await expectCode(signIn(lawyer.email, PASSWORD, { ip: "10.0.2.2" }), "auth:invalid_credentials");
    expect((await signIn(lawyer.email, password, { ip: "10.0.2.3" })).user.id).toBe(lawyer.id);
    const entry = await lastEntry();
    expect(entry?.action).toBe("user.reset_password");
    expect(JSON.stringify(entry)).not.toContain(password);
    // Back to the known password for the other tests.
    await db.user.update({ where: { id: lawyer.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
    await expectCode(resetUserPassword(boss, boss.id), "users:self");
  });

  it("never removes the last active admin, nor lets an admin delete or deactivate themselves", async () => {
    await expectCode(setUserActive(boss, boss.id, false), "users:self");
    await expectCode(deleteUser(boss, boss.id), "users:self");
    // Demoting themselves while the only admin: refused.
    await expectCode(changeUserRole(boss, boss.id, "lawyer"), "users:last_admin");

    await changeUserRole(boss, lawyer.id, "admin");
    expect(await lastEntry()).toMatchObject({ action: "user.role", detail: "변호사 → 관리자" });
    const promoted = (await findUserById(lawyer.id)) as UserRecord;
    // With two admins one may be deactivated; a deactivated admin does not count as one left.
    await setUserActive(promoted, boss.id, false);
    await expectCode(changeUserRole(promoted, promoted.id, "lawyer"), "users:last_admin");
    await expectCode(deleteUser(boss, promoted.id), "users:last_admin");
    await setUserActive(promoted, boss.id, true);
    await changeUserRole(promoted, promoted.id, "lawyer");
    expect((await findUserById(lawyer.id))?.role).toBe("lawyer");
  });

  it("two admins demoting each other at the same time leave one admin", async () => {
    const second = await registerUser({
      email: "lee@firm.test",
      name: "이관리",
      role: "admin",
      password: "lee-password-1",
    });
    const results = await Promise.allSettled([
      changeUserRole(boss, second.id, "lawyer"),
      changeUserRole(second, boss.id, "lawyer"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = await db.user.count({ where: { role: "admin", deactivatedAt: null } });
    expect(admins).toBe(1);
    // Restore: boss admin again, second removed.
    const stillAdmin = (await db.user.findFirstOrThrow({ where: { role: "admin" } })).id;
    const actor = (await findUserById(stillAdmin)) as UserRecord;
    if (stillAdmin !== boss.id) await changeUserRole(actor, boss.id, "admin");
    await deleteUser(boss, second.id);
    expect(await findUserById(second.id)).toBeNull();
  });

  it("creating and deleting a user are logged; their chats go with them, the log stays", async () => {
    const created = await adminCreateUser(boss, {
      email: "Park@Firm.test",
      name: "박신입",
      role: "lawyer",
      password: "park-password-1",
    });
    expect(await lastEntry()).toMatchObject({
      action: "user.create",
      target: { kind: "user", label: "park@firm.test" },
    });
    await createChat(created.id, "임대차");
    await deleteUser(boss, created.id);
    expect(await db.chat.count({ where: { userId: created.id } })).toBe(0);
    const entries = await listAuditEntries({ targetId: created.id });
    expect(entries.map((e) => e.action)).toEqual(["user.delete", "user.create"]);
    expect(entries[0]?.detail).toBe("박신입 (변호사)");
  });

  it("refuses every change from a non-admin, and changes to a missing user", async () => {
    await expectCode(setUserActive(lawyer, boss.id, false), "auth:forbidden");
    await expectCode(resetUserPassword(lawyer, boss.id), "auth:forbidden");
    await expectCode(deleteUser(null, boss.id), "auth:unauthenticated");
    await expectCode(deleteUser(boss, "no-such-user"), "not_found:resource");
    const before = await listAuditEntries({ take: 500, actions: USER_ACTIONS });
    await expectCode(changeUserRole(boss, lawyer.id, "lawyer"), "bad_request:input");
    expect(await listAuditEntries({ take: 500, actions: USER_ACTIONS })).toHaveLength(before.length);
  });

  it("the operator's --reset-admin makes the account an active admin again, logged", async () => {
    const ops = await registerUser({ email: "ops@firm.test", name: "운영", role: "admin", password: "ops-password-1" });
    await setUserActive(boss, ops.id, false);
    await changeUserRole(boss, ops.id, "lawyer");
    await restoreAdminAccess(ops.id, await hashPassword("ops-password-2"));
    expect(await findUserById(ops.id)).toMatchObject({ role: "admin", active: true });
    expect((await signIn("ops@firm.test", "ops-password-2", { ip: "10.0.3.1" })).user.role).toBe("admin");
    expect(await lastEntry()).toMatchObject({ actorId: null, action: "user.reset_password", target: { id: ops.id } });
  });
});
