import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearFaults } from "@/lib/ai/faults";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { installRecovery } from "@/lib/ai/recovery";
import { registerUser } from "@/lib/auth/users";
import { MODEL_STILL_DOWN, prepareAsk, runAsk } from "@/lib/chat/ask";
import { type CompareSide, compareStrategies } from "@/lib/chat/compare";
import { groupEvidence } from "@/lib/chat/evidence";
import { prepareRerun, type RerunRequest } from "@/lib/chat/rerun";
import type { AnswerRecord } from "@/lib/chat/types";
import { findOwnMessage, listOwnMessages } from "@/lib/db/chats";
import { resetEnvCache } from "@/lib/env";
import { STRATEGY_LABELS } from "@/lib/rag/strategies/steps";
import { getStore } from "@/lib/store";
import { type FakeOpenAI, type Rule, startFakeOpenAI } from "../fake-servers/openai-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";
import { useTestDatabase } from "../support/test-db";

/**
 * Issue 24: a model that dies mid-answer leaves its text (cut off, the reason on top), not a list of
 * precedents; 다시 시도 writes the answer again from the same passages; a turn can be answered again
 * with another strategy or an edited question, in place; two strategies can be compared.
 */

let server: FakeOpenAI;
let userId: string;
const QUESTION = "드론이 떨어뜨린 상자로 차가 부서졌어요. 배상받을 수 있나요?";
const FULL =
  "드론 운용자는 떨어뜨린 물건으로 생긴 손해를 배상할 책임이 있습니다(대법원 2098다1001). 따라서 배상받을 수 있습니다.";
