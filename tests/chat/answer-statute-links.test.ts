import type { Root } from "mdast";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { AnswerText } from "@/components/chat/answer-text";
import { remarkCitations, remarkStatutes } from "@/lib/chat/answer-markdown";
import type { AnswerRecord } from "@/lib/chat/types";
import { answerBlocks, blocksText } from "@/lib/export/answer-blocks";
import { citationFinder, splitCitations } from "@/lib/rag/citations";
import type { Chunk, ScoredChunk } from "@/lib/text/decision";

const context: ScoredChunk[] = [
  {
    chunk: { id: "c1", caseNo: "76므41", corpusId: "k", court: "대법원", section: "판결요지", text: "요지" } as Chunk,
    score: 1,
  },
];
const TEXT = "민법 제750조에 따라 배상합니다(76므41). 같은 법 제756조, 민사소송법 제216조와 제3조도 보세요.";

function recordOf(text: string): AnswerRecord {
  return {
    answer: text,
    parts: splitCitations(text, context),
    context,
    trace: {} as AnswerRecord["trace"],
    retrievalOnly: false,
  };
}

type Span = { value: string; props?: Record<string, string> };

/** The paragraph's text nodes after both plugins, with the attributes each span carries. */
function spans(text: string, laws?: string[]): Span[] {
  const tree = unified().use(remarkParse).parse(text) as Root;
  remarkCitations(citationFinder(context))()(tree, { value: text });
  remarkStatutes(laws)()(tree);
  const paragraph = tree.children[0] as unknown as {
    children: { value: string; data?: { hProperties?: Record<string, string> } }[];
  };
  return paragraph.children.map((n) => ({
    value: n.value,
    ...(n.data?.hProperties ? { props: n.data.hProperties } : {}),
  }));
}

describe("statute references in an answer", () => {
  it("marks an imported statute's references beside the case numbers of the same text node", () => {
    const out = spans(TEXT, ["민법"]);
    expect(out.map((s) => s.value).join("")).toBe(TEXT);
    const statutes = out.filter((s) => s.props?.dataStatute);
    expect(statutes.map((s) => [s.value, s.props?.dataStatute, s.props?.dataArticle])).toEqual([
      ["민법 제750조", "민법", "제750조"],
      ["같은 법 제756조", "민법", "제756조"],
    ]);
    // The case number stays the citation it was.
    const cited = out.filter((s) => s.props?.dataCitation);
    expect(cited.map((s) => [s.value, s.props?.dataCitation, s.props?.dataChunkId])).toEqual([
      ["76므41", "valid", "c1"],
    ]);
  });

  it("marks nothing when no statute is imported, and leaves a statute not imported alone", () => {
    expect(spans(TEXT).filter((s) => s.props?.dataStatute)).toEqual([]);
    expect(spans(TEXT, ["형법"]).filter((s) => s.props?.dataStatute)).toEqual([]);
    // 민사소송법 is not imported; "제3조" names no statute.
    const only = spans(TEXT, ["민법"])
      .filter((s) => s.props?.dataStatute)
      .map((s) => s.value);
    expect(only).not.toContain("민사소송법 제216조");
    expect(only).not.toContain("제3조");
  });

  it("renders the references as links to the article pages, the citation links unchanged", () => {
    const html = renderToStaticMarkup(
      createElement(AnswerText, { text: TEXT, record: recordOf(TEXT), laws: ["민법"] }),
    );
    const links = [...html.matchAll(/<a[^>]*data-testid="answer-statute-link"[^>]*>([^<]+)<\/a>/g)];
    expect(links.map((m) => m[1])).toEqual(["민법 제750조", "같은 법 제756조"]);
    expect(links[0]?.[0]).toContain(`href="/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제750조")}"`);
    expect(html).toMatch(/<a data-testid="citation-link"[^>]*>76므41<\/a>/);
    const plain = renderToStaticMarkup(createElement(AnswerText, { text: TEXT, record: recordOf(TEXT) }));
    expect(plain).not.toContain("answer-statute-link");
    expect(plain).toMatch(/<a data-testid="citation-link"[^>]*>76므41<\/a>/);
  });

  it("keeps the text in the exports, with the article's page for Word", () => {
    const blocks = answerBlocks(TEXT, recordOf(TEXT), "chat1", ["민법"]);
    expect(blocksText(blocks).join("\n")).toBe(blocksText(answerBlocks(TEXT, recordOf(TEXT), "chat1")).join("\n"));
    const inlines = blocks.flatMap((b) => (b.kind === "paragraph" ? b.inlines : []));
    const linked = inlines.flatMap((i) => (i.kind === "text" && i.href ? [[i.text, i.href]] : []));
    expect(linked).toEqual([
      ["민법 제750조", `/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제750조")}`],
      ["같은 법 제756조", `/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제756조")}`],
    ]);
    expect(inlines.some((i) => i.kind === "citation" && i.caseNo === "76므41")).toBe(true);
  });
});
