import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { registerUser } from "@/lib/auth/users";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { stateFromStored } from "@/lib/chat/state";
import type { ChatEvent } from "@/lib/chat/types";
import { listOwnMessages } from "@/lib/db/chats";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { resetEnvCache } from "@/lib/env";
import { runIngestionJob } from "@/lib/ingest/run-job";
import type { StrategyId } from "@/lib/rag/strategies/steps";
import { getStore } from "@/lib/store";
import { decisionKey } from "@/lib/text/decision-key";
import { type FakeOpenAI, type Rule, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { useTestDatabase } from "../support/test-db";

// The chat's citation features end to end below the browser: our fixture decisions (an en banc
// 2097다7202 overruling 2096다5101 in part), the fake model and reranker servers over HTTP.
const QUESTION = "무인 배송로봇이 보도에서 저를 치었어요. 운영자가 조심했다고 하면 배상을 못 받나요?";
const SUPPORTED =
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있습니다";
const UNSUPPORTED = "보행자는 사고 뒤 사흘 안에 관할 구청에 서면으로 신고하여야 합니다";
const ANSWER = `${SUPPORTED}(대법원 2097다7202). ${UNSUPPORTED}(대법원 2096다5101).`;
const QUOTE =
  "무인 배송로봇의 운영자는 로봇이 보도에서 보행자와 충돌하여 생긴 손해를 과실 유무와 관계없이 배상할 책임이 있다.";

const base: Rule[] = [
  { system: "법률 분석가", reply: "무인 배송로봇 보행자 충돌 사고에서 운영자의 손해배상 책임" },
  {
    system: "대법원 판사",
    reply: `검토\n${RATIONALE_MARKER}\n무인 배송로봇의 운영자는 보행자와 충돌하여 생긴 손해를 배상할 책임이 있다.`,
  },
];
const verifier = (reply: string): Rule => ({ system: "판례 인용 검증자", reply });
const answering = (reply: string): Rule => ({ system: "리서치 어시스턴트", reply });

let server: FakeOpenAI;
let rerank: FakeRerank;
let userId: string;

beforeAll(async () => {
  useTestDatabase();
  server = await startFakeOpenAI();
  rerank = await startFakeRerank();
  Object.assign(process.env, {
    LLM_BASE_URL: server.url,
    LLM_MODEL: "fake",
    RERANK_BASE_URL: rerank.url,
    RERANK_MODEL: "fake-rerank",
    DATA_DIR: mkdtempSync(join(tmpdir(), "rar-cite-")),
    DECLINE_MIN_RERANK_SCORE: "0.05",
  });
  delete process.env.EMBEDDINGS_BASE_URL;
  resetEnvCache();
  const store = await getStore();
  for (const [name, dir] of [
    ["테스트 판례", "tests/fixtures/decisions"],
    ["인용 판례", "tests/fixtures/citations"],
  ] as const) {
    const corpus = await createCorpus(name);
    const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: resolve(dir) });
    await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir: process.env.DATA_DIR ?? "" });
  }
  userId = (await registerUser({ email: "cite@firm.test", name: "인용", role: "lawyer", password: "cite-password-1" }))
    .id;
});
afterAll(async () => {
  await server.close();
  await rerank.close();
});

async function ask(question = QUESTION, strategy?: StrategyId) {
  const prepared = await prepareAsk(userId, question, undefined, undefined, strategy);
  const events: ChatEvent[] = [];
  await runAsk(prepared, (e) => events.push(e), new AbortController().signal);
  const done = events.find((e) => e.type === "done");
  if (done?.type !== "done") throw new Error(`no answer: ${JSON.stringify(events.at(-1))}`);
  return { prepared, events, record: done.record };
}
const answerCalls = () => server.requests.filter((r) => JSON.stringify(r.body).includes("리서치 어시스턴트"));

