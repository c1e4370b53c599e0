import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { AnswerText } from "@/components/chat/answer-text";
import { internalHref, remarkCitations } from "@/lib/chat/answer-markdown";
import type { AnswerRecord } from "@/lib/chat/types";
import { citationFinder, splitCitations } from "@/lib/rag/citations";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";

const chunk = (id: string, caseNo: string, corpusId = "k"): ScoredChunk => ({
  chunk: { id, caseNo, corpusId, court: "대법원", section: "판결요지", text: "요지" } as Chunk,
  score: 1,
});

function render(text: string, context: ScoredChunk[] = [chunk("c1", "76므41"), chunk("c2", "94므826, 833")]) {
  const record: AnswerRecord = {
    answer: text,
    parts: splitCitations(text, context),
    context,
    trace: {} as AnswerRecord["trace"],
    retrievalOnly: false,
  };
  return renderToStaticMarkup(createElement(AnswerText, { text, record }));
}

describe("an answer rendered as a lawyer reads it", () => {
  it("renders headings, lists, bold and tables instead of raw Markdown", () => {
    const html = render(
      "## 결론\n\n- **반환 청구 불가**\n- 둘째\n\n1. 하나\n\n| 쟁점 | 판단 |\n|---|---|\n| 예물 | 불가 |",
    );
    expect(html).toContain("<h2>결론</h2>");
    expect(html).toMatch(/<ul>\s*<li><strong>반환 청구 불가<\/strong><\/li>/);
    expect(html).toContain("<ol>");
    expect(html).toContain("<td>예물</td>");
    expect(html).not.toContain("**");
  });

  it("links a case number the precedents hold, also inside bold text and joined numbers", () => {
    const html = render("**대법원 76므41 판결**과 94므833 판결을 보세요.");
    const links = [...html.matchAll(/<a data-testid="citation-link"[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
    expect(links.map((m) => m[2])).toEqual(["76므41", "94므833"]);
    const first = new URL((links[0]?.[1] ?? "").replaceAll("&amp;", "&"), "https://x.invalid");
    expect(first.pathname).toBe("/precedents/76%EB%AF%8041");
    expect(first.searchParams.get("corpus")).toBe("k");
    expect(first.searchParams.get("hl")).toBe("c1");
    expect(first.hash).toBe("#passage-c1");
    // The joined decision is opened under its own written number.
    expect(links[1]?.[1]).toContain(`/precedents/${encodeURIComponent("94므826, 833")}`);
  });

  it("gives each citation the link of its own place in the answer, with the way back to the chat", () => {
    const context = [chunk("c1", "76므41")];
    const text = "첫째 문장은 예물에 관한 것입니다(76므41). 둘째 문장은 **전혀 다른 쟁점**입니다(76므41).";
    const record: AnswerRecord = {
      answer: text,
      parts: splitCitations(text, context),
      context,
      trace: {} as AnswerRecord["trace"],
      retrievalOnly: false,
    };
    const html = renderToStaticMarkup(createElement(AnswerText, { text, record, chatId: "chat1" }));
    const hrefs = [...html.matchAll(/data-testid="citation-link"[^>]*href="([^"]+)"/g)].map(
      (m) => new URL((m[1] ?? "").replaceAll("&amp;", "&"), "https://x.invalid").searchParams,
    );
    expect(hrefs).toHaveLength(2);
    expect(hrefs.map((p) => p.get("from"))).toEqual(["chat1", "chat1"]);
    // Each link carries the sentence that cited it (the viewer marks the passage's support for it).
    expect(hrefs[0]?.get("s")).toContain("예물");
    expect(hrefs[1]?.get("s")).toContain("전혀 다른 쟁점");
  });

  it("flags an unknown case number with a visible, focusable explanation — never a link", () => {
    const html = render("이와 다른 2000다99999 판결도 있습니다.");
    expect(html).not.toContain('data-testid="citation-link"');
    expect(html).toMatch(
      /<button type="button" data-testid="citation-unverified"[^>]*>2000다99999<span[^>]*>⚠ 확인 필요<\/span><\/button>/,
    );
    expect(html).toContain('data-testid="unverified-summary"');
    expect(html).toContain("확인이 필요한 사건번호: 2000다99999");
  });

  it("shows no raw HTML, no image, and links only to our own pages", () => {
    const html = render(
      [
        "<script>alert(1)</script>",
        '문단 안의 <img src=x onerror="alert(2)"> 태그와 <b>굵게</b>',
        "[외부](https://evil.example/x) [스크립트](javascript:alert(3)) [내부](/precedents/76므41)",
        "![그림](https://evil.example/a.png) https://bare.example.com",
      ].join("\n\n"),
    );
    // Raw HTML is dropped, never an element: the text between tags stays.
    expect(html).not.toMatch(/script|<img|<b>|onerror|alert/);
    expect(html).toContain("<p>문단 안의  태그와 굵게</p>");
    // Only our own page is a link; the others keep their text, unlinked.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(["/precedents/76%EB%AF%8041"]);
    expect(html).toContain("<span>외부</span>");
    expect(html).toContain("<span>스크립트</span>");
    // A bare address stays text, not a link.
    expect(html).toContain("<span>https://bare.example.com</span>");
  });

  it("leaves case numbers inside code and link text alone", () => {
    const html = render("`76므41` 그리고 [76므41](/lookup?q=76므41)");
    expect(html).toContain("<code>76므41</code>");
    expect(html).not.toContain('data-testid="citation-link"');
  });

  it("renders Markdown while streaming, before citations are checked", () => {
    const html = renderToStaticMarkup(createElement(AnswerText, { text: "**굵게** 76므41" }));
    expect(html).toContain("<strong>굵게</strong>");
    expect(html).toContain('data-testid="answer-streaming"');
    expect(html).not.toContain("citation");
  });
});

describe("answer Markdown helpers", () => {
  it("keeps only paths of this app as link targets", () => {
    expect(internalHref("/precedents/76므41?corpus=a#p")).toBe("/precedents/76%EB%AF%8041?corpus=a#p");
    for (const bad of ["https://x.example", "//x.example/a", "/\\x.example", "javascript:alert(1)", "mailto:a@b", ""]) {
      expect(internalHref(bad)).toBeUndefined();
    }
  });

  it("splits text nodes into citation nodes decided like the stored citations", () => {
    const find = citationFinder([chunk("c1", "76므41")]);
    const source = "예물은 **76므41**, 또 1999다1 판결";
    const tree = unified().use(remarkParse).parse(source);
    remarkCitations(find)()(tree, { value: source });
    const paragraph = tree.children[0] as {
      children: { value?: string; children?: { value: string; data?: object }[]; data?: { hProperties?: object } }[];
    };
    const strong = paragraph.children[1]?.children?.[0] as { data?: { hProperties?: object } };
    // Each citation knows where it stands in the answer (76므41 at 6, inside the bold marks).
    expect(strong.data?.hProperties).toEqual({
      dataCitation: "valid",
      dataChunkId: "c1",
      dataCaseNo: "76므41",
      dataOffset: String(source.indexOf("76므41")),
    });
    expect(paragraph.children.slice(2).map((c) => [c.value, c.data?.hProperties])).toEqual([
      [", 또 ", undefined],
      ["1999다1", { dataCitation: "unverified", dataCaseNo: "1999다1", dataOffset: String(source.indexOf("1999다1")) }],
      [" 판결", undefined],
    ]);
  });
});
