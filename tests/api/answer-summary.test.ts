import { describe, expect, it } from "vitest";
import { FLAG_REASON, summarizeAnswer } from "@/lib/api/answer-summary";
import { answerText } from "@/lib/api/mcp-server";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import { OUTSIDE_NOTE, UNKNOWN_NOTE } from "@/lib/rag/citations";
import { STATUS_ANSWER, STATUS_MISMATCH, statusRecord } from "../support/status-answer";

// The API (REST /api/v1/ask and MCP ask_with_citations) says of each cited number what the chat
// says: its status, and for each status only its own marks.

const BASE = "https://research.firm.test";
const IDS = { chatId: "chat1", messageId: "m1" };

async function state(checked = true): Promise<AnswerState> {
  const record = await statusRecord(checked);
  return { ...initialAnswerState(), status: "done", answer: STATUS_ANSWER, record, support: record.trace.support };
}

describe("an answer's citations in the API", () => {
  it("gives each its status; flags only the unknown one, links the corpus one to its decision", async () => {
    const { citations } = summarizeAnswer(IDS, await state(), BASE);
    expect(citations.map((c) => [c.caseNo, c.status, c.inContext])).toEqual([
      ["2097다41", "evidence", true],
      ["2090다500", "corpus", false],
      ["2031다99999", "unknown", false],
    ]);
    const [evidence, corpus, unknown] = citations;
    expect(evidence).toMatchObject({ support: "근거 확인", verdict: "supported" });
    expect(evidence?.url).toMatch(/^https:\/\/research\.firm\.test\/precedents\/2097%EB%8B%A441\?corpus=c1&hl=a1/);
    expect(evidence).not.toHaveProperty("flagged");
    expect(evidence).not.toHaveProperty("mismatch");
    expect(corpus).toEqual({
      caseNo: "2090다500",
      status: "corpus",
      inContext: false,
      mismatch: STATUS_MISMATCH,
      support: "근거 약함",
      verdict: "partly",
      reason: "",
      url: `${BASE}/precedents/2090%EB%8B%A4500?corpus=c2`,
      note: OUTSIDE_NOTE,
    });
    expect(unknown).toEqual({ caseNo: "2031다99999", status: "unknown", inContext: false, flagged: UNKNOWN_NOTE });
  });

  it("keeps the older flag for an answer whose corpora were not searched", async () => {
    const { citations } = summarizeAnswer(IDS, await state(false), BASE);
    expect(citations.map((c) => [c.caseNo, c.status, c.flagged])).toEqual([
      ["2097다41", "evidence", undefined],
      ["2090다500", "unknown", FLAG_REASON],
      ["2031다99999", "unknown", FLAG_REASON],
    ]);
  });

  it("writes the MCP tool's text with each status, the note and the mismatch", async () => {
    const text = answerText(summarizeAnswer(IDS, await state(), BASE));
    expect(text).toContain("- 2097다41: 근거 확인\n  https://research.firm.test/precedents/2097");
    expect(text).toContain(
      `- 2090다500: [검색 근거 밖 판례] ${OUTSIDE_NOTE}\n  근거 약함\n  ${BASE}/precedents/2090%EB%8B%A4500?corpus=c2\n  ⚠ ${STATUS_MISMATCH}`,
    );
    expect(text).toContain(`- ⚠ 2031다99999: ${UNKNOWN_NOTE}`);
  });
});
