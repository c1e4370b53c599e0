import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { requireAdmin, requireUser, resolveSession, resolveSessionDetailed, signIn, signOut } from "@/lib/auth/session";
import { changePassword, ensureFirstAdmin, registerUser } from "@/lib/auth/users";
import { listAuditEntries } from "@/lib/db/audit";
import { createChat, findOwnChat, listChats } from "@/lib/db/chats";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { useTestDatabase } from "../support/test-db";

let db: Db;
beforeAll(() => {
  db = useTestDatabase();
});

async function expectCode(promise: Promise<unknown> | (() => unknown), code: string) {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe("password hashing", () => {
  it("verifies the right password and rejects others; hashes are salted", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("accounts and sessions", () => {
  it("creates the first admin once, with a generated one-time password", async () => {
    const first = await ensureFirstAdmin("Boss@Firm.test");
    expect(first?.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await ensureFirstAdmin("other@firm.test", "whatever-password")).toBeNull();
    const session = await signIn("boss@firm.test", first?.password ?? "");
    expect(session.user.role).toBe("admin");
    expect(session.user.email).toBe("boss@firm.test");
  });

  it("signs in, resolves the session from its token, signs out", async () => {
    await registerUser({ email: "kim@firm.test", name: "김변호", role: "lawyer", password: "lawyer-password-1" });
    const { token, user } = await signIn("kim@firm.test", "lawyer-password-1");
    expect(user.role).toBe("lawyer");
    // Only the token's hash is stored.
    const row = await db.session.findFirst({ where: { userId: user.id } });
    expect(row?.tokenHash).not.toBe(token);
    expect((await resolveSession(token))?.email).toBe("kim@firm.test");
    await signOut(token);
    expect(await resolveSession(token)).toBeNull();
  });

  it("refuses wrong passwords and unknown emails with the same typed error", async () => {
    await expectCode(signIn("kim@firm.test", "wrong-password"), "auth:invalid_credentials");
    await expectCode(signIn("nobody@firm.test", "whatever-password"), "auth:invalid_credentials");
  });

  it("slows an address down after repeated failures for an account (details in rate-limit.test.ts)", async () => {
    await registerUser({ email: "lee@firm.test", name: "이변호", role: "lawyer", password: "lee-password-123" });
    const now = new Date();
    for (let i = 0; i < 5; i++) await expectCode(signIn("lee@firm.test", "bad", { now }), "auth:invalid_credentials");
    await expectCode(signIn("lee@firm.test", "lee-password-123", { now }), "auth:rate_limited");
    // Back-off, not a lock: after the first delay the right password gets in.
    await expect(
      signIn("lee@firm.test", "lee-password-123", { now: new Date(now.getTime() + 1_000) }),
    ).resolves.toBeTruthy();
  });

  it("expires sessions", async () => {
    const { token } = await signIn("kim@firm.test", "lawyer-password-1");
    const later = new Date(Date.now() + 365 * 24 * 3_600_000);
    expect(await resolveSession(token, later)).toBeNull();
  });

  it("refuses a duplicate email and a short password", async () => {
    await expectCode(
      registerUser({ email: "KIM@firm.test", name: "dup", role: "lawyer", password: "long-enough-pw" }),
      "auth:email_taken",
    );
    await expect(
      registerUser({ email: "new@firm.test", name: "n", role: "lawyer", password: "short" }),
    ).rejects.toThrow();
  });

  it("changes a password: other devices are signed out saying why, this one stays signed in, logged", async () => {
    const { token, user } = await signIn("kim@firm.test", "lawyer-password-1");
    const other = await signIn("kim@firm.test", "lawyer-password-1");
    await expectCode(
      changePassword(user.id, user.email, "not-current", "new-password-123"),
      "auth:invalid_credentials",
    );
    const rotated = await changePassword(user.id, user.email, "lawyer-password-1", "new-password-123", {
      ip: "203.0.113.9",
    });
    // Both old sessions end (their owner learns why on the sign-in page); the new one works.
    expect(await resolveSessionDetailed(token)).toEqual({ user: null, ended: "password_changed" });
    expect(await resolveSessionDetailed(other.token)).toEqual({ user: null, ended: "password_changed" });
    expect(rotated.token).not.toBe(token);
    expect((await resolveSession(rotated.token))?.id).toBe(user.id);
    await expect(signIn("kim@firm.test", "lawyer-password-1")).rejects.toThrow();
    await expect(signIn("kim@firm.test", "new-password-123")).resolves.toBeTruthy();
    const [change] = await listAuditEntries({ actions: ["auth.password_change"] });
    expect(change).toMatchObject({
      actorId: user.id,
      target: { kind: "user", id: user.id, label: "kim@firm.test" },
      ip: "203.0.113.9",
      detail: "다른 로그인 1개 종료",
    });
    expect(JSON.stringify(change)).not.toContain("new-password-123");
  });

  it("logs sign-in, failed sign-in (email as typed, no password) and sign-out with the address", async () => {
    const ip = "198.51.100.4";
    await expectCode(signIn("Kim@Firm.test", "wrong-password-9", { ip }), "auth:invalid_credentials");
    await expectCode(signIn("nobody@firm.test", "wrong-password-9", { ip }), "auth:invalid_credentials");
    const { token, user } = await signIn("kim@firm.test", "new-password-123", { ip, userAgent: "TestBrowser/1" });
    await signOut(token, { ip });
    const entries = await listAuditEntries({ actions: ["auth.login", "auth.login_failed", "auth.logout"], take: 4 });
    expect(entries.map((e) => [e.action, e.actorEmail, e.actorId, e.ip])).toEqual([
      ["auth.logout", "kim@firm.test", user.id, ip],
      ["auth.login", "kim@firm.test", user.id, ip],
      ["auth.login_failed", "nobody@firm.test", null, ip],
      ["auth.login_failed", "kim@firm.test", user.id, ip],
    ]);
    expect(entries[1]?.detail).toBe("TestBrowser/1");
    expect(JSON.stringify(entries)).not.toContain("wrong-password-9");
  });

  it("guards roles on the server side", async () => {
    const lawyer = (await signIn("kim@firm.test", "new-password-123")).user;
    await expectCode(() => requireUser(null), "auth:unauthenticated");
    await expectCode(() => requireAdmin(lawyer), "auth:forbidden");
    expect(requireAdmin({ ...lawyer, role: "admin" }).id).toBe(lawyer.id);
  });

  it("shows a lawyer only their own chats", async () => {
    const kim = (await signIn("kim@firm.test", "new-password-123")).user;
    const lee = await registerUser({
      email: "park@firm.test",
      name: "박",
      role: "lawyer",
      password: "park-password-1",
    });
    const chat = await createChat(kim.id, "회원권 중도 해지와 이용료 반환");
    await createChat(lee.id, "다른 사람의 대화");
    expect((await listChats(kim.id)).map((c) => c.title)).toEqual(["회원권 중도 해지와 이용료 반환"]);
    expect(await findOwnChat(lee.id, chat.id)).toBeNull();
    expect((await findOwnChat(kim.id, chat.id))?.title).toBe("회원권 중도 해지와 이용료 반환");
  });
});
