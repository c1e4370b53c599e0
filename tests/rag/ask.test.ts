import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk, STANDALONE_FAILED } from "@/lib/chat/ask";
import type { AnswerRecord, ChatEvent } from "@/lib/chat/types";
import { listOwnMessages } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, type Rule, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

const FOLLOW_UP = "그럼 과실이 상대방에게 있으면요?";
const STANDALONE = "드론 배송 사고에서 피해자에게 과실이 있으면 손해배상액이 줄어드나요?";
const REPLIES: Rule[] = [
  { system: "완결된 질문", reply: STANDALONE },
  { system: "법률 분석가", reply: "드론 낙하물 손해배상과 과실상계" },
  {
    system: "대법원 판사",
    reply: `검토\n${RATIONALE_MARKER}\n피해자에게 과실이 있으면 법원은 이를 참작하여야 한다.`,
  },
  { system: "리서치 어시스턴트", reply: "과실상계가 적용됩니다(대법원 2098다1001)." },
];
let server: FakeOpenAI;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI({ rules: REPLIES });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-ask-")),
  });
  resetEnvCache();
  const store = await getStore();
  await seedFixtureDecisions(store);
  userId = (await registerUser({ email: "ask@firm.test", name: "질문자", role: "lawyer", password: "ask-password-1" }))
    .id;
});
afterAll(() => server.close());

async function ask(question: string, chatId?: string, corpusIds?: string[]) {
  const prepared = await prepareAsk(userId, question, chatId, corpusIds ? { corpusIds } : undefined);
  const events: ChatEvent[] = [];
  await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
  return { prepared, events };
}

describe("asking in a chat", () => {
  it("stores the question and the answer with its trace", async () => {
    const { prepared, events } = await ask("드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
    expect(events.at(-1)?.type).toBe("done");
    const messages = await listOwnMessages(userId, prepared.chatId);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    const record = JSON.parse(messages[1]?.trace ?? "{}") as AnswerRecord;
    expect(record.trace.queries.analytical).toBe("드론 낙하물 손해배상과 과실상계");
    expect(record.parts.some((p) => p.type === "citation" && p.valid)).toBe(true);
  });

  it("rewrites a follow-up into a standalone question before the pipeline", async () => {
    const first = await ask("드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
    const { events } = await ask(FOLLOW_UP, first.prepared.chatId);
    expect(events.find((e) => e.type === "standalone")).toEqual({ type: "standalone", text: STANDALONE });
    const analystCall = server.requests.filter((r) => JSON.stringify(r.body).includes("법률 분석가")).at(-1);
    expect(JSON.stringify(analystCall?.body)).toContain(STANDALONE);
    const done = events.find((e) => e.type === "done");
    expect(done?.type === "done" && done.record.standalone).toBe(STANDALONE);
  });

  it("searches a follow-up as asked, and says so, when it cannot be rewritten", async () => {
    const bare = "그럼 임대인 쪽에서 보면 어떻게 되나요?";
    const first = await ask("드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?");
    const rules = [
      { system: "완결된 질문", user: "임대인 쪽에서", error: { status: 400, body: { error: { message: "bad" } } } },
      ...REPLIES,
    ];
    server.setRules(rules);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { prepared, events } = await ask(bare, first.prepared.chatId);
      expect(events.some((e) => e.type === "standalone")).toBe(false);
      const notice = events.find((e) => e.type === "notice" && e.code === "standalone_failed");
      expect(notice).toMatchObject({ message: STANDALONE_FAILED });
      // The analyst searched the bare follow-up itself.
      const analystCall = server.requests.filter((r) => JSON.stringify(r.body).includes("법률 분석가")).at(-1);
      expect(JSON.stringify(analystCall?.body)).toContain(bare);
      const done = events.find((e) => e.type === "done");
      expect(done?.type === "done" && done.record.standalone).toBeUndefined();
      // Kept with the answer: a reloaded chat shows it too.
      const messages = await listOwnMessages(userId, prepared.chatId);
      const record = JSON.parse(messages.at(-1)?.trace ?? "{}") as AnswerRecord;
      expect(record.trace.notices.map((n) => n.code)).toContain("standalone_failed");
      expect(warn.mock.calls.some(([line]) => String(line).includes("follow-up not rewritten"))).toBe(true);
    } finally {
      warn.mockRestore();
      server.setRules(REPLIES);
    }
  });

  it("searches only the corpora the lawyer picked", async () => {
    const calls = server.requests.length;
    const { events } = await ask("드론 사고 배상", undefined, ["another-corpus"]);
    const done = events.find((e) => e.type === "done");
    expect(done?.type === "done" && done.record.context).toEqual([]);
    // A scope with no decisions is said to be one (not "rephrase"), and no model is called for it.
    expect(done?.type === "done" && done.record.trace.notices.map((n) => n.code)).toEqual(["no_match"]);
    expect(done?.type === "done" && done.record.answer).toContain("필터에 맞는 판례가 없습니다");
    expect(server.requests.length).toBe(calls);
    const all = await ask("드론 사고 배상", undefined, ["c"]);
    const found = all.events.find((e) => e.type === "done");
    expect(found?.type === "done" && found.record.context.every((c) => c.chunk.corpusId === "c")).toBe(true);
    expect(found?.type === "done" && found.record.context.length).toBeGreaterThan(0);
  });

  it("refuses to continue another user's chat", async () => {
    const mine = await ask("드론 사고 배상");
    const other = await registerUser({
      email: "other@firm.test",
      name: "타인",
      role: "lawyer",
      password: "other-password-1",
    });
    await expect(prepareAsk(other.id, "끼어들기", mine.prepared.chatId)).rejects.toMatchObject({
      code: "not_found:resource",
    });
  });
});
