import { describe, expect, it } from "vitest";
import { linkedArticles, runsOfMarks, statuteNotes, statuteRefParts } from "@/lib/statutes/ref-parts";

const MINBEOP = new Set(["민법"]);

describe("참조조문 → statute links", () => {
  it("splits a decision's 참조조문 into text and links, the unnamed articles after a statute being its own", () => {
    const text = "[1] 민법 제750조,\n\n제756조 / [2] 민법 제396조 , 제763조";
    const parts = statuteRefParts(text, MINBEOP);
    // Nothing lost or added: the parts are the text.
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.filter((p) => p.kind === "ref").map((p) => (p.kind === "ref" ? `${p.law} ${p.article}` : ""))).toEqual(
      ["민법 제750조", "민법 제756조", "민법 제396조", "민법 제763조"],
    );
    expect(parts[0]).toEqual({ kind: "text", start: 0, text: "[1] " });
    expect(parts[1]).toMatchObject({
      kind: "ref",
      start: 4,
      text: "민법 제750조",
      href: `/statutes/${encodeURIComponent("민법")}/${encodeURIComponent("제750조")}`,
      former: false,
    });
    expect(linkedArticles(parts).map((a) => a.article)).toEqual(["제750조", "제756조", "제396조", "제763조"]);
  });

  it("leaves a statute that is not imported as text, and marks a 구 법 reference", () => {
    const text = "구 민법(1990. 1. 13. 법률 제4199호로 개정되기 전의 것) 제839조의2, 민사소송법 제216조";
    const parts = statuteRefParts(text, MINBEOP);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    const refs = parts.filter((p) => p.kind === "ref");
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ law: "민법", article: "제839조의2", former: true });
    expect(statuteRefParts(text, new Set())).toEqual([{ kind: "text", start: 0, text }]);
  });

  it("warns that the panel shows the article in force now", () => {
    expect(statuteNotes({ former: true, decisionDate: "2022-01-01", effectiveDate: "2021-01-26" })).toEqual([
      "구 법 조문을 인용했습니다: 아래는 현행 조문입니다",
    ]);
    expect(statuteNotes({ former: false, decisionDate: "2019-05-30", effectiveDate: "2021-01-26" })).toEqual([
      "현행 조문입니다: 판결 당시 조문과 다를 수 있습니다",
    ]);
    expect(statuteNotes({ former: false, decisionDate: "2099-01-15", effectiveDate: "2021-01-26" })).toEqual([]);
  });
});

describe("statute links in a decision's body", () => {
  it("links only named references in running text: a bare article is of no known statute", () => {
    const text = "원심은 민법 제750조, 제756조에 따라 판단하였으나, 제3조의 취지와 민사소송법 제216조에 비추어";
    const parts = statuteRefParts(text, MINBEOP, { running: true });
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.flatMap((p) => (p.kind === "ref" ? [`${p.law} ${p.article}`] : []))).toEqual([
      "민법 제750조",
      "민법 제756조",
    ]);
    // In a 참조조문 list the same bare article would be 민법's.
    expect(statuteRefParts("민법 제750조\n제3조", MINBEOP).filter((p) => p.kind === "ref")).toHaveLength(2);
    expect(
      statuteRefParts("민법 제750조\n제3조", MINBEOP, { running: true }).filter((p) => p.kind === "ref"),
    ).toHaveLength(1);
  });

  it("cuts the parts at the marks' edges: a reference inside one mark links, one cut by an edge stays text", () => {
    const text = "앞 민법 제750조 뒤 민법 제756조 끝";
    const parts = statuteRefParts(text, MINBEOP, { running: true });
    // Marks: "앞 민법 제750조 뒤 민법 " | "제756조 끝" — the second reference straddles the edge.
    const cut = text.indexOf("제756조");
    const runs = runsOfMarks([{ text: text.slice(0, cut) }, { text: text.slice(cut) }], parts, (p) => ({
      link: p.article,
    }));
    expect(runs).toEqual([
      ["앞 ", { link: "제750조" }, " 뒤 ", "민법 "],
      ["제756조", " 끝"],
    ]);
    // Every mark's text is kept, in order.
    const flat = runs.map((r) =>
      r.map((x) => (typeof x === "string" ? x : x.link === "제750조" ? "민법 제750조" : "")).join(""),
    );
    expect(flat.join("")).toBe(text);
    // Marks with no reference at all: their text as it is.
    expect(
      runsOfMarks([{ text: "a" }, { text: "" }, { text: "b" }], [{ kind: "text", start: 0, text: "ab" }], () => 0),
    ).toEqual([["a"], [], ["b"]]);
  });
});
