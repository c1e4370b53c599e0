import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, resolveSession, SESSION_TOUCH_INTERVAL_MS, signIn } from "@/lib/auth/session";
import { PURGE_INTERVAL_MS, purgeStaleSessions, purgeStaleSessionsIfDue } from "@/lib/auth/session-purge";
import { registerUser } from "@/lib/auth/users";
import type { Db } from "@/lib/db/client";
import { insertSession } from "@/lib/db/sessions";
import { env } from "@/lib/env";
import { useTestDatabase } from "../support/test-db";

let db: Db;
let userId: string;
const MIN = 60_000;
// Far from the wall clock, so purges made by other sign-ins in this file cannot interfere.
const T0 = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  db = useTestDatabase();
  userId = (await registerUser({ email: "idle@firm.test", name: "대기", role: "lawyer", password: "idle-password-1" }))
    .id;
});

async function lastSeen(token: string): Promise<number | undefined> {
  const row = await db.session.findUnique({ where: { tokenHash: hashToken(token) } });
  return row?.lastSeenAt.getTime();
}

describe("session idle timeout", () => {
  it("records use at most once a minute and ends a session idle past SESSION_IDLE_MINUTES", async () => {
    const idle = env().SESSION_IDLE_MINUTES * MIN;
    const { token } = await signIn("idle@firm.test", "idle-password-1", { now: new Date(T0) });
    expect(await lastSeen(token)).toBe(T0);

    // Within a minute: valid, nothing written.
    expect((await resolveSession(token, new Date(T0 + 30_000)))?.email).toBe("idle@firm.test");
    expect(await lastSeen(token)).toBe(T0);
    // After a minute: valid, use recorded.
    const t1 = T0 + SESSION_TOUCH_INTERVAL_MS + 1_000;
    expect(await resolveSession(token, new Date(t1))).not.toBeNull();
    expect(await lastSeen(token)).toBe(t1);
    expect(await resolveSession(token, new Date(t1 + 10_000))).not.toBeNull();
    expect(await lastSeen(token)).toBe(t1);

    // Used regularly, it lives past the idle limit counted from sign-in.
    let t = t1;
    while (t < T0 + idle + 5 * MIN) {
      t += idle / 2;
      expect(await resolveSession(token, new Date(t))).not.toBeNull();
    }
    // Left alone longer than the limit: refused and deleted.
    expect(await resolveSession(token, new Date(t + idle + 1))).toBeNull();
    expect(await lastSeen(token)).toBeUndefined();
  });

  it("still ends sessions at their absolute lifetime", async () => {
    const { token, expiresAt } = await signIn("idle@firm.test", "idle-password-1", { now: new Date(T0) });
    expect(expiresAt.getTime()).toBe(T0 + env().SESSION_TTL_HOURS * 3_600_000);
    let t = T0;
    while (t + 60 * MIN < expiresAt.getTime()) {
      t += 60 * MIN;
      await resolveSession(token, new Date(t));
    }
    expect(await resolveSession(token, expiresAt)).toBeNull();
  });
});

describe("purge of expired and idle sessions", () => {
  it("deletes expired and idle sessions, keeps live ones; at most hourly when run as housekeeping", async () => {
    await db.session.deleteMany({});
    const now = T0 + 100 * 24 * 60 * MIN;
    const idle = env().SESSION_IDLE_MINUTES * MIN;
    const make = (tokenHash: string, lastSeenAgo: number, expiresIn: number) =>
      insertSession({
        tokenHash,
        userId,
        expiresAt: new Date(now + expiresIn),
        now: new Date(now - lastSeenAgo),
      });
    await make("live", 5 * MIN, 120 * MIN);
    await make("expired", 5 * MIN, -1);
    await make("idle", idle + MIN, 60 * MIN);

    expect(await purgeStaleSessions(new Date(now))).toBe(2);
    expect((await db.session.findMany()).map((s) => s.tokenHash)).toEqual(["live"]);

    // Housekeeping runs again only once the hour since the last purge has passed.
    await make("expired-2", MIN, -1);
    expect(await purgeStaleSessionsIfDue(new Date(now + 10 * MIN))).toBe(0);
    expect(await db.session.count()).toBe(2);
    expect(await purgeStaleSessionsIfDue(new Date(now + PURGE_INTERVAL_MS))).toBe(1);
    expect(await db.session.count()).toBe(1);
  });

  it("a sign-in clears the user's own stale sessions", async () => {
    await db.session.deleteMany({});
    const now = T0 + 200 * 24 * 60 * MIN;
    await insertSession({ tokenHash: "old", userId, expiresAt: new Date(now - 1), now: new Date(now - 2 * MIN) });
    await signIn("idle@firm.test", "idle-password-1", { now: new Date(now) });
    const rows = await db.session.findMany({ where: { userId } });
    expect(rows.map((r) => r.tokenHash)).not.toContain("old");
    expect(rows).toHaveLength(1);
  });
});
