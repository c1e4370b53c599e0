import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearFaults } from "@/lib/ai/faults";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { installRecovery } from "@/lib/ai/recovery";
import { getComponentStatuses, resetStatusCache } from "@/lib/ai/status";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import type { AnswerState } from "@/lib/chat/state";
import type { ChatEvent } from "@/lib/chat/types";
import { findOwnMessage } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

// The overall answer deadline (ANSWER_DEADLINE_SECONDS) against a model that hangs or stalls.
// Per-call timeouts are left long (60 s): only the deadline can end these answers in time.
const DEADLINE_S = 3;
const PARTIAL = "드론 운용자는 배상 책임이 있습니다(대법원 2098다1001). 그 이유는 다음과 같습니다. 첫째,";
const LONG = `드론 운용자는 배상 책임이 있습니다(대법원 2098다1001). ${"주의의무의 내용을 차례로 살핍니다. ".repeat(40)}`;

let server: FakeOpenAI;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  // The amber state is asserted after each answer: no background re-probe may end it first (tests/ai/recovery.test.ts).
  installRecovery({ backoffMs: [120_000] });
  server = await startFakeOpenAI({
    chunkDelayMs: 5,
    rules: [
      { system: "법률 분석가", user: "분석멈춤", hang: true },
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n드론 운용자는 손해를 배상하여야 한다.` },
      { system: "리서치 어시스턴트", user: "답변멈춤", hang: true },
      { system: "리서치 어시스턴트", user: "중간멈춤", reply: PARTIAL, stallAfterChunks: 6 },
      { system: "리서치 어시스턴트", user: "긴답변", reply: LONG, chunkDelayMs: 60 },
      { system: "리서치 어시스턴트", reply: "배상받을 수 있습니다(대법원 2098다1001)." },
    ],
  });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    LLM_TIMEOUT_MS: "60000",
    ANSWER_DEADLINE_SECONDS: String(DEADLINE_S),
    STATUS_CACHE_SECONDS: "0",
    FAULT_COOLDOWN_SECONDS: "30",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-deadline-")),
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "dl@firm.test", name: "변호사", role: "lawyer", password: "dl-password-12" }))
    .id;
});
afterAll(() => server.close());
beforeEach(() => {
  clearFaults();
  resetStatusCache();
});

async function ask(tag: string) {
  const prepared = await prepareAsk(userId, `드론이 떨어뜨린 상자로 차가 부서졌어요 (${tag}). 배상받을 수 있나요?`);
  const events: { at: number; event: ChatEvent; state: AnswerState }[] = [];
  const t0 = Date.now();
  const final = await runAsk(
    prepared,
    (event, state) => events.push({ at: Date.now() - t0, event, state }),
    new AbortController().signal,
  );
  const done = events.find((e) => e.event.type === "done")?.event;
  if (done?.type !== "done") throw new Error(`no answer: ${final.status} ${final.error ?? ""}`);
  const stored = await findOwnMessage(userId, prepared.assistantMessageId);
  return { ms: Date.now() - t0, record: done.record, final, events, stored };
}

const llmState = async () => (await getComponentStatuses()).find((s) => s.id === "llm");

describe("the overall answer deadline", () => {
  it("a model that never answers: the precedents found become the answer, with a notice, and the LLM turns amber", async () => {
    expect((await llmState())?.state).toBe("active");
    const { ms, record, final, stored } = await ask("답변멈춤");
    // Structural bound: the deadline, not the 60 s per-call timeout, ended it.
    expect(ms).toBeLessThan(DEADLINE_S * 1000 + 5_000);
    expect(final.status).toBe("done");
    expect(record.retrievalOnly).toBe(true);
    expect(record.context.length).toBeGreaterThan(0);
    expect(record.answer).toContain("2098다1001");
    expect(record.trace.notices.map((n) => n.code)).toContain("answer_deadline");
    expect(record.trace.notices.map((n) => n.code)).not.toContain("answer_failed");
    expect(stored?.status).toBe("complete");
    const llm = await llmState();
    expect(llm?.state).toBe("degraded");
    expect(llm?.note).toContain(`${DEADLINE_S}초`);
  });

  it("a model that stalls mid-answer: the text written so far stays, its citation checked", async () => {
    const { record, final } = await ask("중간멈춤");
    expect(final.status).toBe("done");
    expect(record.retrievalOnly).toBe(false);
    expect(record.answer.length).toBeGreaterThan(10);
    expect(PARTIAL.startsWith(record.answer)).toBe(true);
    expect(record.answer).not.toBe(PARTIAL);
    expect(record.parts.some((p) => p.type === "citation" && p.valid && p.caseNo === "2098다1001")).toBe(true);
    expect(record.trace.notices.map((n) => n.code)).toEqual(["answer_deadline"]);
    expect((await llmState())?.state).toBe("degraded");
  });

  it("a model that hangs on the first query: precedents show at once, and the answer ends on time without it", async () => {
    const { ms, record, events } = await ask("분석멈춤");
    expect(ms).toBeLessThan(DEADLINE_S * 1000 + 5_000);
    // The original question's precedents were on screen long before the deadline.
    const firstShown = events.find((e) => (e.state.provisional?.length ?? 0) > 0);
    expect(firstShown?.at).toBeLessThan(DEADLINE_S * 1000);
    expect(Object.keys(record.trace.lists)).toEqual(["original"]);
    expect(record.retrievalOnly).toBe(true);
    expect(record.context.length).toBeGreaterThan(0);
    // One notice says why; the dropped queries do not add failure notices of their own.
    expect(record.trace.notices.map((n) => n.code)).toEqual(["answer_deadline"]);
  });

  it("a long answer still flowing is cut at the deadline with what was written, without blaming the model", async () => {
    const { record } = await ask("긴답변");
    expect(record.answer.length).toBeGreaterThan(20);
    expect(LONG.startsWith(record.answer)).toBe(true);
    expect(record.answer.length).toBeLessThan(LONG.length);
    expect(record.trace.notices.map((n) => n.code)).toEqual(["answer_deadline"]);
    expect((await llmState())?.state).toBe("active");
  });

  it("a normal answer is untouched", async () => {
    const { record } = await ask("보통");
    expect(record.answer).toBe("배상받을 수 있습니다(대법원 2098다1001).");
    expect(record.trace.notices).toEqual([]);
  });
});
