import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConversationSheet, PrintSheet } from "@/components/export/print-sheet";
import { answerBlocks, type CitationInline, citationNote } from "@/lib/export/answer-blocks";
import { answerDocx, conversationDocx } from "@/lib/export/answer-docx";
import { buildAnswerExport, formatAnswerText } from "@/lib/export/answer-export";
import { docxText, readZipEntry } from "../support/docx-text";
import { STATUS_ANSWER, STATUS_MISMATCH, statusRecord } from "../support/status-answer";

// Every export says of each cited number what the chat says: a passage of the answer, a real
// decision outside them (never the invented-number wording), or a number no corpus holds.

const QUESTION = "회원권을 먼저 해지해도 이용료를 돌려받나요?";
const record = await statusRecord();
const exported = buildAnswerExport({ question: QUESTION, answer: STATUS_ANSWER, record, chatId: "chat1" });
const CREATED = new Date("2026-11-23T03:00:00Z");

const OUTSIDE_CLOSING =
  "답변의 사건번호 2090다500은(는) 말뭉치에 있는 실제 판례이지만 이 답변의 근거로 검색된 판례가 아닙니다. 원문을 열어 답변 내용과 맞는지 확인하세요.";
const UNKNOWN_CLOSING =
  "답변의 사건번호 2031다99999은(는) 어느 말뭉치에도 없습니다. 모델이 잘못 기억했거나 지어냈을 수 있으니 원문으로 확인하세요.";

function citations(): CitationInline[] {
  return answerBlocks(STATUS_ANSWER, record, "chat1").flatMap((b) =>
    b.kind === "paragraph" ? b.inlines.filter((i): i is CitationInline => i.kind === "citation") : [],
  );
}

describe("an answer's three citation statuses in its blocks", () => {
  it("gives each citation its status, link, verdict, flag and mismatch as stored", () => {
    const [evidence, corpus, unknown] = citations();
    expect(evidence).toMatchObject({ caseNo: "2097다41", status: "evidence", verdict: "supported" });
    expect(evidence?.href).toMatch(/^\/precedents\/2097%EB%8B%A441\?corpus=c1&hl=a1/);
    expect(corpus).toEqual({
      kind: "citation",
      text: "2090다500",
      caseNo: "2090다500",
      status: "corpus",
      mismatch: STATUS_MISMATCH,
      href: "/precedents/2090%EB%8B%A4500?corpus=c2&from=chat1",
      verdict: "partly",
    });
    expect(unknown).toEqual({
      kind: "citation",
      text: "2031다99999",
      caseNo: "2031다99999",
      status: "unknown",
      flag: "어느 말뭉치에도 없는 사건번호",
    });
  });

  it("writes the notes beside each number: the corpus one never with the invented wording", () => {
    const [evidence, corpus, unknown] = citations().map((c) => citationNote(c));
    expect(evidence).toBe(" [근거 확인]");
    expect(corpus).toBe(` [검색 근거 밖 판례] [근거 약함] [⚠ ${STATUS_MISMATCH}]`);
    expect(corpus).not.toContain("확인 필요");
    expect(unknown).toBe(" [⚠ 확인 필요: 어느 말뭉치에도 없는 사건번호]");
  });

  it("keeps the older wording for an answer whose corpora were not searched", async () => {
    const older = await statusRecord(false);
    const cited = answerBlocks(STATUS_ANSWER, older).flatMap((b) =>
      b.kind === "paragraph" ? b.inlines.filter((i): i is CitationInline => i.kind === "citation") : [],
    );
    expect(cited.map((c) => [c.status, c.flag])).toEqual([
      ["evidence", undefined],
      ["unknown", "검색된 판례에 없는 사건번호"],
      ["unknown", "검색된 판례에 없는 사건번호"],
    ]);
    const text = formatAnswerText(buildAnswerExport({ question: QUESTION, answer: STATUS_ANSWER, record: older }));
    expect(text).toContain(
      "[확인 필요] 답변의 사건번호 2090다500, 2031다99999은(는) 검색된 판례에 없습니다. 모델이 잘못 기억했거나",
    );
    expect(text).not.toContain("[검색 근거 밖 판례]");
  });
});

