import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ConversationSheet, PrintSheet } from "@/components/export/print-sheet";
import { registerUser } from "@/lib/auth/users";
import type { AnswerRecord } from "@/lib/chat/types";
import { addMessage, createChat } from "@/lib/db/chats";
import { AppError } from "@/lib/errors";
import { answerBlocks } from "@/lib/export/answer-blocks";
import { answerDocx, conversationDocx } from "@/lib/export/answer-docx";
import { buildAnswerExport, formatAnswerText } from "@/lib/export/answer-export";
import { loadOwnConversationExport } from "@/lib/export/load-answer";
import { splitCitations } from "@/lib/rag/citations";
import type { Chunk } from "@/lib/text/decision";
import { docxText, readZipEntry } from "../support/docx-text";
import { checkedCitation, supportReport } from "../support/support-report";
import { useTestDatabase } from "../support/test-db";

// Written for this test: an answer with a table, a list, bold, one case number the retrieved
// precedents hold (checked: 근거 확인, then 근거 약함) and one they do not (an invented number).
const context = [
  {
    chunk: {
      id: "a1",
      corpusId: "c1",
      caseNo: "2097다41",
      caseName: "이용료반환",
      court: "대법원",
      decisionDate: "2097-12-28",
      section: "판결요지",
      text: "회원권 해지에 과실 있는 회원은 위약금을 공제한 이용료의 반환만 청구할 수 있다.",
    } as Chunk,
    score: 1,
  },
];
const ANSWER = [
  "## 결론",
  "",
  "**해지한 회원**도 위약금을 뺀 이용료는 돌려받습니다(2097다41).",
  "",
  "| 구분 | 반환청구 |",
  "|---|---|",
  "| 해지한 회원 | 위약금 공제 후 가능(2097다41) |",
  "| 다른 사례 | 불확실(2031다99999) |",
  "",
  "- 첫째 항목",
  "- 둘째 항목",
].join("\n");

function recordOf(answer: string): AnswerRecord {
  const first = answer.indexOf("2097다41");
  const second = answer.indexOf("2097다41", first + 1);
  return {
    answer,
    parts: splitCitations(answer, context),
    context,
    trace: {
      support: supportReport([
        checkedCitation(0, "supported", { caseNo: "2097다41", offset: first, claim: "해지한 회원" }),
        checkedCitation(1, "partly", { caseNo: "2097다41", offset: second, claim: "위약금 공제 후 가능" }),
      ]),
    } as AnswerRecord["trace"],
    retrievalOnly: false,
  };
}

const QUESTION = "회원권을 먼저 해지해도 이용료를 돌려받나요?";
const exported = buildAnswerExport({ question: QUESTION, answer: ANSWER, record: recordOf(ANSWER), chatId: "chat1" });

describe("the answer read as the screen reads it", () => {
  it("gives a table, a list and bold, each case number with its mark or its flag", () => {
    const blocks = answerBlocks(ANSWER, recordOf(ANSWER), "chat1");
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "table", "list"]);
    const table = blocks[2];
    if (table?.kind !== "table") throw new Error("no table");
    expect(table.rows).toHaveLength(3);
    const cited = table.rows.flat(2).filter((i) => i.kind === "citation");
    expect(cited.map((c) => [c.text, c.verdict, c.flag])).toEqual([
      ["2097다41", "partly", undefined],
      ["2031다99999", undefined, "검색된 판례에 없는 사건번호"],
    ]);
    expect(cited[0]?.href).toMatch(/^\/precedents\/2097%EB%8B%A441\?corpus=c1.*from=chat1/);
  });
});

