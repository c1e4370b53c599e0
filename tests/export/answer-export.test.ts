import { describe, expect, it } from "vitest";
import type { AnswerRecord } from "@/lib/chat/types";
import { answerDocx } from "@/lib/export/answer-docx";
import { buildAnswerExport, exportFileName, formatAnswerText } from "@/lib/export/answer-export";
import { attachmentDisposition } from "@/lib/export/content-disposition";
import { splitCitations } from "@/lib/rag/citations";
import type { Chunk } from "@/lib/text/decision";
import { docxText } from "../support/docx-text";

function chunk(id: string, caseNo: string, over: Partial<Chunk> = {}): Chunk {
  return {
    id,
    corpusId: "c1",
    caseNo,
    caseName: "이용료반환",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2097-12-28",
    section: "판결요지",
    sectionOrder: 0,
    text: "",
    contentHash: id,
    ...over,
  };
}

// Written for this test.
const context = [
  chunk("a1", "2097다41", {
    text: "회원권 이용료의 선납은 선급금과 유사하다. 회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.",
  }),
  chunk("b1", "2096스30", {
    court: "대법원",
    decisionDate: "2096-07-03",
    caseName: "면접교섭",
    text: "이혼 후 자녀와의 면접교섭 방법은 자녀의 복리를 우선하여 정하여야 한다.",
  }),
].map((c) => ({ chunk: c, score: 1 }));

const ANSWER =
  "## 결론\n회원권 해지에 **책임 있는 회원**은 위약금을 공제한 이용료의 반환만 청구할 수 있습니다(2097다41).\n" +
  "- 면접교섭은 자녀의 복리를 우선하여 정합니다(2096스30).\n- 다시 보아도 해지한 회원은 위약금을 뺀 나머지만 돌려받습니다(2097다41).\n" +
  "참고로 2000다99999 판결은 확인되지 않습니다.";

const record = {
  answer: ANSWER,
  parts: splitCitations(ANSWER, context),
  context,
  trace: {
    question: "",
    queries: { original: "" },
    lists: {},
    fused: [],
    reranked: false,
    notices: [],
    timings: [],
    totalMs: 0,
    llmMs: 0,
  },
  retrievalOnly: false,
} as AnswerRecord;

const QUESTION = "회원권을 먼저 해지한 쪽도 이용료를 돌려받을 수 있나요?";

describe("an answer's export", () => {
  const exported = buildAnswerExport({ question: QUESTION, answer: ANSWER, record });

  it("lists each cited decision once, formatted, with the passage and its supporting sentence", () => {
    expect(exported.citations.map((c) => c.citation)).toEqual([
      "대법원 2097. 12. 28. 선고 2097다41 판결",
      "대법원 2096. 7. 3.자 2096스30 결정",
    ]);
    const [first] = exported.citations;
    expect(first?.passages).toHaveLength(1);
    const p = first?.passages[0];
    expect(p?.support.map((r) => p.text.slice(r.start, r.end))).toEqual([
      "회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.",
    ]);
    expect(exported.unverified).toEqual(["2000다99999"]);
  });

  it("copies as text a lawyer can paste: question, answer without Markdown marks, citations", () => {
    const text = formatAnswerText(exported);
    expect(text).toContain(`[질문]\n${QUESTION}`);
    expect(text).toContain("회원권 해지에 책임 있는 회원은 위약금을 공제한");
    expect(text).not.toContain("**");
    expect(text).toContain("• 면접교섭은");
    expect(text).toContain("1. 대법원 2097. 12. 28. 선고 2097다41 판결 (이용료반환)");
    expect(text).toContain("2. 대법원 2096. 7. 3.자 2096스30 결정 (면접교섭)");
    expect(text).toContain(
      "“회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.” [판결요지]",
    );
    expect(text).toContain("2000다99999 [⚠ 확인 필요: 검색된 판례에 없는 사건번호]");
    expect(text).toContain("[확인 필요] 답변의 사건번호 2000다99999은(는) 검색된 판례에 없습니다.");
  });

  it("exports a stopped answer without a record as its text alone, marked incomplete", () => {
    const bare = buildAnswerExport({ question: "질문", answer: "쓰다 만 답변", incomplete: true });
    expect(bare.citations).toEqual([]);
    expect(formatAnswerText(bare)).toContain("중단된 답변입니다");
  });

  it("says why a cut-off answer stopped, in the text, the Word file and the print sheet's note", async () => {
    const cut = buildAnswerExport({
      question: QUESTION,
      answer: "회원권 해지에 책임 있는 회원은",
      record: { ...record, answer: "회원권 해지에 책임 있는 회원은", cutOff: "답변 모델의 연결이 끊겼습니다." },
    });
    const note = "답변이 중간에 끊겼습니다: 답변 모델의 연결이 끊겼습니다. 아래는 그때까지 작성된 부분입니다.";
    expect(cut.incomplete).toBe(true);
    expect(formatAnswerText(cut)).toContain(note);
    expect(await docxText(await answerDocx(cut, { createdAt: new Date("2026-11-23T03:00:00Z") }))).toContain(note);
    // Nothing written at all: the note says the answer failed, not that a part follows.
    const failed = buildAnswerExport({ question: QUESTION, answer: "", record: { ...record, cutOff: "시간 초과" } });
    expect(formatAnswerText(failed)).toContain("답변 작성에 실패했습니다: 시간 초과.");
  });

  it("writes a Word document whose text holds the question, the answer and the formatted citations", async () => {
    const docx = await answerDocx(exported, { createdAt: new Date("2026-11-23T03:00:00Z") });
    expect(docx.subarray(0, 2).toString()).toBe("PK");
    const text = await docxText(docx);
    expect(text).toContain(QUESTION);
    expect(text).toContain("책임 있는 회원");
    expect(text).toContain("대법원 2097. 12. 28. 선고 2097다41 판결");
    expect(text).toContain("대법원 2096. 7. 3.자 2096스30 결정");
    expect(text).toContain("회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.");
    expect(text).toContain("2000다99999");
  });
});

describe("the download's name", () => {
  it("names the file by date and question, and sends the Korean name per RFC 5987", () => {
    const name = exportFileName('회원권 이용료: 돌려받을 수 "있나요"?', new Date("2026-11-23T16:00:00Z"), "docx");
    expect(name).toBe("판례리서치_20261124_회원권 이용료 돌려받을 수 있나요.docx");
    const header = attachmentDisposition(name, "answer-m1.docx");
    expect(header).toMatch(/^attachment; filename="answer-m1\.docx"; filename\*=UTF-8''/);
    const encoded = header.split("filename*=UTF-8''")[1] ?? "";
    expect(encoded).not.toMatch(/[^A-Za-z0-9%._~!-]/);
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(attachmentDisposition("a(b)'*.docx", 'x"y.docx')).toBe(
      `attachment; filename="x_y.docx"; filename*=UTF-8''a%28b%29%27%2A.docx`,
    );
  });
});
