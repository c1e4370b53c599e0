import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
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
import { tokenizeKo } from "@/lib/ingest/tokenize-ko";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { createTestDb, useTestDatabase } from "../support/test-db";

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
  dbFile = sqlitePath(process.env.DATABASE_URL ?? "");
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

describe("durable SQLite", () => {
  it("runs in WAL mode", () => {
    const raw = new Database(dbFile, { readonly: true });
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("stores the question and delivers the answer while another process's reader holds the database", async () => {
    // An external reader (a backup, an admin's sqlite3 shell) with an open read transaction.
    const reader = new Database(dbFile, { readonly: true });
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) FROM Message").get();
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
      expect(reader.inTransaction).toBe(true);
    } finally {
      reader.exec("COMMIT");
      reader.close();
    }
  });

  it("waits for another writer on a timer, not by freezing the event loop", async () => {
    const { url } = createTestDb();
    const client = createDb(url, 10_000);
    const owner = await client.user.create({ data: { email: "w@firm.test", name: "w", passwordHash: "x" } });
    const writer = new Database(sqlitePath(url), { timeout: 0 });
    writer.exec("BEGIN IMMEDIATE");
    const release = setTimeout(() => writer.exec("COMMIT"), 1_500);
    const { result, gapMs } = await maxLoopGap(() => createChat(owner.id, "잠긴 동안 만든 대화", client));
    clearTimeout(release);
    writer.close();
    expect(result.title).toBe("잠긴 동안 만든 대화");
    // The write waited ~1.5 s for the lock; the loop kept ticking (the driver's own wait is 50 ms).
    expect(gapMs).toBeLessThan(400);
    await client.$disconnect();
  });

  it("gives up with a typed, honest error once the busy budget is spent", async () => {
    const { url } = createTestDb();
    const client = createDb(url, 300);
    const owner = await client.user.create({ data: { email: "w@firm.test", name: "w", passwordHash: "x" } });
    const writer = new Database(sqlitePath(url), { timeout: 0 });
    writer.exec("BEGIN IMMEDIATE");
    try {
      await expect(createChat(owner.id, "x", client)).rejects.toMatchObject({ code: "db:busy" });
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
      await client.$disconnect();
    }
  });
});