describe("the exports of an answer with all three statuses", () => {
  it("sums them up: evidence cited, the corpus one outside, only the unknown one unverified", () => {
    expect(exported.citations.map((c) => c.caseNo)).toEqual(["2097다41"]);
    expect(exported.outside).toEqual(["2090다500"]);
    expect(exported.unverified).toEqual(["2031다99999"]);
    expect(exported.checked).toBe(true);
  });

  it("copies text with each status and both closing notes", () => {
    const text = formatAnswerText(exported);
    expect(text).toContain("돌려받습니다(2097다41 [근거 확인]).");
    expect(text).toContain(`선고 2090다500 [검색 근거 밖 판례] [근거 약함] [⚠ ${STATUS_MISMATCH}] 판결이 있습니다.`);
    expect(text).toContain("반대 취지의 2031다99999 [⚠ 확인 필요: 어느 말뭉치에도 없는 사건번호] 판결도");
    expect(text).toContain(`[검색 근거 밖 판례] ${OUTSIDE_CLOSING}`);
    expect(text).toContain(`[확인 필요] ${UNKNOWN_CLOSING}`);
    expect(text).not.toContain("검색된 판례에 없");
  });

  it("writes the Word file with each status, the mismatch, both notes and the decision's link", async () => {
    const docx = await answerDocx(exported, { origin: "https://research.firm.test", createdAt: CREATED });
    const text = await docxText(docx);
    expect(text).toContain("2097다41 [근거 확인]");
    expect(text).toContain(`2090다500 [검색 근거 밖 판례] [근거 약함] [⚠ ${STATUS_MISMATCH}]`);
    expect(text).toContain("2031다99999 ⚠ 확인 필요: 어느 말뭉치에도 없는 사건번호");
    expect(text).toContain(`검색 근거 밖 판례: ${OUTSIDE_CLOSING}`);
    expect(text).toContain(`⚠ 확인 필요: ${UNKNOWN_CLOSING}`);
    const rels = await readZipEntry(docx, "word/_rels/document.xml.rels");
    expect(rels).toContain("https://research.firm.test/precedents/2090%EB%8B%A4500?corpus=c2&amp;from=chat1");
  });

  it("prints each citation's status and both notes on the sheet", () => {
    const html = renderToStaticMarkup(createElement(PrintSheet, { id: "p", exported }));
    expect(html.match(/data-status="[a-z]+"/g)).toEqual([
      'data-status="evidence"',
      'data-status="corpus"',
      'data-status="unknown"',
    ]);
    expect(html).toMatch(/data-testid="export-outside"[^>]*> \[검색 근거 밖 판례\]/);
    expect(html).toContain(`[⚠ ${STATUS_MISMATCH}]`);
    expect(html).toMatch(/data-testid="export-flag"[^>]*> ⚠ 확인 필요: 어느 말뭉치에도 없는 사건번호/);
    expect(html).toContain(`data-testid="print-outside-note"><strong>검색 근거 밖 판례:</strong> ${OUTSIDE_CLOSING}`);
    expect(html).toContain(`data-testid="print-unverified-note"><strong>⚠ 확인 필요:</strong> ${UNKNOWN_CLOSING}`);
  });

  it("exports a conversation with the statuses of each turn, in Word and on paper", async () => {
    const plain = buildAnswerExport({ question: "두 번째 질문", answer: "인용 없는 답변입니다.", record: undefined });
    const conversation = { title: "회원권", turns: [exported, plain] };
    const text = await docxText(await conversationDocx(conversation, { createdAt: CREATED }));
    expect(text).toContain(`2090다500 [검색 근거 밖 판례] [근거 약함] [⚠ ${STATUS_MISMATCH}]`);
    expect(text).toContain(`검색 근거 밖 판례: ${OUTSIDE_CLOSING}`);
    expect(text).toContain(`⚠ 확인 필요: ${UNKNOWN_CLOSING}`);
    const html = renderToStaticMarkup(createElement(ConversationSheet, { id: "c", conversation }));
    expect(html.match(/data-testid="print-outside-note"/g)).toHaveLength(1);
    expect(html.match(/data-testid="print-unverified-note"/g)).toHaveLength(1);
  });
});
