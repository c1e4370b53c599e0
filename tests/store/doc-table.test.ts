import { describe, expect, it } from "vitest";
import { DocTable } from "@/lib/store/doc-table";

const fields = (caseNo: string) => ({
  corpusId: "c",
  caseNo,
  caseName: "손해배상(기)",
  court: "대법원",
  courtLevel: "대법원",
  caseType: "민사",
  decisionDate: "2020-01-02",
  enBanc: false,
  lowerCourt: "",
});

describe("DocTable.liveDocs", () => {
  it("marks the decisions with a live chunk, follows every place and drop, and hands out copies", () => {
    const docs = new DocTable();
    docs.place(0, fields("2019다1"));
    docs.place(1, fields("2019다1"));
    docs.place(2, fields("2019다2"));
    expect([...docs.liveDocs()]).toEqual([1, 1]);
    // A copy: a search narrowing its mask does not narrow the next search's.
    const mine = docs.liveDocs();
    mine[0] = 0;
    expect([...docs.liveDocs()]).toEqual([1, 1]);
    docs.drop(2);
    expect([...docs.liveDocs()]).toEqual([1, 0]);
    docs.drop(0);
    expect([...docs.liveDocs()]).toEqual([1, 0]);
    docs.drop(1);
    expect([...docs.liveDocs()]).toEqual([0, 0]);
    docs.place(3, fields("2019다2"));
    docs.place(4, fields("2019다3"));
    expect([...docs.liveDocs()]).toEqual([0, 1, 1]);
  });
});
