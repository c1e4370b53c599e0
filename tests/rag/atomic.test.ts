import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedTexts } from "@/lib/ai/embed";
import { writeDocument } from "@/lib/enrich/index-doc";
import type { EnrichOutput } from "@/lib/enrich/parse-output";
import type { PipelineDeps } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { parsePick } from "@/lib/rag/strategies/parse-pick";
import type { AtomicStep } from "@/lib/rag/strategies/steps";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { ANSWER, chatRequests, type Harness, run, startHarness } from "./strategy-support";

/**
 * The `atomic` strategy (docs/method.md §4) over HTTP: the fixture decisions' chunks get hand-written
 * atomic questions in a tag index; the fake model proposes sub-questions and picks per round.
 */
let h: Harness;
let atoms: EmbeddedStore;

const DRONE_TAG = "드론 배송 사업자는 떨어진 물건으로 생긴 손해를 배상해야 하는가?";
const FAULT_TAG = "피해자에게도 과실이 있으면 손해배상 금액을 줄이는가?";

beforeAll(async () => {
  h = await startHarness();
  atoms = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-atoms-")));
  const embedConfig = { baseURL: h.openai.url, model: "e", timeoutMs: 5000, batchSize: 64 };
  const embedder = {
    model: "e",
    cache: new (await import("@/lib/ingest/embedding-cache")).EmbeddingCache(
      join(mkdtempSync(join(tmpdir(), "rar-ec-")), "c.db"),
    ),
    embed: (texts: string[]) => embedTexts(texts, { config: embedConfig }),
  };
  for (const caseNo of ["2098다1001", "2098므21, 22"]) {
    const chunks = await h.store.getDocumentChunks("c", caseNo);
    const outputs = new Map<string, EnrichOutput>();
    for (const chunk of chunks) {
      const questions = chunk.text.includes("드론을 이용한")
        ? [DRONE_TAG]
        : chunk.text.includes("과실이 있는 때")
          ? [FAULT_TAG]
          : [`${chunk.caseNo} ${chunk.section}의 내용은 무엇인가?`];
      outputs.set(chunk.id, { questions });
    }
    await writeDocument("atoms", "c", caseNo, chunks, outputs, atoms, embedder);
  }
});
afterAll(async () => {
  await atoms.close();
  await h.close();
});

const answerRule = { system: "리서치 어시스턴트", reply: ANSWER };
const rounds = (steps: { kind: string }[]) =>
  steps.filter((s): s is Extract<AtomicStep, { kind: "atomic-round" }> => s.kind === "atomic-round");
const summary = (steps: { kind: string }[]) =>
  steps.find((s): s is Extract<AtomicStep, { kind: "atomic-summary" }> => s.kind === "atomic-summary");
const settings = (atomic: Partial<typeof DEFAULT_SETTINGS.strategies.atomic>) => ({
  ...DEFAULT_SETTINGS,
  strategies: { ...DEFAULT_SETTINGS.strategies, atomic: { ...DEFAULT_SETTINGS.strategies.atomic, ...atomic } },
});
const deps = (over: Partial<PipelineDeps> = {}): Partial<PipelineDeps> => ({ atoms, ...over });

