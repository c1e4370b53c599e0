import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearFaults, recentFault } from "@/lib/ai/faults";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { stateFromStored } from "@/lib/chat/state";
import type { ChatEvent } from "@/lib/chat/types";
import { findOwnChat, listOwnMessages } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import type { StrategyId } from "@/lib/rag/strategies/steps";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

const QUESTION = "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";
const ANSWER = "배상받을 수 있습니다. 배송 사업자는 낙하물 손해를 배상할 책임이 있습니다(대법원 2098다1001).";
let server: FakeOpenAI;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI();
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-chat-strategy-")),
    // The chat reads the strategies' settings from the environment.
    CCRAG_MAX_RETRIES: "1",
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "s@firm.test", name: "전략", role: "lawyer", password: "strategy-pass-1" })).id;
});
afterAll(async () => {
  delete process.env.CCRAG_MAX_RETRIES;
  resetEnvCache();
  await server.close();
});
beforeEach(() => clearFaults());

async function ask(question: string, chatId?: string, strategy?: StrategyId) {
  const prepared = await prepareAsk(userId, question, chatId, undefined, strategy);
  const events: ChatEvent[] = [];
  const state = await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
  return { prepared, events, state };
}

describe("the strategy a chat uses", () => {
  it("is picked per question, remembered on the chat, and its steps are folded live and restored after reload", async () => {
    server.setRules([
      { system: "법률 용어 사전", reply: '["낙하물", "손해배상", "드론 배송"]' },
      { system: "리서치 어시스턴트", reply: ANSWER },
    ]);
    const first = await ask(QUESTION, undefined, "synonym");
    expect(first.prepared.strategy).toBe("synonym");
    expect((await findOwnChat(userId, first.prepared.chatId))?.strategy).toBe("synonym");
    expect(first.state.strategy?.id).toBe("synonym");
    expect(first.state.strategy?.steps).toEqual([
      expect.objectContaining({ kind: "terms", status: "done", terms: ["낙하물", "손해배상", "드론 배송"] }),
    ]);
    expect(first.events.some((e) => e.type === "strategy-step")).toBe(true);

    const [, stored] = await listOwnMessages(userId, first.prepared.chatId);
    const reloaded = stateFromStored(stored?.content ?? "", stored?.status ?? "", stored?.trace ?? null);
    expect(reloaded.strategy).toEqual(first.state.strategy);

    // A later question in the same chat keeps it without being told; a new chat starts with RAR.
    const prepared = await prepareAsk(userId, "후속 질문입니다", first.prepared.chatId);
    expect(prepared.strategy).toBe("synonym");
    expect((await prepareAsk(userId, "새 대화")).strategy).toBe("rar");
  });

  it("CC-RAG in the chat: log-probs from the endpoint, a retry that replaces the answer, a labelled low-confidence end", async () => {
    server.setRules([{ system: "리서치 어시스턴트", reply: "잘 모르겠습니다.", logprobs: -4 }]);
    const before = server.requests.length;
    const { state, events } = await ask(QUESTION, undefined, "cc-rag");
    const answers = server.requests.slice(before).filter((r) => JSON.stringify(r.body).includes("리서치 어시스턴트"));
    expect(answers.map((r) => r.body.logprobs)).toEqual([true, true]); // CCRAG_MAX_RETRIES=1: one retry
    expect(events.filter((e) => e.type === "answer-reset")).toHaveLength(1);
    expect(state.answer).toBe("잘 모르겠습니다.");
    expect(state.status).toBe("done");
    expect(state.strategy?.lowConfidence).toBe(true);
    expect(state.notices.map((n) => n.code)).toContain("low_confidence");
  });

  it("a failing answer call through the log-prob client counts as an LLM fault", async () => {
    server.setRules([{ system: "리서치 어시스턴트", error: { status: 500 } }]);
    const { state } = await ask(QUESTION, undefined, "cc-rag");
    expect(state.notices.map((n) => n.code)).toContain("answer_failed");
    expect(recentFault("llm", 60_000)?.code).toBe("ai:upstream_error");
  });
});
