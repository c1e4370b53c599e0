import { describe, expect, it } from "vitest";
import { applyChatEvent, initialAnswerState, stateFromStored } from "@/lib/chat/state";
import type { AnswerRecord, ChatEvent } from "@/lib/chat/types";
import { splitCitations } from "@/lib/rag/citations";
import { referencedCaseNumbers } from "@/lib/text/referenced-cases";

describe("answer state", () => {
  it("folds pipeline events into what the lawyer sees", () => {
    const events: ChatEvent[] = [
      { type: "query-delta", which: "analytical", delta: "회원권 " },
      { type: "query-delta", which: "analytical", delta: "해제" },
      { type: "query", which: "analytical", text: "회원권 해지" },
      { type: "query-delta", which: "rationale", delta: "검토…" },
      { type: "query", which: "rationale", text: "사업자는 남은 이용료를 반환하여야 한다." },
      { type: "retrieved", which: "original", chunks: [] },
      { type: "answer-delta", delta: "청구할 수 " },
      { type: "answer-delta", delta: "없습니다." },
      { type: "notice", code: "rerank_failed", message: "리랭커 오류" },
    ];
    const state = events.reduce(applyChatEvent, initialAnswerState());
    expect(state).toMatchObject({
      status: "running",
      analytical: "회원권 해지",
      rationale: "사업자는 남은 이용료를 반환하여야 한다.",
      retrieved: { original: 0 },
      answer: "청구할 수 없습니다.",
    });
    expect(applyChatEvent(state, { type: "stopped", answer: "청구할 수" })).toMatchObject({
      status: "stopped",
      answer: "청구할 수",
    });
  });

  it("restores a stored answer with its queries, passages and counts", () => {
    const record = {
      answer: "답",
      parts: [],
      context: [],
      retrievalOnly: false,
      trace: {
        question: "q",
        queries: { original: "q", analytical: "a", rationale: "r" },
        lists: { original: [{ id: "1", caseNo: "1다1", score: 1 }] },
        fused: [{ id: "1", caseNo: "1다1", score: 0.1 }],
        reranked: true,
        notices: [],
        timings: [],
        totalMs: 1,
        llmMs: 0,
      },
    } satisfies AnswerRecord;
    expect(stateFromStored("답", "complete", JSON.stringify(record))).toMatchObject({
      status: "done",
      analytical: "a",
      rationale: "r",
      retrieved: { original: 1 },
      fusedCount: 1,
    });
    // Still being written: the page reconnects to it; cut off by a restart: interrupted, text kept.
    expect(stateFromStored("부분", "streaming", null).status).toBe("running");
    expect(stateFromStored("부분", "interrupted", null)).toMatchObject({ status: "interrupted", answer: "부분" });
    expect(stateFromStored("부분", "stopped", "{broken").status).toBe("stopped");
  });
});

describe("citations and highlights", () => {
  it("links case numbers found in the context and flags the others", () => {
    const context = [{ chunk: { id: "c1", caseNo: "94므826, 833" }, score: 1 }] as never;
    const parts = splitCitations("94므833 판결과 2009다228 판결, 그리고 20대 1명", context);
    expect(parts).toEqual([
      { type: "citation", text: "94므833", caseNo: "94므833", valid: true, chunkId: "c1" },
      { type: "text", text: " 판결과 " },
      { type: "citation", text: "2009다228", caseNo: "2009다228", valid: false },
      { type: "text", text: " 판결, 그리고 20대 1명" },
    ]);
  });

  it("reads the case numbers of a 참조판례 list", () => {
    expect(
      referencedCaseNumbers("대법원 1987.4.14. 선고 86누233 판결, 1992.3.27. 선고 91다40696 판결 / 86누233"),
    ).toEqual(["86누233", "91다40696"]);
  });
});

describe("a strategy's steps in the answer state", () => {
  it("replaces a step by its key, withdraws a rewritten answer, and carries the low-confidence verdict", () => {
    const events: ChatEvent[] = [
      { type: "strategy", id: "cc-rag", label: "CC-RAG (원래 질문)" },
      { type: "strategy-step", step: { key: "terms", kind: "terms", status: "running", terms: [] } },
      {
        type: "strategy-step",
        step: { key: "terms", kind: "terms", status: "done", terms: ["임대인"], parsedAs: "json" },
      },
      { type: "answer-delta", delta: "잘 모르겠습니다." },
      { type: "answer-reset", reason: "신뢰도 0.30, 기준 0.80 미만" },
      { type: "answer-delta", delta: "다시 쓴 답" },
      { type: "strategy-step", step: { key: "verdict", kind: "verdict", lowConfidence: true, retries: 1, score: 0.4 } },
    ];
    const state = events.reduce(applyChatEvent, initialAnswerState());
    expect(state.answer).toBe("다시 쓴 답");
    expect(state.strategy?.id).toBe("cc-rag");
    expect(state.strategy?.steps.map((s) => [s.key, "status" in s ? s.status : undefined])).toEqual([
      ["terms", "done"],
      ["verdict", undefined],
    ]);
    expect(state.strategy?.lowConfidence).toBe(true);
  });
});
