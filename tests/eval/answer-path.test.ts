import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import type { ChatConfig } from "@/lib/ai/config";
import { recordCalls, replayCalls } from "@/lib/ai/model-calls/modes";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { rerank } from "@/lib/ai/rerank";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { YES_NO_NOTE } from "@/lib/eval/prompt-templates";
import { summarize } from "@/lib/eval/report";
import { runEvaluation } from "@/lib/eval/run-eval";
import { resolveSystems } from "@/lib/eval/systems";
import type { PipelineDeps } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { DEAD_URL } from "../ai/support";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { seedFixtureDecisions } from "../support/seed-fixtures";

const QUESTION = "드론 배송 사업자는 낙하물 손해를 배상해야 하나요?";
const ANSWER = "예, 배상할 책임이 있습니다(대법원 2098다1001). 2000다99999 판결은 검색되지 않았습니다.";
let openai: FakeOpenAI;
let reranker: FakeRerank;
let store: EmbeddedStore;
const items = parseBenchmark(
  JSON.stringify({ id: "y1", question: QUESTION, label: "yes", gold_case_numbers: ["2098다1001"] }),
).items;

beforeAll(async () => {
  [openai, reranker] = await Promise.all([
    startFakeOpenAI({
      rules: [
        { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
        { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n낙하물 손해를 배상할 책임이 있다.` },
        { reply: ANSWER },
      ],
    }),
    startFakeRerank(),
  ]);
  store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-answer-")));
  await seedFixtureDecisions(store);
});
afterAll(() => Promise.all([openai.close(), reranker.close(), store.close()]));

const chat = (baseURL: string, calls?: ChatConfig["calls"]): ChatConfig => ({
  baseURL,
  models: { analyst: "a", judge: "j", answer: "w" },
  timeoutMs: 5000,
  calls,
});
const depsWith = (config: ChatConfig): PipelineDeps => ({
  store,
  settings: DEFAULT_SETTINGS,
  filter: { corpusIds: ["c"] },
  stream: (req) => streamChat({ ...req, config }),
});
const userPrompt = (body: Record<string, unknown>) =>
  String((body.messages as { role: string; content: string }[]).findLast((m) => m.role === "user")?.content);

describe("the answer path of every answering system", () => {
  it("sends the yes/no note in the answer prompt, the same way for RAG and LLM only, and counts answer tokens and time", async () => {
    const since = openai.requests.length;
    const { systems } = resolveSystems("rar-sparse,sparse,llm-only");
    const run = await runEvaluation({
      items,
      systems,
      deps: depsWith(chat(openai.url)),
      available: { llm: true, embeddings: false, reranker: false },
    });
    const answers = openai.requests.slice(since).filter((r) => (r.body.model as string) === "w");
    expect(answers).toHaveLength(3); // rar-sparse, sparse and llm-only each wrote one answer
    for (const request of answers) {
      expect(userPrompt(request.body)).toContain(`질문: ${QUESTION}\n${YES_NO_NOTE}`);
    }
    const ragPrompts = answers.filter((r) => userPrompt(r.body).includes("검색된 판례"));
    expect(ragPrompts).toHaveLength(2);

    const rar = run.results.find((r) => r.system === "rar-sparse");
    // The fake server reports usage: 10 prompt tokens + one per character of the reply.
    expect(rar?.answerTokens).toBe(10 + ANSWER.length);
    expect(rar?.tokens).toBeGreaterThan(rar?.answerTokens ?? 0); // analyst and judge calls too
    expect(rar?.answerMs).toBeGreaterThan(0);
    const llmOnly = run.results.find((r) => r.system === "llm-only");
    expect(llmOnly?.answerTokens).toBe(10 + ANSWER.length);
    expect(llmOnly?.citations).toEqual({ valid: [], flagged: ["2098다1001", "2000다99999"] });
    expect(rar?.citations).toEqual({ valid: ["2098다1001"], flagged: ["2000다99999"] });

    const { summaries } = summarize(items, run, systems);
    const byId = Object.fromEntries(summaries.map((s) => [s.id, s]));
    expect(byId["rar-sparse"]?.answerTokens).toBe(10 + ANSWER.length);
    expect(byId["rar-sparse"]?.metrics.citationPrecision?.estimate).toBe(0.5);
    expect(byId["rar-sparse"]?.metrics.goldCitationRate?.estimate).toBe(1);
    expect(byId["llm-only"]?.metrics.citationPrecision?.estimate).toBe(0);
    expect(byId["llm-only"]?.metrics.goldCitationRate?.estimate).toBe(0);
    // Citation support rate beside precision: two cited sentences each; without passages none is supported.
    expect(llmOnly?.support).toEqual({ sentences: 2, supported: 0 });
    expect(byId["llm-only"]?.metrics.citationSupportRate?.estimate).toBe(0);
    // The flagged number's sentence is never supported; a bare "예, 배상할 책임이 있습니다" shares only
    // half its words with 2098다1001's holding: 근거 약함, which the rate does not count as supported.
    expect(rar?.support).toEqual({ sentences: 2, supported: 0 });
    expect(byId["rar-sparse"]?.metrics.citationSupportRate?.estimate).toBe(0);
  });

  it("a replay missing a call fails the item with the role named — it never degrades to a query-less search", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rar-replay-")), "partial.jsonl");
    writeFileSync(file, JSON.stringify({ question: QUESTION, analytical: "드론 낙하물 손해배상 책임" })); // no judge
    const { systems } = resolveSystems("rar-sparse");
    const run = await runEvaluation({
      items: parseBenchmark(JSON.stringify({ id: "r1", question: QUESTION, gold_case_numbers: ["2098다1001"] })).items,
      systems,
      deps: depsWith(chat(DEAD_URL, replayCalls(file))),
      available: { llm: true, embeddings: false, reranker: false },
    });
    expect(run.results[0]?.error).toContain("판사(judge)");
    expect(run.results[0]?.ranked).toEqual([]);

    // Same for a reranker with no recorded reply: an error, not the RRF order.
    const rerankConfig = { baseURL: reranker.url, model: "r", timeoutMs: 5000, calls: replayCalls(file) };
    const { systems: withRerank } = resolveSystems("sparse-rerank");
    const reranked = await runEvaluation({
      items: parseBenchmark(JSON.stringify({ id: "r1", question: QUESTION, gold_case_numbers: ["2098다1001"] })).items,
      systems: withRerank,
      deps: { ...depsWith(chat(DEAD_URL)), rerank: (q, docs, topN) => rerank(q, docs, { topN, config: rerankConfig }) },
      available: { llm: false, embeddings: false, reranker: true },
    });
    expect(reranked.results[0]?.error).toContain("리랭커(rerank)");
  });

  it("an evaluation recorded once replays to the same results, with no model server", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rar-rec-")), "calls.jsonl");
    const bench = parseBenchmark(
      [
        JSON.stringify({ id: "r1", question: "배송 드론 낙하물로 차가 부서졌어요", gold_case_numbers: ["2098다1001"] }),
        JSON.stringify(items[0]),
      ].join("\n"),
    ).items;
    const { systems } = resolveSystems("rar-sparse,sparse-rerank,llm-only");
    const available = { llm: true, embeddings: false, reranker: true };
    const depsFor = (baseURL: string, rerankURL: string, calls: ChatConfig["calls"]): PipelineDeps => {
      const rr = { baseURL: rerankURL, model: "r", timeoutMs: 5000, calls };
      return { ...depsWith(chat(baseURL, calls)), rerank: (q, docs, topN) => rerank(q, docs, { topN, config: rr }) };
    };
    const recorded = await runEvaluation({
      items: bench,
      systems,
      available,
      deps: depsFor(openai.url, reranker.url, recordCalls(file)),
    });
    expect(recorded.results.filter((r) => r.error)).toEqual([]);
    await new Promise((r) => setTimeout(r, 50)); // streamed replies are written as their streams end
    const before = openai.requests.length + reranker.requests.length;
    const replayed = await runEvaluation({
      items: bench,
      systems,
      available,
      deps: depsFor(DEAD_URL, DEAD_URL, replayCalls(file)),
    });
    expect(openai.requests.length + reranker.requests.length).toBe(before);
    const same = (r: (typeof recorded.results)[number]) => [
      r.system,
      r.itemId,
      r.ranked,
      r.answer,
      r.predicted,
      r.tokens,
      r.error,
    ];
    expect(replayed.results.map(same)).toEqual(recorded.results.map(same));
  });
});
