import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerCard } from "@/components/chat/answer-card";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { stateFromStored } from "@/lib/chat/state";
import { listOwnMessages } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { INDEX_INCOMPLETE_NOTICE } from "@/lib/rag/stages/context";
import { getStore } from "@/lib/store";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

/**
 * Issue 23 item 0: a running server answers around a large import's backlog (availability first)
 * — the answer must say so to the lawyer, and keep saying so after a reload, rather than read as
 * if the corpus had nothing more. The import is another process (tests/store/store-probe.ts, as the
 * ingest CLI), so the backlog arrives through the change log as it does in production.
 */

const run = promisify(execFile);
let server: FakeOpenAI;
let userId: string;
let store: EmbeddedStore;
let storeDir: string;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI();
  const dataDir = mkdtempSync(join(tmpdir(), "rar-index-incomplete-"));
  Object.assign(process.env, { LLM_BASE_URL: server.url, LLM_MODEL: "fake", DATA_DIR: dataDir });
  resetEnvCache();
  // The app's store (lib/store/index.ts keeps it on globalThis), but without the data_version poll:
  // the worker sees the other process's commits only when asked, so the backlog is there when asked.
  storeDir = join(dataDir, "store");
  store = new EmbeddedStore(storeDir, { pollMs: 3_600_000 });
  (globalThis as { __store?: unknown }).__store = store;
  expect(await getStore()).toBe(store);
  await seedFixtureDecisions(store);
  userId = (await registerUser({ email: "i@firm.test", name: "색인", role: "lawyer", password: "index-pass-1" })).id;
});
afterAll(async () => {
  await store.close();
  (globalThis as { __store?: unknown }).__store = undefined;
  await server.close();
});

const ask = async (question: string) => {
  const prepared = await prepareAsk(userId, question);
  const live = await runAsk(prepared, () => {}, new AbortController().signal);
  const stored = (await listOwnMessages(userId, prepared.chatId)).find((m) => m.role === "assistant");
  return { live, reloaded: stateFromStored(stored?.content ?? "", stored?.status ?? "", stored?.trace ?? null) };
};

const codes = (notices: { code: string }[]) => notices.map((n) => n.code);

describe("an answer searched while the index catches up with an import", () => {
  it("says so on the answer card, and again after a reload; a complete index says nothing", async () => {
    server.setRules([
      { system: "법률 분석가", reply: "임대차 보증금 반환" },
      { system: "대법원 판사", reply: "임대인은 보증금을 반환하여야 한다." },
      { system: "리서치 어시스턴트", reply: "보증금은 돌려받을 수 있습니다." },
    ]);
    // The index is current: nothing to say.
    const before = await ask("임대차가 끝났는데 보증금을 못 받았어요. 어떻게 하나요?");
    expect(codes(before.live.notices)).not.toContain("index_incomplete");
    expect(before.live.record?.trace.indexIncomplete).toBeUndefined();

    // Another process imports 12,000 chunks: far above the backlog a search waits for (500).
    const args = ["--import", "tsx", "tests/store/store-probe.ts", "write", storeDir, "r9", "0", "12000", "0"];
    const { stdout } = await run(process.execPath, args, { encoding: "utf8", timeout: 90_000 });
    expect(stdout.trim()).toBe("wrote 12000");

    const during = await ask("임대차 보증금을 돌려받지 못하면 무엇을 할 수 있나요?");
    expect(during.live.status).toBe("done");
    expect(during.live.notices).toContainEqual({ code: "index_incomplete", message: INDEX_INCOMPLETE_NOTICE });
    expect(during.live.record?.trace.indexIncomplete).toBe(true);
    // Stored with the answer: a reload shows it on the card, once.
    expect(codes(during.reloaded.notices)).toEqual(expect.arrayContaining(["index_incomplete"]));
    const card = renderToStaticMarkup(
      createElement(AnswerCard, { question: "q", state: during.reloaded, selected: true, onShowEvidence: () => {} }),
    );
    expect(card.split(INDEX_INCOMPLETE_NOTICE).length - 1).toBe(1);

    // Once the index has caught up, answers are complete again.
    expect((await store.syncIndex()).cursor).toBeGreaterThan(0);
    const after = await ask("보증금 반환 소송은 어떻게 시작하나요?");
    expect(codes(after.live.notices)).not.toContain("index_incomplete");
  }, 120_000);
});