describe("exports keep what the screen shows", () => {
  it("writes a Word table (w:tbl), not pipes, with ⚠ and the reason beside the invented number", async () => {
    const docx = await answerDocx(exported, {
      origin: "https://research.firm.test",
      createdAt: new Date("2026-11-23T03:00:00Z"),
    });
    const xml = await readZipEntry(docx, "word/document.xml");
    expect(xml).toContain("<w:tbl>");
    expect(await readZipEntry(docx, "word/styles.xml")).toContain('w:eastAsia="맑은 고딕"');
    const text = await docxText(docx);
    expect(text).not.toMatch(/\|\s*구분|\|---/);
    expect(text).toContain("2031다99999 ⚠ 확인 필요: 검색된 판례에 없는 사건번호");
    expect(text).toContain("2097다41 [근거 확인]");
    expect(text).toContain("2097다41 [근거 약함]");
    expect(text).toContain("2026년 11월 23일");
    // Links into the viewer (the cited list and the case numbers in the body).
    const rels = await readZipEntry(docx, "word/_rels/document.xml.rels");
    expect(rels).toContain("https://research.firm.test/precedents/2097%EB%8B%A441?corpus=c1");
  });

  it("prints HTML with a real table and the marks inline — no raw pipes", () => {
    const html = renderToStaticMarkup(createElement(PrintSheet, { id: "p", exported }));
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*>구분<\/th>/);
    expect(html).not.toMatch(/\|\s*구분|\|---/);
    expect(html).toContain("<strong>해지한 회원</strong>");
    expect(html).toContain("<li>첫째 항목</li>"); // a tight list, as on screen
    expect(html).toMatch(/2031다99999<\/span><span[^>]*> ⚠ 확인 필요: 검색된 판례에 없는 사건번호/);
    expect(html).toMatch(/data-verdict="supported"[^>]*> \[근거 확인\]/);
  });

  it("copies plain text with tab-separated cells and the marks as words", () => {
    const text = formatAnswerText(exported);
    expect(text).toContain("구분\t반환청구");
    expect(text).toContain("해지한 회원\t위약금 공제 후 가능(2097다41 [근거 약함])");
    expect(text).toContain("불확실(2031다99999 [⚠ 확인 필요: 검색된 판례에 없는 사건번호])");
    expect(text).toContain("• 첫째 항목");
    expect(text).not.toContain("|");
  });
});

describe("a whole conversation", () => {
  beforeAll(() => {
    useTestDatabase();
  });

  it("exports every question and answer in order, only from one's own chat", async () => {
    const kim = await registerUser({
      email: "kim@export.test",
      name: "김",
      role: "lawyer",
      password: "kim-password-1",
    });
    const lee = await registerUser({
      email: "lee@export.test",
      name: "이",
      role: "lawyer",
      password: "lee-password-1",
    });
    const chat = await createChat(kim.id, "회원권 이용료");
    // Each answer with a line of it the document must hold, after its question.
    const turns = [
      [QUESTION, ANSWER, "해지한 회원도 위약금을 뺀 이용료는 돌려받습니다(2097다41)."],
      [
        "위약금은 얼마까지 공제되나요?",
        "약정한 범위에서 공제됩니다.\n\n| 항목 | 비율 |\n|---|---|\n| 위약금 | 10% |",
        "10%",
      ],
      ["마지막 질문입니다", "세 번째 답변입니다.", "세 번째 답변입니다."],
    ];
    for (const [q, a] of turns) {
      await addMessage({ chatId: chat.id, role: "user", content: q as string });
      await addMessage({ chatId: chat.id, role: "assistant", content: a as string });
    }
    const conversation = await loadOwnConversationExport(kim.id, chat.id);
    expect(conversation.title).toBe("회원권 이용료");
    expect(conversation.turns.map((t) => t.question)).toEqual(turns.map(([q]) => q));

    const docx = await conversationDocx(conversation);
    const text = await docxText(docx);
    let at = -1;
    for (const [q, , line] of turns) {
      const asked = text.indexOf(q as string, at + 1);
      expect(asked, q).toBeGreaterThan(at);
      at = text.indexOf(line as string, asked);
      expect(at, line).toBeGreaterThan(asked);
    }
    expect((await readZipEntry(docx, "word/document.xml")).match(/<w:tbl>/g)).toHaveLength(2);

    const html = renderToStaticMarkup(createElement(ConversationSheet, { id: "c", conversation }));
    expect(html.match(/data-testid="print-turn"/g)).toHaveLength(3);
    expect(html).not.toContain("|---");

    const error = await loadOwnConversationExport(lee.id, chat.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("not_found:resource");
  });
});
