import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { DEFAULT_SETTINGS, type PipelineSettings } from "@/lib/rag/settings";
import { cutToBudget } from "@/lib/rag/strategies/depth";
import { LOW_CONFIDENCE_LABEL, type StrategyStep } from "@/lib/rag/strategies/steps";
import type { ScoredChunk } from "@/lib/text/decision";
import { estimateTokens } from "@/lib/text/estimate-tokens";
import { testChunk } from "../support/chunk";
import { ANSWER, chatRequests, type Harness, run, startHarness, stepOf } from "./strategy-support";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const settings = (cc: Partial<PipelineSettings["strategies"]["ccRag"]> = {}): PipelineSettings => ({
  ...DEFAULT_SETTINGS,
  strategies: { ...DEFAULT_SETTINGS.strategies, ccRag: { ...DEFAULT_SETTINGS.strategies.ccRag, ...cc } },
});
const answers = (server = h.openai) => chatRequests(server, "리서치 어시스턴트");
const passagesIn = (body: Record<string, unknown> | undefined) =>
  (JSON.stringify(body).match(/<판례 번호=\\"\d+/g) ?? []).length;
const steps = <K extends StrategyStep["kind"]>(all: StrategyStep[], kind: K) =>
  all.filter((s): s is Extract<StrategyStep, { kind: K }> => s.kind === kind);

describe("CC-RAG over HTTP (answers with token log-probs)", () => {
  it("answers once when the first answer is confident: dynamic k, token budget, score and its four parts", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", reply: ANSWER, logprobs: -0.05 }]);
    const before = answers().length;
    const { result, steps: all, events } = await run(h, "cc-rag");
    expect(answers().length - before).toBe(1);
    expect(answers().at(-1)?.body.logprobs).toBe(true);
    const depth = stepOf(all, "depth");
    expect(depth).toMatchObject({ attempt: 0, dynamic: true, budget: 3000 });
    expect(depth?.k).toBeGreaterThanOrEqual(2);
    expect(depth?.k).toBeLessThanOrEqual(10);
    expect(depth?.factors).toEqual({
      length: expect.any(Number),
      ambiguity: expect.any(Number),
      bm25: expect.any(Number),
    });
    expect(result.context).toHaveLength(depth?.used ?? -1);
    const confidence = stepOf(all, "confidence");
    expect(confidence?.parts.logprob?.value).toBeCloseTo(-0.05, 12);
    expect(confidence?.parts.logprob?.weight).toBe(1);
    expect(confidence?.parts.overlap.weight).toBe(2);
    expect(confidence?.dropped).toEqual([]);
    expect(confidence?.passed).toBe(true);
    const z = Object.values(confidence?.parts ?? {}).reduce((s, p) => s + p.value * p.weight, 0);
    expect(confidence?.score).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
    expect(stepOf(all, "verdict")).toMatchObject({ lowConfidence: false, retries: 0 });
    expect(events.some((e) => e.type === "answer-reset")).toBe(false);
    expect(result.answer).toBe(ANSWER);
    expect(result.trace.strategy?.lowConfidence).toBe(false);
  });

  it("a low-confidence first answer triggers exactly one retry with a larger k", async () => {
    h.openai.setRules([
      { system: "리서치 어시스턴트", reply: "잘 모르겠습니다.", logprobs: -3, times: 1 },
      { system: "리서치 어시스턴트", reply: ANSWER, logprobs: -0.05 },
    ]);
    const before = answers().length;
    const {
      result,
      steps: all,
      events,
    } = await run(h, "cc-rag", { settings: settings({ kMin: 2, kMax: 3, deltaK: 3 }) });
    const calls = answers().slice(before);
    expect(calls).toHaveLength(2);
    const [d0, d1] = steps(all, "depth");
    expect(d1?.k).toBe((d0?.k ?? 0) + 3);
    expect(passagesIn(calls[1]?.body)).toBe(d1?.used);
    expect(passagesIn(calls[1]?.body)).toBeGreaterThan(passagesIn(calls[0]?.body));
    expect(steps(all, "confidence").map((c) => c.passed)).toEqual([false, true]);
    expect(stepOf(all, "verdict")).toMatchObject({ lowConfidence: false, retries: 1 });
    expect(events.filter((e) => e.type === "answer-reset")).toHaveLength(1);
    // The answer is the second one alone, written from the larger context.
    expect(result.answer).toBe(ANSWER);
    expect(result.context).toHaveLength(d1?.used ?? -1);
    expect(result.trace.notices.map((n) => n.code)).toEqual([]);
  });

  it("labels a final answer still below τ, after the retry cap", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", reply: "잘 모르겠습니다.", logprobs: -3 }]);
    const { result, steps: all } = await run(h, "cc-rag", { settings: settings({ maxRetries: 1 }) });
    expect(steps(all, "confidence")).toHaveLength(2);
    expect(stepOf(all, "verdict")).toMatchObject({
      lowConfidence: true,
      retries: 1,
      reason: "재시도 한도 1회에 도달했습니다",
    });
    expect(result.trace.strategy?.lowConfidence).toBe(true);
    expect(result.trace.notices.find((n) => n.code === "low_confidence")?.message).toContain(LOW_CONFIDENCE_LABEL);
  });

  it("with an endpoint that returns no log-probs: drops that term, renormalises the others, and shows it", async () => {
    h.silent.setRules([{ system: "리서치 어시스턴트", reply: ANSWER }]);
    const { steps: all } = await run(h, "cc-rag", {}, undefined, h.silent.url);
    expect(answers(h.silent).at(-1)?.body.logprobs).toBe(true);
    const confidence = stepOf(all, "confidence");
    expect(confidence?.dropped).toEqual(["logprob"]);
    expect(confidence?.parts.logprob).toBeUndefined();
    expect(confidence?.scale).toBe(5 / 4);
    expect(confidence?.parts.length.weight).toBe(1.25);
    expect(confidence?.parts.overlap.weight).toBe(2.5);
  });

  it("when the answer call fails: the ranked precedents, no score", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", error: { status: 500 } }]);
    const { result, steps: all } = await run(h, "cc-rag");
    expect(result.retrievalOnly).toBe(true);
    expect(steps(all, "confidence")).toEqual([]);
    expect(stepOf(all, "verdict")).toMatchObject({
      lowConfidence: false,
      reason: expect.stringContaining("신뢰도를 매기지"),
    });
    expect(result.trace.notices.map((n) => n.code)).toEqual(["answer_failed"]);
  });

  it("ablations: no self-assessment answers once without log-probs; no dynamic k uses k_max", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", reply: "잘 모르겠습니다.", logprobs: -3 }]);
    const before = answers().length;
    const noSelf = await run(h, "cc-rag", {}, { selfAssessment: false });
    expect(answers().length - before).toBe(1);
    expect(answers().at(-1)?.body.logprobs).toBeUndefined();
    expect(steps(noSelf.steps, "confidence")).toEqual([]);
    const noDyn = await run(h, "cc-rag", {}, { dynamicK: false, selfAssessment: false });
    expect(stepOf(noDyn.steps, "depth")).toMatchObject({ k: 10, dynamic: false });
    expect(stepOf(noDyn.steps, "depth")?.factors).toBeUndefined();
  });

  it("wraps RAR's formulation as cc-rag-rar", async () => {
    h.openai.setRules([
      { system: "법률 분석가", reply: "드론 낙하물 손해배상 책임" },
      { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n배송 사업자는 낙하물 손해를 배상할 책임이 있다.` },
      { system: "리서치 어시스턴트", reply: ANSWER, logprobs: -0.05 },
    ]);
    const { result, steps: all } = await run(h, "cc-rag-rar");
    expect(result.trace.strategy?.id).toBe("cc-rag-rar");
    expect(Object.keys(result.trace.lists).sort()).toEqual(["analytical", "original", "rationale"]);
    expect(stepOf(all, "confidence")?.passed).toBe(true);
  });
});

describe("CC-RAG retrieval: the usual candidate pool, keeping k (METHOD §1's k)", () => {
  it("the first attempt reranks the formulation's fused candidates, not k per list", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", reply: ANSWER, logprobs: -0.05 }]);
    const before = h.reranker.requests.length;
    const { result, steps: all } = await run(h, "cc-rag", { settings: settings({ kMin: 2, kMax: 2 }) });
    const depth = stepOf(all, "depth");
    expect(depth?.k).toBe(2);
    // The reranker saw the whole fused pool (every candidate the question's search found, up to M), not 2.
    const sent = h.reranker.requests.slice(before);
    expect(sent).toHaveLength(1);
    const documents = (sent[0]?.body as { documents?: unknown[] } | undefined)?.documents ?? [];
    expect(documents).toHaveLength(result.trace.fused.length);
    expect(depth?.retrieved).toBe(result.trace.fused.length);
    expect(result.trace.fused.length).toBeGreaterThan(6);
    expect(result.trace.fused.length).toBeLessThanOrEqual(DEFAULT_SETTINGS.topM);
    // No second search for the first attempt: the formulation's search is the stage's.
    expect(result.trace.timings.map((t) => t.stage)).not.toContain("retrieve:cc-rag-0");
    expect(result.context.length).toBeLessThanOrEqual(2);
  });

  it("a k larger than the pool widens it: the retry searches deeper than N", async () => {
    h.openai.setRules([
      { system: "리서치 어시스턴트", reply: "잘 모르겠습니다.", logprobs: -3, times: 1 },
      { system: "리서치 어시스턴트", reply: ANSWER, logprobs: -0.05 },
    ]);
    const small = { ...settings({ kMin: 3, kMax: 3, deltaK: 3, maxRetries: 1 }), topN: 3, topM: 3 };
    const { steps: all } = await run(h, "cc-rag", { settings: small });
    const [d0, d1] = steps(all, "depth");
    expect(d0).toMatchObject({ k: 3, retrieved: 3 });
    expect(d1?.k).toBe(6);
    expect(d1?.retrieved).toBeGreaterThan(3);
    expect(d1?.used).toBeGreaterThan(d0?.used ?? Number.POSITIVE_INFINITY);
  });
});

describe("CC-RAG: an invented citation lowers confidence", () => {
  // Long, fluent, sure of itself (log-prob −0.05), drawn from the passages' own words — and citing a
  // number that is not among them. Before, the fake number raised 구체성 and the answer passed τ.
  const INVENTED =
    "네, 배상을 청구할 수 있습니다. 드론 배송 사업자는 낙하물로 인한 손해를 배상할 책임이 있습니다(대법원 2031다99999). " +
    "배송 중 드론에서 떨어진 물건으로 제3자의 재산이 손상되었다면 사업자는 그 손해를 배상하여야 하고, 사업자가 " +
    "주의의무를 다하였다는 사정은 사업자가 증명하여야 합니다(대법원 2031다99999). 따라서 차량 수리비 상당의 손해를 " +
    "드론 회사에 청구할 수 있습니다.";

  it("retries with a new search at k + Δk, keeps both attempts, and ends labelled 신뢰도 낮음 when the retry does not fix it", async () => {
    h.openai.setRules([{ system: "리서치 어시스턴트", reply: INVENTED, logprobs: -0.05 }]);
    const before = answers().length;
    const {
      result,
      steps: all,
      events,
    } = await run(h, "cc-rag", {
      settings: settings({ kMin: 2, kMax: 3, deltaK: 3, maxRetries: 1 }),
    });
    expect(answers().length - before).toBe(2);
    const [c0, c1] = steps(all, "confidence");
    expect(c0?.parts.ungrounded).toEqual({ value: 1, weight: -5 });
    // The invented number is no concrete anchor: only 대법원 counts (1 of 3).
    expect(c0?.parts.informative.value).toBeCloseTo(1 / 3, 12);
    expect(c0?.passed).toBe(false);
    expect(c0?.score).toBeLessThan(0.8);
    expect(c0?.answer).toBe(INVENTED);
    expect(c1?.passed).toBe(false);
    // The retry ran the retrieval stage again, keeping its larger k.
    const [d0, d1] = steps(all, "depth");
    expect(d1?.k).toBe((d0?.k ?? 0) + 3);
    expect(result.trace.timings.map((t) => t.stage)).toContain("retrieve:cc-rag-1");
    expect(d1?.retrieved).toBeGreaterThanOrEqual(d0?.retrieved ?? Number.POSITIVE_INFINITY);
    expect(stepOf(all, "verdict")).toMatchObject({ lowConfidence: true, retries: 1 });
    expect(result.trace.strategy?.lowConfidence).toBe(true);
    expect(result.trace.notices.find((n) => n.code === "low_confidence")?.message).toContain("신뢰도 낮음");
    expect(events.filter((e) => e.type === "answer-reset")).toHaveLength(1);
  });

  it("labels a score computed without log-probs as renormalised", async () => {
    h.silent.setRules([{ system: "리서치 어시스턴트", reply: INVENTED }]);
    const { result, steps: all } = await run(
      h,
      "cc-rag",
      { settings: settings({ maxRetries: 0 }) },
      undefined,
      h.silent.url,
    );
    expect(stepOf(all, "verdict")).toMatchObject({ lowConfidence: true, renormalised: true });
    expect(result.trace.notices.find((n) => n.code === "low_confidence")?.message).toContain("재정규화");
  });
});

describe("CC-RAG token budget", () => {
  const passage = (id: string, text: string): ScoredChunk => ({ chunk: testChunk(id, { text }), score: 1 });

  it("is never exceeded: a first passage longer than the budget is cut to fit", () => {
    const long = passage("a", "가".repeat(5000));
    const { chunks, tokens } = cutToBudget([long, passage("b", "나".repeat(10))], 3000);
    expect(chunks).toHaveLength(1);
    expect(tokens).toBeLessThanOrEqual(3000);
    expect(estimateTokens(chunks[0]?.chunk.text ?? "") + 40).toBe(tokens);
    expect(chunks[0]?.chunk.text.endsWith("…")).toBe(true);
  });

  it("keeps passages in rank order while they fit", () => {
    const { chunks, tokens } = cutToBudget([passage("a", "가".repeat(100)), passage("b", "나".repeat(100))], 300);
    expect(chunks.map((c) => c.chunk.id)).toEqual(["a", "b"]);
    expect(tokens).toBe(280);
  });
});
