import { describe, expect, it } from "vitest";
import { type AnswerState, applyChatEvent, initialAnswerState } from "@/lib/chat/state";
import { applyPatch, diffState, type StatePatch } from "@/lib/chat/state-patch";
import type { AnswerRecord, ChatEvent } from "@/lib/chat/types";
import type { ScoredChunk } from "@/lib/text/decision";

const passage = (n: number, score: number): ScoredChunk => ({
  score,
  chunk: {
    id: `c${n}`,
    corpusId: "k",
    caseNo: `2020다${1000 + n}`,
    caseName: "손해배상",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2020-01-01",
    section: "판결요지",
    sectionOrder: 0,
    text: `회원권 이용료의 반환에 관한 판단 ${n} `.repeat(40),
    contentHash: `h${n}`,
  },
});

const record = (answer: string, context: ScoredChunk[]): AnswerRecord => ({
  answer,
  parts: [{ type: "text", text: answer }],
  context,
  retrievalOnly: false,
  trace: {
    question: "헬스장 회원권 이용료를 돌려받을 수 있나요?",
    queries: { original: "헬스장 회원권 이용료를 돌려받을 수 있나요?" },
    lists: {},
    fused: [],
    reranked: true,
    notices: [],
    timings: [],
  } as unknown as AnswerRecord["trace"],
});

/** A whole answer's events, in the order the pipeline sends them (CC-RAG's withdrawn answer included). */
function events(): ChatEvent[] {
  const found = Array.from({ length: 20 }, (_, i) => passage(i, 1 - i / 40));
  const out: ChatEvent[] = [
    { type: "waiting", ahead: 3 },
    { type: "waiting", ahead: 1 },
    { type: "waiting", ahead: null },
    { type: "strategy", id: "rar", label: "근거 증강 검색" },
  ];
  for (const word of ["회원권 ", "해지 ", "시 ", "이용료"])
    out.push({ type: "query-delta", which: "analytical", delta: word });
  out.push({ type: "query", which: "analytical", text: "회원권 해지 시 이용료 반환" });
  out.push({ type: "retrieved", which: "original", chunks: found.slice(0, 8) });
  out.push({ type: "query-delta", which: "rationale", delta: "사업자는 " });
  out.push({ type: "notice", code: "rationale_failed", message: "근거 질의 작성에 실패했습니다." });
  out.push({ type: "fused", chunks: found });
  out.push({ type: "reranked", chunks: found, reranked: true });
  for (const word of ["책임 있는 ", "사람은 ", "반환을 "]) out.push({ type: "answer-delta", delta: word });
  out.push({ type: "answer-reset", reason: "더 많은 판례로 다시 씁니다" });
  for (const word of ["사업자는 ", "이용료의 ", "반환을 ", "거절할 수 없습니다."])
    out.push({ type: "answer-delta", delta: word });
  out.push({ type: "support-start" });
  const answer = "사업자는 이용료의 반환을 거절할 수 없습니다.";
  out.push({ type: "done", record: record(answer, found) });
  return out;
}

/** What the browser rebuilds from frames that went over the wire (JSON: undefined fields vanish). */
function replay(frames: StatePatch[]): AnswerState | undefined {
  let state: AnswerState | undefined;
  for (const frame of frames) state = applyPatch(state, JSON.parse(JSON.stringify(frame)) as StatePatch);
  return state;
}

describe("answer frames as patches", () => {
  it("rebuilds every state of a whole answer, frame after frame, from patches sent over JSON", () => {
    let state = initialAnswerState();
    let sent: AnswerState | undefined;
    const frames: StatePatch[] = [];
    const push = (next: AnswerState) => {
      frames.push(diffState(sent, next));
      sent = next;
      expect(replay(frames)).toEqual(JSON.parse(JSON.stringify(next)));
    };
    push(state);
    for (const event of events()) {
      state = applyChatEvent(state, event);
      push(state);
    }
    expect(replay(frames)?.status).toBe("done");
    expect(replay(frames)?.answer).toBe("사업자는 이용료의 반환을 거절할 수 없습니다.");
  });

  it("rebuilds the same state when frames skip states (throttled to one frame per 50 ms)", () => {
    let state = initialAnswerState();
    let sent: AnswerState | undefined;
    const frames: StatePatch[] = [];
    for (const [i, event] of events().entries()) {
      state = applyChatEvent(state, event);
      if (i % 3 !== 0) continue;
      frames.push(diffState(sent, state));
      sent = state;
    }
    frames.push(diffState(sent, state));
    expect(replay(frames)).toEqual(JSON.parse(JSON.stringify(state)));
  });

  it("sends only the new text while the answer streams, not the passages again", () => {
    let state = initialAnswerState();
    for (const event of events().slice(0, 14)) state = applyChatEvent(state, event);
    expect(state.context).toHaveLength(20);
    const next = applyChatEvent(state, { type: "answer-delta", delta: "반환을 " });
    const patch = diffState(state, next);
    expect(patch).toEqual({ append: { answer: "반환을 " } });
    const whole = JSON.stringify(next).length;
    expect(JSON.stringify(patch).length).toBeLessThan(whole / 100);
  });

  it("says which fields are gone (waiting over, provisional passages replaced)", () => {
    let state = applyChatEvent(initialAnswerState(), { type: "waiting", ahead: 2 });
    const waited = applyChatEvent(state, { type: "waiting", ahead: null });
    expect(diffState(state, waited)).toEqual({ unset: ["waiting"] });
    state = applyChatEvent(waited, { type: "retrieved", which: "original", chunks: [passage(1, 0.9)] });
    const ranked = applyChatEvent(state, { type: "reranked", chunks: [passage(1, 0.9)], reranked: true });
    const patch = diffState(state, ranked);
    expect(patch.unset).toEqual(["provisional"]);
    expect(applyPatch(state, patch).provisional).toBeUndefined();
  });

  it("sends a withdrawn answer whole (it did not grow), and an unchanged state as an empty frame", () => {
    const written = { ...initialAnswerState(), answer: "첫 답변" };
    const reset = applyChatEvent(written, { type: "answer-reset", reason: "다시" });
    expect(diffState(written, reset)).toEqual({ set: { answer: "" } });
    expect(diffState(reset, reset)).toEqual({});
  });
});
