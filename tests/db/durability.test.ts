import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { ChatEvent } from "@/lib/chat/types";
import { createChat, listOwnMessages } from "@/lib/db/chats";
import { createDb } from "@/lib/db/client";
import { sqlitePath } from "@/lib/db/sqlite-path";
import { resetEnvCache } from "@/lib/env";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { getStore } from "@/lib/store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
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

let server: FakeOpenAI;
let userId: string;
let dbFile: string;

beforeAll(async () => {
  useTestDatabase();
  dbFile = onPostgres() ? "" : sqlitePath(process.env.DATABASE_URL ?? "");
  server = await startFakeOpenAI({
    rules: [
      { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", reply: "배상받을 수 있습니다(대법원 2098다1001)." },
    ],
  });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-durable-")),
  });
  resetEnvCache();
  const store = await getStore();
  for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
    for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
      await store.upsert(
        chunkDecision(d, { corpusId: "c" }).map((chunk) => ({ chunk, tokens: tokenizeKo(chunk.text) })),
      );
    }
  }
  userId = (await registerUser({ email: "wal@firm.test", name: "변호사", role: "lawyer", password: "wal-password-1" }))
    .id;
});
afterAll(() => server.close());

/** Another connection, outside the app: a backup, an admin's shell, another process. */
interface Outsider {
  /** Runs `sql` there (SQLite: exec; PostgreSQL: query). */
  run(sql: string): Promise<void>;
  inTransaction(): boolean;
  close(): Promise<void>;
}

async function outsider(url: string, options: { readonly?: boolean } = {}): Promise<Outsider> {
  if (onPostgres()) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let open = false;
    return {
      async run(sql) {
        await client.query(sql);
        if (/^\s*BEGIN/i.test(sql)) open = true;
        if (/^\s*(COMMIT|ROLLBACK)/i.test(sql)) open = false;
      },
      inTransaction: () => open,
      close: () => client.end(),
    };
  }
  const raw = new Database(sqlitePath(url), { readonly: options.readonly ?? false, timeout: 0 });
  return {
    async run(sql) {
      raw.exec(sql);
    },
    inTransaction: () => raw.inTransaction,
    async close() {
      raw.close();
    },
  };
}

/** A write lock held by the outsider: SQLite's database lock, PostgreSQL's lock on the Chat table. */
const LOCK_FOR_WRITES = () => (onPostgres() ? 'BEGIN; LOCK TABLE "Chat" IN EXCLUSIVE MODE' : "BEGIN IMMEDIATE");

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
      const prepared = await prepareAsk(userId, "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
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
    await Promise.all([client.$disconnect(), quick.$disconnect()]);
  });
});