const QUERIES: Rule[] = [
  { system: "법률 분석가", reply: "드론 낙하물 손해배상" },
  { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n운용자는 배상하여야 한다.` },
];

beforeAll(async () => {
  useTestDatabase();
  // The model's fault must not be cleared by a background probe mid-test (tests/ai/recovery.test.ts covers that).
  installRecovery({ backoffMs: [120_000] });
  server = await startFakeOpenAI({ chunkSize: 6 });
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-rerun-")),
  });
  resetEnvCache();
  await seedFixtureDecisions(await getStore());
  userId = (await registerUser({ email: "r@firm.test", name: "재시도", role: "lawyer", password: "rerun-pass-1" })).id;
});
afterAll(() => server.close());

async function stored(id: string): Promise<{ content: string; status: string; record: AnswerRecord }> {
  const m = await findOwnMessage(userId, id);
  return { content: m?.content ?? "", status: m?.status ?? "", record: JSON.parse(m?.trace ?? "{}") };
}

async function rerun(request: RerunRequest) {
  const prepared = await prepareRerun(userId, request);
  const state = await runAsk(prepared, () => {}, new AbortController().signal, {
    reuse: prepared.reuse,
    versions: prepared.versions,
    replacing: prepared.replacing,
  });
  return { prepared, state };
}

describe("an answer the model left unfinished", () => {
  let answerId = "";
  let chatId = "";

  it("keeps the text written so far, marked cut off with the reason, the precedents only in the evidence", async () => {
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", reply: FULL, dropAfterChunks: 4, chunkDelayMs: 30 }]);
    const prepared = await prepareAsk(userId, QUESTION);
    ({ assistantMessageId: answerId, chatId } = prepared);
    const state = await runAsk(prepared, () => {}, new AbortController().signal);
    expect(state.status).toBe("done");
    const { content, status, record } = await stored(answerId);
    expect(status).toBe("complete");
    expect(content.length).toBeGreaterThan(5);
    expect(FULL.startsWith(content)).toBe(true);
    expect(content).not.toBe(FULL);
    expect(content).not.toContain("판시사항");
    expect(record.cutOff).toBeTruthy();
    expect(record.retrievalOnly).toBe(false);
    expect(record.context.length).toBeGreaterThan(0);
    const cut = record.trace.notices.find((n) => n.code === "answer_cut");
    expect(cut?.message).toContain("중간에 끊겼습니다");
    expect(record.trace.notices.map((n) => n.code)).not.toContain("answer_failed");
  });

  it("다시 시도 writes it again from the same passages: no query, no search, the old text kept as a version", async () => {
    clearFaults(); // the model is back
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", reply: FULL }]);
    const before = (await stored(answerId)).record;
    const from = server.requests.length;
    const { prepared, state } = await rerun({ answerId, kind: "retry" });
    expect(prepared.reuse?.context.length).toBe(before.context.length);
    // Nothing was searched again, yet the 검색 card still counts what each query had found.
    const counts = Object.fromEntries(Object.entries(before.trace.lists).map(([k, list]) => [k, list?.length]));
    expect(Object.keys(counts).length).toBeGreaterThan(0);
    expect(state.retrieved).toEqual(counts);
    expect(state.fusedCount).toBe(before.trace.fused.length);
    const after = await stored(answerId);
    expect(after.content).toBe(FULL);
    expect(after.record.cutOff).toBeUndefined();
    expect(after.record.context.map((c) => c.chunk.id)).toEqual(before.context.map((c) => c.chunk.id));
    // Only the answer was asked of the model (and the citation check): no query writing.
    const systems = server.requests.slice(from).map((r) => JSON.stringify(r.body));
    expect(systems.some((b) => b.includes("법률 분석가") || b.includes("대법원 판사"))).toBe(false);
    expect(systems.some((b) => b.includes("리서치 어시스턴트"))).toBe(true);
    // The queries the passages were found with are still in the trace.
    expect(after.record.trace.queries.analytical).toBe(before.trace.queries.analytical);
    expect(after.record.versions?.map((v) => v.answer)).toEqual([before.answer]);
    // One answer message, in place.
    expect((await listOwnMessages(userId, chatId)).filter((m) => m.role === "assistant")).toHaveLength(1);
  });

  it("another strategy answers in place, searching afresh", async () => {
    await rerun({ answerId, kind: "strategy", strategy: "hybrid" });
    const after = await stored(answerId);
    expect(after.status).toBe("complete");
    expect(after.record.trace.strategy?.id).toBe("hybrid");
    expect(after.record.versions).toHaveLength(2);
    expect(after.record.versions?.at(-1)?.strategy).toBe(STRATEGY_LABELS.rar);
  });

  it("an edited question replaces the turn and drops the turns after it", async () => {
    const follow = await prepareAsk(userId, "운용자가 보험에 들었으면 어떻게 되나요?", chatId);
    await runAsk(follow, () => {}, new AbortController().signal);
    expect(await listOwnMessages(userId, chatId)).toHaveLength(4);
    const edited = "드론이 떨어뜨린 화분으로 차가 부서졌어요. 누가 배상하나요?";
    await rerun({ answerId, kind: "edit", question: edited });
    const messages = await listOwnMessages(userId, chatId);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[0]?.content).toBe(edited);
    const after = await stored(answerId);
    expect(after.record.trace.question).toBe(edited);
    expect(after.record.versions?.at(-1)?.question).toBe(QUESTION);
  });

  it("refuses to write again an answer that is still being written", async () => {
    const prepared = await prepareAsk(userId, "드론 사고에서 운용자의 과실은 어떻게 따지나요?");
    // Stored, not yet answered: its message is streaming.
    await expect(prepareRerun(userId, { answerId: prepared.assistantMessageId, kind: "retry" })).rejects.toMatchObject({
      code: "chat:answer_running",
    });
    await expect(prepareRerun("someone-else", { answerId, kind: "retry" })).rejects.toMatchObject({
      code: "not_found:resource",
    });
  });
});

describe("a model that fails before writing anything", () => {
  it("leaves no list of precedents in the body: the reason on top, the precedents in the evidence", async () => {
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", error: { status: 500 } }]);
    const prepared = await prepareAsk(userId, QUESTION);
    await runAsk(prepared, () => {}, new AbortController().signal);
    const { content, record } = await stored(prepared.assistantMessageId);
    expect(content).toBe("");
    expect(record.context.length).toBeGreaterThan(0);
    const failed = record.trace.notices.find((n) => n.code === "answer_failed")?.message;
    expect(failed).toContain("근거 패널");
    // Decisions are counted as the panel lists them; the passages are said to be passages.
    const decisions = groupEvidence(record.context).length;
    expect(decisions).toBeLessThan(record.context.length);
    expect(failed).toContain(`찾은 판례 ${decisions}건(관련 부분 ${record.context.length}개)`);
    clearFaults();
  });
});

describe("다시 시도 while the model is still down", () => {
  let answerId = "";
  let cut = "";

  it("keeps the cut-off answer in place when the model fails again, and says it is still unreachable", async () => {
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", reply: FULL, dropAfterChunks: 4, chunkDelayMs: 30 }]);
    const prepared = await prepareAsk(userId, "드론 낙하 사고로 생긴 수리비는 누가 물어주나요?");
    answerId = prepared.assistantMessageId;
    await runAsk(prepared, () => {}, new AbortController().signal);
    cut = (await stored(answerId)).content;
    expect(cut.length).toBeGreaterThan(5);
    // The probe finds nothing to check; the answer call itself fails again.
    clearFaults();
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", error: { status: 500 } }]);
    const { state } = await rerun({ answerId, kind: "retry" });
    expect(state.status).toBe("done");
    expect(state.answer).toBe(cut);
    expect(state.notices.map((n) => n.code)).toContain("model_still_down");
    const after = await stored(answerId);
    expect(after.content).toBe(cut);
    expect(after.status).toBe("complete");
    expect(after.record.retrievalOnly).toBe(false);
    expect(after.record.cutOff).toBeTruthy();
    // Not filed under 이전 답변: it is still the answer.
    expect(after.record.versions).toBeUndefined();
    expect(after.record.trace.notices.find((n) => n.code === "model_still_down")?.message).toBe(MODEL_STILL_DOWN);
  });

  it("rewrites nothing when the model fails its probe", async () => {
    // The failure above is on record; the probe of 다시 시도 fails as well.
    server.setRules([
      { user: "연결 확인", error: { status: 503 } },
      ...QUERIES,
      { system: "리서치 어시스턴트", reply: FULL },
    ]);
    const from = server.requests.length;
    await expect(prepareRerun(userId, { answerId, kind: "retry" })).rejects.toMatchObject({
      code: "ai:unreachable",
      userMessage: MODEL_STILL_DOWN,
    });
    const after = await stored(answerId);
    expect(after.content).toBe(cut);
    expect(after.status).toBe("complete");
    expect(server.requests.slice(from).some((r) => JSON.stringify(r.body).includes("리서치 어시스턴트"))).toBe(false);
    clearFaults();
  });
});

describe("comparing two strategies", () => {
  it("answers with both, each with its precedents, the cited ones marked", async () => {
    server.setRules([...QUERIES, { system: "리서치 어시스턴트", reply: FULL }]);
    const frames: CompareSide[][] = [];
    const sides = await compareStrategies(QUESTION, ["rar", "hybrid"], undefined, new AbortController().signal, (f) =>
      frames.push(f),
    );
    expect(sides.map((s) => s.label)).toEqual([STRATEGY_LABELS.rar, STRATEGY_LABELS.hybrid]);
    expect(sides[1]?.strategy).toBe("hybrid");
    for (const side of sides) {
      expect(side.status).toBe("done");
      expect(side.answer).toBe(FULL);
      expect(side.precedents.length).toBeGreaterThan(0);
      expect(side.precedents.some((p) => p.cited && p.caseNo === "2098다1001")).toBe(true);
      // The record the chat's answer renders from: the citation checked against a passage (a link
      // into the viewer), and the support check's verdict for it (its mark).
      const citation = side.record?.parts.find((p) => p.type === "citation" && p.caseNo === "2098다1001");
      expect(citation).toMatchObject({ valid: true });
      expect(side.record?.trace.support?.citations.length).toBeGreaterThan(0);
    }
    // It streamed: a side was seen mid-answer before either was done.
    expect(frames.some((f) => f.some((s) => s.status === "running" && s.answer.length > 0 && s.answer !== FULL))).toBe(
      true,
    );
    await expect(
      compareStrategies(QUESTION, ["rar", "rar"], undefined, new AbortController().signal),
    ).rejects.toMatchObject({ code: "bad_request:input" });
  });
});
