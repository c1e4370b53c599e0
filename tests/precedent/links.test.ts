import { describe, expect, it } from "vitest";
import { citationHrefs, precedentHref, resolveCitations } from "@/lib/chat/citation-links";
import type { AnswerRecord } from "@/lib/chat/types";
import { splitCitations } from "@/lib/rag/citations";
import { citationHint } from "@/lib/text/citation-hint";
import type { Chunk } from "@/lib/text/decision";

function chunk(id: string, caseNo: string, section: Chunk["section"], text: string): Chunk {
  return {
    id,
    corpusId: "c1",
    caseNo,
    caseName: "손해배상",
    court: "대법원",
    courtLevel: "대법원",
    caseType: "민사",
    decisionDate: "2099-01-15",
    section,
    sectionOrder: 0,
    text,
    contentHash: id,
  };
}

const context = [
  chunk("k1", "2098다1001", "판결요지", "드론 배송 사업자는 떨어진 물건으로 생긴 손해를 배상할 책임이 있다."),
  chunk("k2", "2098다1001", "판례내용", "원고가 금지 구역에 차량을 세워 둔 과실을 참작한 원심의 조치에 잘못이 없다."),
  chunk("j1", "2098므21, 22", "판결요지", "가상 현실 공간의 부정행위도 재판상 이혼 사유가 될 수 있다."),
].map((c, i) => ({ chunk: c, score: 1 - i / 10 }));

function record(answer: string): AnswerRecord {
  return {
    answer,
    parts: splitCitations(answer, context),
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
}

const params = (href: string | undefined) => new URL(href ?? "", "http://x").searchParams;

describe("links into the precedent viewer", () => {
  it("keeps the old signature: case, corpus, passages, scrolled to the first", () => {
    expect(precedentHref("76므41", "c1", ["a", "b"])).toBe(
      `/precedents/${encodeURIComponent("76므41")}?corpus=c1&hl=a%2Cb#passage-a`,
    );
  });

  it("states what the citation stands for, without the case numbers and court words", () => {
    const answer = "사업자는 손해를 배상할 책임이 있습니다(대법원 2098다1001 판결). 다음 문장.";
    expect(citationHint(answer, answer.indexOf("2098다"))).toBe("사업자는 손해를 배상할 책임이 있습니다.");
    const terse = "원고의 과실은 참작되어 배상액이 줄어듭니다. 관련 판례: 2098다1001";
    expect(citationHint(terse, terse.indexOf("2098다"))).toBe("원고의 과실은 참작되어 배상액이 줄어듭니다. 관련 판례:");
  });

  it("opens, for each citation, the passage that supports its own sentence", () => {
    const answer =
      "드론 사업자는 떨어진 물건의 손해를 배상할 책임이 있습니다(2098다1001). " +
      "다만 금지 구역에 차를 세운 원고의 과실은 참작됩니다(2098다1001). 없는 판례 2000다99999도 있습니다.";
    const r = record(answer);
    const hrefs = citationHrefs(r, { chatId: "chat-1" });
    const links = hrefs.filter(Boolean);
    expect(links).toHaveLength(2);
    expect(params(links[0]).get("hl")?.split(",")[0]).toBe("k1");
    expect(params(links[1]).get("hl")?.split(",")[0]).toBe("k2");
    expect(links[1]).toMatch(/#passage-k2$/);
    expect(params(links[0]).get("s")).toContain("배상할 책임");
    expect(params(links[1]).get("s")).toContain("과실은 참작");
    expect(params(links[0]).get("from")).toBe("chat-1");
    // Each link tints the passage the other citation stands on too (both were used), nothing else.
    expect(params(links[0]).get("u")).toBe("k2");
    expect(params(links[1]).get("u")).toBe("k1");
    // The flagged number has no link.
    const flagged = r.parts.findIndex((p) => p.type === "citation" && !p.valid);
    expect(hrefs[flagged]).toBeUndefined();
  });

  it("names the cited passages among the linked ones, leaving out the first and strangers", () => {
    const href = precedentHref("76므41", "c1", ["a", "b", "c"], { used: ["a", "c", "z"] });
    expect(params(href).get("u")).toBe("c");
    expect(params(precedentHref("76므41", "c1", ["a", "b"], { used: ["a"] })).has("u")).toBe(false);
  });

  it("finds a joined decision's passage from either of its numbers", () => {
    const answer = "가상 공간의 부정행위도 이혼 사유가 될 수 있습니다(2098므22).";
    const resolved = resolveCitations(record(answer)).filter(Boolean);
    expect(resolved[0]?.passage?.id).toBe("j1");
    const href = citationHrefs(record(answer)).find(Boolean);
    expect(href).toContain(`/precedents/${encodeURIComponent("2098므21, 22")}?`);
  });
});
