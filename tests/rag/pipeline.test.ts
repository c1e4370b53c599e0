import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import type { ChatConfig, RerankConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { rerank } from "@/lib/ai/rerank";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { type PipelineDeps, type PipelineOptions, runPipeline } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import type { PipelineEvent } from "@/lib/rag/types";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";

const QUESTION = "배달 드론이 떨어뜨린 상자 때문에 제 차가 부서졌어요. 드론 회사에 배상을 받을 수 있나요?";
const ANALYTICAL = "드론 배송 중 낙하물로 인한 손해배상 책임과 과실상계 (민법 제750조)";
const RATIONALE =
  "드론을 이용한 배송 사업자는 비행 중 물건이 떨어져 제3자에게 손해를 입힌 경우 그 손해를 배상할 책임이 있다.";
const ANSWER =
  "네, 배상을 청구할 수 있습니다. 배송 사업자는 낙하물로 인한 손해를 배상할 책임이 있습니다(대법원 2098다1001). 다만 2000다99999 판결은 확인되지 않습니다.";

let openai: FakeOpenAI;
let reranker: FakeRerank;
let store: EmbeddedStore;
let chat: ChatConfig;
let rerankConfig: RerankConfig;

const rules = () => [
  { system: "법률 분석가", reply: ANALYTICAL },
  { system: "대법원 판사", reply: `쟁점은 낙하물 손해의 배상 책임이다.\n${RATIONALE_MARKER}\n${RATIONALE}` },
  { system: "리서치 어시스턴트", reply: ANSWER },
];

beforeAll(async () => {
  [openai, reranker] = await Promise.all([startFakeOpenAI({ rules: rules(), chunkSize: 6 }), startFakeRerank()]);
  chat = { baseURL: openai.url, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 5000 };
  rerankConfig = { baseURL: reranker.url, model: "r", timeoutMs: 5000 };
  store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-pipeline-")));
  const embedConfig = { baseURL: openai.url, model: "e", timeoutMs: 5000, batchSize: 64 };
  for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
    for (const decision of parseFile(file.name, readFileSync(file.path)).decisions) {
      const chunks = chunkDecision(decision, { corpusId: "c", chunkSize: 200, chunkOverlap: 40 });
      const vectors = await embedTexts(
        chunks.map((c) => c.text),
        { config: embedConfig },
      );
      await store.upsert(chunks.map((chunk, i) => ({ chunk, tokens: tokenizeKo(chunk.text), vector: vectors[i] })));
    }
  }
});
afterAll(async () => {
  await Promise.all([openai.close(), reranker.close(), store.close()]);
});

function deps(over: Partial<PipelineDeps> = {}): PipelineDeps {
  const embedConfig = { baseURL: openai.url, model: "e", timeoutMs: 5000, batchSize: 64 };
  return {
    store,
    settings: DEFAULT_SETTINGS,
    filter: { corpusIds: ["c"] },
    stream: (req) => streamChat({ ...req, config: chat }),
    embed: async (text) => (await embedTexts([text], { config: embedConfig }))[0] ?? [],
    rerank: (q, docs, topN) => rerank(q, docs, { topN, config: rerankConfig }),
    ...over,
  };
}