describe("an answer's citations in the chat", () => {
  it("checks every citation after the answer streamed, with the model's verdicts, and stores the report", async () => {
    server.setRules([
      ...base,
      answering(ANSWER),
      verifier(
        JSON.stringify([
          { id: 1, verdict: "supported", quote: QUOTE, reason: "판결요지가 같은 내용입니다." },
          { id: 2, verdict: "unsupported", reason: "신고 기간에 관한 내용이 없습니다." },
        ]),
      ),
    ]);
    const { prepared, events, record } = await ask();
    const types = events.map((e) => e.type);
    // The graph's signals come before the answer; the check after its last word, before "done".
    expect(types.indexOf("signals")).toBeLessThan(types.indexOf("answer-delta"));
    expect(types.lastIndexOf("answer-delta")).toBeLessThan(types.indexOf("support-start"));
    expect(types.indexOf("support-start")).toBeLessThan(types.indexOf("support"));
    expect(types.indexOf("support")).toBeLessThan(types.indexOf("done"));

    const support = record.trace.support;
    expect(support?.methods).toEqual(["llm"]);
    expect(support?.citations.map((c) => [c.caseNo, c.verdict])).toEqual([
      ["2097다7202", "supported"],
      ["2096다5101", "unsupported"],
    ]);
    expect(support?.citations[0]?.quote).toBe(QUOTE);
    expect(support?.citations[1]?.quote).toBeUndefined();
    expect(support?.rate).toBe(0.5);
    expect(record.trace.timings.some((t) => t.stage === "support")).toBe(true);
    expect(record.trace.decline).toBeUndefined();

    // Stored: a reload shows the same marks.
    const stored = (await listOwnMessages(userId, prepared.chatId)).at(-1);
    const state = stateFromStored(stored?.content ?? "", stored?.status ?? "", stored?.trace ?? null);
    expect(state.support?.citations.map((c) => c.verdict)).toEqual(["supported", "unsupported"]);
  });

  it("tells the answer model which context decision was overruled, and keeps the signals with the answer", async () => {
    server.setRules([...base, answering(ANSWER), verifier("[]")]);
    const before = answerCalls().length;
    const { record } = await ask();
    const prompt = JSON.stringify(answerCalls().slice(before)[0]?.body.messages);
    expect(prompt).toContain("변경된 판례");
    expect(prompt).toMatch(
      /2096다5101: 대법원 2099\. 6\. 20\. 선고 2097다7202 판결\(배치되는 범위에서 판례 변경\)로 변경/,
    );
    const key = decisionKey({ court: "대법원", caseNo: "2096다5101" });
    expect(record.signals?.[key]).toMatchObject({
      citedBy: 1,
      overruledBy: [{ caseNo: "2097다7202", scope: "partial" }],
    });
    expect(record.signals?.[decisionKey({ court: "대법원", caseNo: "2098다1001" })]?.citedBy).toBe(1);
  });

  it("keeps the lexical verdicts, saying why, when the verifier's reply is malformed", async () => {
    server.setRules([...base, answering(ANSWER), verifier("네, 두 인용 모두 맞습니다.")]);
    const { record } = await ask();
    const support = record.trace.support;
    expect(support?.methods).toEqual([]);
    expect(support?.citations.map((c) => [c.verdict, c.method])).toEqual([
      ["supported", "lexical"],
      ["unsupported", "lexical"],
    ]);
    expect(support?.notes.join(" ")).toContain("JSON 배열이 아니어서");
  });

  it("keeps an answer whose conclusion is supported even when a later sentence is not", async () => {
    server.setRules([
      ...base,
      answering(`${SUPPORTED}(대법원 2097다7202). ${UNSUPPORTED}(대법원 2096다5101).`),
      verifier("?"),
    ]);
    const { record } = await ask();
    expect(record.trace.support?.citations.map((c) => c.verdict)).toEqual(["supported", "unsupported"]);
    expect(record.trace.decline).toBeUndefined();
  });

  it("declines after the check when the conclusion stands on no supporting citation", async () => {
    // The first two cited sentences (the conclusion) stand on nothing; the third would.
    const more = "사고 현장은 사진으로 남겨 두면 좋습니다(대법원 2096다5101).";
    server.setRules([
      ...base,
      answering(`${UNSUPPORTED}(대법원 2096다5101). ${more} ${SUPPORTED}(대법원 2097다7202).`),
      verifier("?"),
    ]);
    const { record } = await ask();
    expect(record.trace.decline).toMatchObject({ stage: "after-support", code: "declined_unsupported" });
    expect(record.trace.decline?.message).toContain("2096다5101");
    expect(record.trace.decline?.closest.length).toBeGreaterThan(0);
    // The answer is kept (shown folded), not rewritten.
    expect(record.answer).toContain(UNSUPPORTED);
  });

  it("declines before the answer when the reranker finds nothing about the question, calling no answer model", async () => {
    process.env.DECLINE_MIN_RERANK_SCORE = "0.99";
    resetEnvCache();
    try {
      server.setRules([...base, answering(ANSWER)]);
      const before = answerCalls().length;
      const { record, events } = await ask("양자 컴퓨터의 큐비트 결맞음 시간은 얼마인가요?");
      expect(answerCalls().length).toBe(before);
      expect(record.retrievalOnly).toBe(true);
      expect(record.trace.decline).toMatchObject({
        stage: "before-answer",
        code: "declined_thin_evidence",
        threshold: 0.99,
      });
      expect(record.answer).toMatch(/^\*\*검색된 판례로는 이 질문에 대한 결론을 내릴 수 없습니다\.\*\*/);
      expect(record.answer).toContain("가장 가까운 판례:");
      expect(record.answer).toContain(record.trace.decline?.closest[0] ?? "(none)");
      expect(events.some((e) => e.type === "notice" && e.code === "declined_thin_evidence")).toBe(true);
      // Nothing to check in a list of precedents.
      expect(events.some((e) => e.type === "support-start")).toBe(false);
    } finally {
      process.env.DECLINE_MIN_RERANK_SCORE = "0.05";
      resetEnvCache();
    }
  });

  // The gates sit in the shared answer stage, so every strategy's answer passes them — CC-RAG's own
  // answer loop included — and the support check runs on whatever answer the strategy ends with.
  const REWRITES = ["배송로봇 보행자 충돌 손해배상", "자율주행 로봇 운영자 무과실 책임", "보도 로봇 사고 배상"];
  const strategyRules = [
    { system: "검색 질의 재작성", reply: JSON.stringify(REWRITES) },
    { system: "법률 용어 사전", reply: '["배송로봇", "보행자", "손해배상"]' },
  ];
  for (const strategy of ["hybrid", "multi-query", "synonym", "cc-rag"] as const) {
    it(`gives ${strategy}'s answer the graph's signals, the overruling note and the support check`, async () => {
      server.setRules([
        ...strategyRules,
        ...base,
        answering(ANSWER),
        verifier(
          JSON.stringify([
            { id: 1, verdict: "supported", quote: QUOTE, reason: "판결요지가 같은 내용입니다." },
            { id: 2, verdict: "unsupported", reason: "신고 기간에 관한 내용이 없습니다." },
          ]),
        ),
      ]);
      const before = answerCalls().length;
      const { events, record } = await ask(QUESTION, strategy);
      expect(record.trace.strategy?.id).toBe(strategy);
      const types = events.map((e) => e.type);
      expect(types.indexOf("signals")).toBeGreaterThan(-1);
      expect(types.indexOf("signals")).toBeLessThan(types.indexOf("answer-delta"));
      expect(types.lastIndexOf("answer-delta")).toBeLessThan(types.indexOf("support-start"));
      // Every answer call of the strategy (CC-RAG may write it again with more passages) is told.
      const calls = answerCalls().slice(before);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(JSON.stringify(call.body.messages)).toContain("변경된 판례");
      expect(record.trace.support?.citations.map((c) => [c.caseNo, c.verdict])).toEqual([
        ["2097다7202", "supported"],
        ["2096다5101", "unsupported"],
      ]);
      expect(record.signals?.[decisionKey({ court: "대법원", caseNo: "2096다5101" })]?.overruledBy).toHaveLength(1);
    });
  }

  it("declines CC-RAG's answer on thin evidence too, before any answer call, and says why it gave no confidence", async () => {
    process.env.DECLINE_MIN_RERANK_SCORE = "0.99";
    resetEnvCache();
    try {
      server.setRules([...base, answering(ANSWER)]);
      const before = answerCalls().length;
      // Words the corpus has (so CC-RAG, searching the question as asked, finds passages), about nothing it says.
      const { record, events } = await ask("무인 배송로봇의 배터리 교체 주기는 얼마인가요?", "cc-rag");
      expect(record.context.length).toBeGreaterThan(0);
      expect(answerCalls().length).toBe(before);
      expect(record.retrievalOnly).toBe(true);
      expect(record.trace.decline).toMatchObject({ stage: "before-answer", code: "declined_thin_evidence" });
      expect(record.answer).toMatch(/^\*\*검색된 판례로는 이 질문에 대한 결론을 내릴 수 없습니다\.\*\*/);
      const verdict = record.trace.strategy?.steps.find((s) => s.kind === "verdict");
      expect(verdict).toMatchObject({ lowConfidence: false, reason: expect.stringContaining("근거가 부족해") });
      expect(events.some((e) => e.type === "support-start")).toBe(false);
    } finally {
      process.env.DECLINE_MIN_RERANK_SCORE = "0.05";
      resetEnvCache();
    }
  });
});
