import { describe, expect, it } from "vitest";
import { analystPrompt } from "@/lib/ai/prompts/analyst";
import { answerPrompt } from "@/lib/ai/prompts/answer";
import { extractRationale, judgePrompt, RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { standalonePrompt } from "@/lib/ai/prompts/standalone";

const Q = "약혼을 깼는데 예물을 돌려받을 수 있나요?";

describe("prompts", () => {
  it("analyst: legal-analyst role, decision vocabulary, no invented articles, the question itself", () => {
    const p = analystPrompt(Q);
    expect(p.system).toContain("법률 분석가");
    expect(p.system).toContain("법률 용어");
    expect(p.system).toContain("지어내지");
    expect(p.prompt).toContain(Q);
  });

  it("judge: judge role, the question AND the analytical query, reasoning first, a marked passage", () => {
    const p = judgePrompt(Q, "약혼 해제와 예물 반환");
    expect(p.system).toContain("판사");
    expect(p.system).toContain("단계별");
    expect(p.system).toContain(RATIONALE_MARKER);
    expect(p.prompt).toContain(Q);
    expect(p.prompt).toContain("약혼 해제와 예물 반환");
  });

  it("judge ablations: without scaffolding the analytical query is absent; without CoT no reasoning is asked", () => {
    expect(judgePrompt(Q, undefined).prompt).not.toContain("분석 질의");
    const noCot = judgePrompt(Q, "x", { chainOfThought: false });
    expect(noCot.system).not.toContain("단계별");
    expect(noCot.prompt.endsWith(RATIONALE_MARKER)).toBe(true);
  });

  it("only the passage after the marker is used as the rationale query", () => {
    expect(extractRationale(`검토: 쟁점은…\n${RATIONALE_MARKER}\n유책자는 반환을 청구할 수 없다.`)).toBe(
      "유책자는 반환을 청구할 수 없다.",
    );
    expect(extractRationale("첫 문단\n\n마지막 문단")).toBe("마지막 문단");
  });

  it("answer: only the given passages, numbered with their case numbers, citations required", () => {
    const chunk = {
      id: "c",
      corpusId: "k",
      caseNo: "76므41",
      caseName: "약혼불이행",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "가사",
      decisionDate: "1976-12-28",
      section: "판결요지" as const,
      sectionOrder: 0,
      text: "유책자는 예물의 반환을 청구할 수 없다.",
      contentHash: "h",
    };
    const p = answerPrompt(Q, [{ chunk, score: 1 }]);
    expect(p.system).toContain("검색된 판례");
    expect(p.system).toContain("사건번호");
    expect(p.system).toContain("절대 쓰지 마십시오");
    expect(p.prompt).toContain("[1] 사건번호 76므41 · 대법원 1976-12-28");
    expect(p.prompt).toContain(chunk.text);
    expect(p.prompt).toContain(Q);
  });

  it("standalone: the conversation and the follow-up, asking for one self-contained question", () => {
    const p = standalonePrompt(
      [
        { role: "user", content: Q },
        { role: "assistant", content: "청구할 수 없습니다." },
      ],
      "그럼 사실혼이면요?",
    );
    expect(p.system).toContain("완결된 질문");
    expect(p.prompt).toContain(Q);
    expect(p.prompt).toContain("그럼 사실혼이면요?");
  });
});
