import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatEvent } from "@/lib/chat/types";
import { createChat, listOwnMessages } from "@/lib/db/chats";
import { createDb } from "@/lib/db/client";
import { sqlitePath } from "@/lib/db/sqlite-path";
import { DRONE_QUESTION, type DroneChat, startDroneChat } from "../support/drone-chat";
import { LOCK_FOR_WRITES, outsider } from "../support/outsider";
import { createTestDb, onPostgres, useTestDatabase } from "../support/test-db";

/** The largest pause of the event loop while `work` runs (a 10 ms ticker measures it). */
async function maxLoopGap<T>(work: () => Promise<T>): Promise<{ result: T; gapMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), gapMs };
  } finally {
    clearInterval(ticker);
  }
}

let chat: DroneChat;
let userId: string;
let dbFile: string;

beforeAll(async () => {
  useTestDatabase();
  chat = await startDroneChat("durable", "wal@firm.test");
  userId = chat.userId;
  dbFile = onPostgres() ? "" : sqlitePath(process.env.DATABASE_URL ?? "");
});
afterAll(() => chat.server.close());

describe("durable database", () => {
  it.skipIf(onPostgres())("runs in WAL mode (SQLite)", () => {
    const raw = new Database(dbFile, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("stores the question and delivers the answer while another process's reader holds the database", async () => {
    // An external reader (a backup, an admin's shell) with an open read transaction.
    const reader = await outsider(process.env.DATABASE_URL ?? "", { readonly: true });
    await reader.run("BEGIN");
    await reader.run('SELECT count(*) FROM "Message"');
    const heldSince = Date.now();
    try {
      const prepared = await prepareAsk(userId, DRONE_QUESTION);
      const events: ChatEvent[] = [];
      await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
      expect(events.at(-1)?.type).toBe("done");
      const messages = await listOwnMessages(userId, prepared.chatId);
      expect(messages.map((m) => [m.role, m.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
      expect(messages[1]?.content).toContain("2098다1001");
      // Still inside the reader's transaction (the 10 s hold): nothing waited for it.
      expect(Date.now() - heldSince).toBeLessThan(10_000);
      expect(reader.inTransaction()).toBe(true);
    } finally {
      await reader.run("COMMIT");
      await reader.close();
    }
  });

  it("waits for another writer on a timer, not by freezing the event loop", async () => {
    const { url } = createTestDb();
    const client = createDb(url, 10_000);
    const owner = await client.user.create({ data: { email: "w@firm.test", name: "w", passwordHash: "x" } });
    const writer = await outsider(url);
    await writer.run(LOCK_FOR_WRITES());
    let committed: Promise<void> | undefined;
    const release = setTimeout(() => {
      committed = writer.run("COMMIT");
    }, 1_500);
    const { result, gapMs } = await maxLoopGap(() => createChat(owner.id, "잠긴 동안 만든 대화", client));
    clearTimeout(release);
    // The chat is written as soon as the server has committed, which can be before the outsider's
    // client has read COMMIT's reply: closing it then would cut that reply off (an unhandled
    // "Connection terminated" on PostgreSQL, seen in a fresh-clone run).
    await committed;
    await writer.close();
    expect(result.title).toBe("잠긴 동안 만든 대화");
    // The write waited ~1.5 s for the lock; the loop kept ticking (SQLite's own wait is 50 ms).
    expect(gapMs).toBeLessThan(400);
    await client.$disconnect();
  });

  it("gives up with a typed, honest error once the busy budget is spent", async () => {
    const { url } = createTestDb();
    const client = createDb(url, 300);
    const owner = await client.user.create({ data: { email: "w@firm.test", name: "w", passwordHash: "x" } });
    const writer = await outsider(url);
    await writer.run(LOCK_FOR_WRITES());
    try {
      const started = Date.now();
      await expect(createChat(owner.id, "x", client)).rejects.toMatchObject({ code: "db:busy" });
      // Within the budget and a margin, not twice it (a spent lock wait is not waited again).
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await writer.run("ROLLBACK");
      await writer.close();
      await client.$disconnect();
    }
  });

  it.runIf(onPostgres())("retries a serialization failure or deadlock, then succeeds (PostgreSQL)", async () => {
    const { url } = createTestDb();
    const client = createDb(url, 5_000);
    // Fails with SQLSTATE 40001 (serialization_failure) twice, then succeeds: as a conflicting
    // transaction would, raised by the server itself so the real driver error path is taken.
    await client.$executeRawUnsafe("CREATE SEQUENCE attempts");
    const flaky = `DO $$ BEGIN IF nextval('attempts') < 3 THEN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END IF; END $$`;
    await client.$executeRawUnsafe(flaky);
    const rows = await client.$queryRawUnsafe<{ last: bigint }[]>("SELECT last_value AS last FROM attempts");
    expect(Number(rows[0]?.last)).toBe(3);
    // Deadlocks (40P01) too; and a conflict that never clears ends as db:busy.
    const always = (code: string) => `DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '${code}'; END $$`;
    const quick = createDb(url, 300);
    await expect(quick.$executeRawUnsafe(always("40P01"))).rejects.toMatchObject({ code: "db:busy" });
    await expect(quick.$executeRawUnsafe(always("40001"))).rejects.toMatchObject({ code: "db:busy" });
    // A lock wait past lock_timeout, or a statement an administrator's statement_timeout cancelled.
    await expect(quick.$executeRawUnsafe(always("55P03"))).rejects.toMatchObject({ code: "db:busy" });
    await expect(quick.$executeRawUnsafe(always("57014"))).rejects.toMatchObject({ code: "db:busy" });
    await Promise.all([client.$disconnect(), quick.$disconnect()]);
  });
});