describe("atomic: knowledge-aware iterative decomposition", () => {
  it("gathers a chunk per round and stops early when the model needs nothing more; answers from what it gathered", async () => {
    h.openai.setRules([
      {
        system: "질문 분해",
        user: "모은 근거: 없음",
        reply: '["드론 배송 사업자는 떨어진 물건의 손해를 배상하나요?"]',
      },
      { system: "질문 분해", user: "모은 근거 1건", reply: "[]" },
      { system: "근거 선택", reply: '{"pick": 1}' },
      answerRule,
    ]);
    const { result, events } = await run(h, "atomic", deps());
    const steps = result.trace.strategy?.steps ?? [];
    const [first, second, third] = rounds(steps);
    expect(third).toBeUndefined();
    expect(first).toMatchObject({ status: "done", scoring: "cosine", threshold: 0.5, pick: { n: 1, how: "reply" } });
    expect(first?.subQuestions).toEqual(["드론 배송 사업자는 떨어진 물건의 손해를 배상하나요?"]);
    expect(first?.candidates[0]).toMatchObject({ n: 1, tag: DRONE_TAG, caseNo: "2098다1001" });
    expect(first?.candidates.every((c) => c.score >= 0.5)).toBe(true);
    expect(first?.added).toMatchObject({ caseNo: "2098다1001", section: "판결요지" });
    expect(second).toMatchObject({ status: "stopped", stop: "더 필요한 정보가 없다고 판단했습니다" });
    expect(summary(steps)).toMatchObject({ rounds: 2, chunks: 1 });
    // The answer is written from the gathered chunk alone, in pick order.
    expect(result.context.map((c) => c.chunk.id)).toEqual([first?.added?.chunkId]);
    expect(result.answer).toBe(ANSWER);
    const answerPrompt = JSON.stringify(chatRequests(h.openai, "리서치 어시스턴트").at(-1)?.body);
    expect(answerPrompt).toContain("드론을 이용한 배송 사업자는");
    // The second round's proposal saw the first round's chunk.
    const proposals = chatRequests(h.openai, "질문 분해").slice(-2);
    expect(JSON.stringify(proposals[1]?.body)).toContain("지금까지 모은 근거 1건");
    // Every round was sent as it happened (the panel shows them live).
    expect(events.filter((e) => e.type === "strategy-step").length).toBeGreaterThanOrEqual(5);
  });

  it("stops at N rounds", async () => {
    h.openai.setRules([
      { system: "질문 분해", user: "모은 근거: 없음", reply: '["드론 손해 배상?"]' },
      { system: "질문 분해", user: "모은 근거 1건", reply: '["과실이 있으면 배상액이 줄어드나?"]' },
      { system: "질문 분해", user: "모은 근거 2건", reply: '["판결 요지는?"]' },
      { system: "질문 분해", reply: '["또 다른 하위 질문?"]' },
      { system: "근거 선택", reply: '{"pick": 1}' },
      answerRule,
    ]);
    const { result } = await run(h, "atomic", deps({ settings: settings({ maxRounds: 3, threshold: -1 }) }));
    const steps = result.trace.strategy?.steps ?? [];
    expect(rounds(steps).map((r) => r.status)).toEqual(["done", "done", "done"]);
    expect(summary(steps)).toMatchObject({ rounds: 3, chunks: 3, stop: "최대 3회까지 근거를 모았습니다" });
    expect(new Set(result.context.map((c) => c.chunk.id)).size).toBe(3);
    expect(chatRequests(h.openai, "질문 분해").slice(-3).length).toBe(3);
  });

  it("reads malformed replies: the question stands in for unreadable sub-questions, the best tag for an unreadable pick", async () => {
    h.openai.setRules([
      { system: "질문 분해", user: "모은 근거: 없음", reply: "음, 잘 모르겠습니다" },
      { system: "질문 분해", user: "모은 근거 1건", reply: "여전히 목록이 아닙니다" },
      { system: "근거 선택", reply: "아마 첫 번째가 좋겠네요" },
      answerRule,
    ]);
    const { result } = await run(h, "atomic", deps({ settings: settings({ threshold: 0 }) }));
    const [first, second] = rounds(result.trace.strategy?.steps ?? []);
    expect(first?.subQuestions).toEqual([result.trace.question]);
    expect(first?.fallback).toContain("원래 질문으로 태그를 찾습니다");
    expect(first?.pick).toEqual({ n: 1, how: "best-score" });
    expect(first?.added).toBeDefined();
    expect(second?.stop).toContain("하위 질문 응답을 읽지 못했습니다");
    expect(result.context).toHaveLength(1);
    expect(result.answer).toBe(ANSWER);
  });

  it("keeps only tags above the threshold; with none, answers from the question's own search and says so", async () => {
    h.openai.setRules([
      { system: "질문 분해", reply: '["드론 손해?"]' },
      { system: "근거 선택", reply: '{"pick": 1}' },
      answerRule,
    ]);
    const { result } = await run(h, "atomic", deps({ settings: settings({ threshold: 0.999 }) }));
    const steps = result.trace.strategy?.steps ?? [];
    const [first] = rounds(steps);
    expect(first).toMatchObject({ status: "stopped", candidates: [] });
    expect(first?.below).toBeGreaterThan(0);
    expect(first?.stop).toContain("임계값(0.999) 이상인 태그가 없습니다");
    expect(summary(steps)?.fallback).toBe("원래 질문으로 검색");
    expect(result.trace.notices.map((n) => n.code)).toContain("atomic_fallback");
    expect(result.context[0]?.chunk.caseNo).toBe("2098다1001");
  });

  it("without embeddings, scores tags by BM25 per query token against the calibrated threshold", async () => {
    h.openai.setRules([
      { system: "질문 분해", user: "모은 근거: 없음", reply: '["드론 배송 사업자 손해 배상"]' },
      { system: "질문 분해", reply: "[]" },
      { system: "근거 선택", reply: '{"pick": 1}' },
      answerRule,
    ]);
    const { result } = await run(h, "atomic", deps({ embed: undefined, settings: settings({ bm25Threshold: 0.3 }) }));
    const [first] = rounds(result.trace.strategy?.steps ?? []);
    expect(first).toMatchObject({ scoring: "bm25", threshold: 0.3 });
    expect(first?.candidates[0]?.tag).toBe(DRONE_TAG);
    expect(first?.added?.caseNo).toBe("2098다1001");
  });

  it("without a tag index for the scope, answers from the question's own search", async () => {
    h.openai.setRules([answerRule]);
    const { result } = await run(h, "atomic", { atoms: undefined });
    expect(summary(result.trace.strategy?.steps ?? [])).toMatchObject({ stop: "원자 질문 색인 없음" });
    expect(result.trace.notices.find((n) => n.code === "atomic_fallback")?.message).toContain(
      "원자 질문 태그가 없습니다",
    );
    expect(result.context.length).toBeGreaterThan(0);
  });
});

describe("parsePick", () => {
  it("reads the pick in its usual disguises and refuses the rest", () => {
    expect(parsePick('{"pick": 2}', 3)).toEqual({ kind: "pick", n: 2 });
    expect(parsePick('```json\n{"pick": null}\n```', 3)).toEqual({ kind: "none" });
    expect(parsePick('고른 것: {"선택": "3"} 입니다', 3)).toEqual({ kind: "pick", n: 3 });
    expect(parsePick("1", 3)).toEqual({ kind: "pick", n: 1 });
    expect(parsePick("없음", 3)).toEqual({ kind: "none" });
    expect(parsePick('{"pick": 7}', 3)).toMatchObject({ kind: "unreadable", reason: expect.stringContaining("7") });
    expect(parsePick("첫 번째가 좋겠네요", 3).kind).toBe("unreadable");
    expect(parsePick("", 3).kind).toBe("unreadable");
  });
});