describe("RAR pipeline over HTTP (fake model servers)", () => {
  it("writes both queries, retrieves with all three, fuses, reranks and answers with checked citations", async () => {
    openai.setRules(rules());
    const events: PipelineEvent[] = [];
    const result = await runPipeline(QUESTION, deps(), { mode: "rar" }, (e) => events.push(e));

    expect(result.trace.queries).toEqual({ original: QUESTION, analytical: ANALYTICAL, rationale: RATIONALE });
    expect(result.trace.judgeOutput).toContain("쟁점은");
    expect(Object.keys(result.trace.lists).sort()).toEqual(["analytical", "original", "rationale"]);
    expect(result.trace.reranked).toBe(true);
    expect(result.context[0]?.chunk.caseNo).toBe("2098다1001");
    expect(result.answer).toBe(ANSWER);

    const citations = result.parts.filter((p) => p.type === "citation");
    expect(citations.map((c) => [c.caseNo, c.valid])).toEqual([
      ["2098다1001", true],
      ["2000다99999", false],
    ]);

    // Streamed, in the order a lawyer sees it: queries while they are written, then the answer.
    const kinds = events.map((e) => e.type);
    expect(kinds.indexOf("query-delta")).toBeLessThan(kinds.indexOf("fused"));
    expect(kinds.filter((k) => k === "answer-delta").length).toBeGreaterThan(3);
    expect(kinds.lastIndexOf("reranked")).toBeLessThan(kinds.indexOf("answer-delta"));
    // The analyst and the judge got the method's inputs: the judge sees the analyst's query.
    const judgeCall = openai.requests.filter((r) => JSON.stringify(r.body).includes("대법원 판사")).at(-1);
    expect(JSON.stringify(judgeCall?.body)).toContain(ANALYTICAL);
    expect(judgeCall?.body.temperature).toBe(0);
    expect(result.trace.timings.map((t) => t.stage)).toEqual(
      expect.arrayContaining(["llm:analytical", "llm:rationale", "retrieve:original", "rerank", "llm:answer"]),
    );
    expect(result.trace.firstVisibleMs).toBeLessThanOrEqual(result.trace.firstAnswerTokenMs ?? 0);
  });

  it("drops a failed query-writing step and goes on with the other queries", async () => {
    openai.setRules([{ system: "법률 분석가", error: { status: 400 } }, ...rules().slice(1)]);
    const result = await runPipeline(QUESTION, deps(), { mode: "rar" });
    expect(result.trace.queries.analytical).toBeUndefined();
    expect(result.trace.queries.rationale).toBe(RATIONALE);
    expect(result.trace.notices.map((n) => n.code)).toEqual(["analytical_failed"]);
    expect(result.answer).toBe(ANSWER);
  });

  it("answers with ranked precedents when no LLM is configured", async () => {
    const result = await runPipeline(QUESTION, deps({ stream: undefined }), { mode: "rar" });
    expect(result.retrievalOnly).toBe(true);
    expect(result.trace.notices.map((n) => n.code)).toEqual(["llm_missing"]);
    expect(result.answer).toContain("2098다1001");
    expect(result.answer).toContain("판시사항:");
    expect(result.parts.some((p) => p.type === "citation" && p.valid)).toBe(true);
  });

  it("falls back to BM25 when embeddings fail, and to RRF order without a reranker", async () => {
    openai.setRules(rules());
    const result = await runPipeline(
      QUESTION,
      deps({ rerank: undefined, embed: async () => Promise.reject(new Error("down")) }),
      { mode: "hybrid" },
    );
    expect(result.trace.reranked).toBe(false);
    expect(result.trace.notices.map((n) => n.code)).toEqual(["embeddings_failed"]);
    expect(result.context[0]?.chunk.caseNo).toBe("2098다1001");
  });

  it("stops when the caller aborts", async () => {
    openai.setRules(rules());
    const slow = await startFakeOpenAI({ rules: rules(), chunkSize: 2, chunkDelayMs: 30 });
    const controller = new AbortController();
    const running = runPipeline(
      QUESTION,
      deps({
        stream: (req) => streamChat({ ...req, config: { ...chat, baseURL: slow.url } }),
        signal: controller.signal,
      }),
      { mode: "rar" },
      (e) => {
        if (e.type === "answer-delta") controller.abort();
      },
    );
    await expect(running).rejects.toMatchObject({ code: "ai:aborted" });
    await slow.close();
  });
});

describe("strategy ids", () => {
  it("refuses an unknown strategy with a typed error instead of running RAR under its name", async () => {
    const run = runPipeline("질문", {} as PipelineDeps, { mode: "rar-typo" as PipelineOptions["mode"] });
    await expect(run).rejects.toMatchObject({ code: "search:unknown_strategy" });
  });
});
