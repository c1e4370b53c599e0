import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { decisionGraph } from "@/lib/citations/graph";
import { parseOverrulings } from "@/lib/citations/overruling";
import { citationUnits, normalizeCourt, parseCitations } from "@/lib/citations/parse";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import { splitCaseNo } from "@/lib/text/case-number";
import type { CitationEdge } from "@/lib/text/citation-types";
import type { ParsedDecision, SectionName } from "@/lib/text/decision";
import { referencedCaseNumbers } from "@/lib/text/referenced-cases";

// Decisions written for these tests (fictional numbers and courts' wording in the usual forms).
function decision(caseNo: string, sections: Partial<Record<SectionName, string>>, court = "대법원"): ParsedDecision {
  return {
    meta: { caseNo, caseName: "손해배상", court, courtLevel: "대법원", caseType: "민사", decisionDate: "2099-06-20" },
    sections: Object.entries(sections).map(([name, text]) => ({ name: name as SectionName, text: text ?? "" })),
  };
}
const edge = (edges: CitationEdge[], caseNo: string) => edges.find((e) => e.caseNo === caseNo);

describe("citations in a 참조판례 list", () => {
  it("reads court, date and number, joined numbers, inherited courts and stray line breaks", () => {
    const d = decision("2099다500", {
      참조판례:
        "[1] 대법원 2090. 3. 4. 선고 2089다77 판결(공2090상, 12),\n\n 2091.5.6. 선고 2090다88, 89 판결 / [2] 대법원 2092. 7. 8. 자 2092스10 결정, " +
        "헌재 2093. 1. 2. 선고 2092헌바3 결정,\n 2094.2.3 선고 2093다1, 2093다카2 판결, 대법원 2095. 4. 5. 선고 2094다9 전원합의체 판결",
    });
    const edges = parseCitations(d, splitCaseNo("2099다500"));
    expect(edges.map((e) => e.caseNo)).toEqual([
      "2089다77",
      "2090다88",
      "2090다89",
      "2092스10",
      "2092헌바3",
      "2093다1",
      "2093다카2",
      "2094다9",
    ]);
    expect(edge(edges, "2089다77")).toEqual({
      caseNo: "2089다77",
      court: "대법원",
      date: "2090-03-04",
      source: "참조판례",
      enBanc: false,
    });
    expect(edge(edges, "2090다89")).toMatchObject({ court: "대법원", date: "2091-05-06" });
    expect(edge(edges, "2092헌바3")?.court).toBe("헌법재판소");
    // A citation naming no court takes the one before it in the list.
    expect(edge(edges, "2093다카2")).toMatchObject({ court: "헌법재판소", date: "2094-02-03" });
    expect(edge(edges, "2094다9")).toMatchObject({ enBanc: true, court: "대법원" });
  });

  it("keeps numbers the full pattern misses, never reads a date and 선고 as a case number", () => {
    const d = decision("2099다500", {
      참조판례: "대법원 2090. 3. 4 선고 2089다77 판결, 209O. 1. 1. 선고 2089다78 판결",
    });
    const edges = parseCitations(d, []);
    expect(edges.map((e) => [e.caseNo, e.date])).toEqual([
      ["2089다77", "2090-03-04"],
      ["2089다78", ""],
    ]);
    expect(referencedCaseNumbers("대법원 1986.3.25 선고 85다카728 판결")).toEqual(["85다카728"]);
  });

  it("normalises court names", () => {
    expect(normalizeCourt("서울고법")).toBe("서울고등법원");
    expect(normalizeCourt("수원지법 성남지원")).toBe("수원지방법원성남지원");
    expect(normalizeCourt("헌재")).toBe("헌법재판소");
  });
});

describe("citations in the reasons (판례내용)", () => {
  const body = [
    "【원고, 피상고인】 원고",
    "【원심판결】",
    "서울고등법원 2098. 5. 1. 선고 2097나123 판결",
    "【주 문】",
    "상고를 기각한다.",
    "【이 유】",
    "이 점은 당원 2090. 3. 4. 선고 2089다77 판결, 2091. 5. 6. 선고 2090다88 판결이 밝힌 바와 같다.",
    "또한 원심이 인용한 부산지방법원 2096. 1. 1. 선고 2095가합5 판결도 같은 취지이다.",
    "이 판결 2099다500의 결론과 같다.",
  ].join("\n");
  const edges = parseCitations(decision("2099다500", { 판례내용: body }), ["2099다500"]);

  it("takes citations of the reasons with their courts, 당원 being the citing court", () => {
    expect(edges.map((e) => [e.caseNo, e.court, e.source])).toEqual([
      ["2089다77", "대법원", "판례내용"],
      ["2090다88", "대법원", "판례내용"],
      ["2095가합5", "부산지방법원", "판례내용"],
    ]);
  });

  it("leaves out the judgment under review and the decision itself", () => {
    expect(edge(edges, "2097나123")).toBeUndefined();
    expect(edge(edges, "2099다500")).toBeUndefined();
  });

  it("counts a case cited in both places once, as a 참조판례 edge", () => {
    const both = parseCitations(
      decision("2099다500", { 참조판례: "대법원 2090. 3. 4. 선고 2089다77 판결", 판례내용: body }),
      ["2099다500"],
    );
    expect(both.filter((e) => e.caseNo === "2089다77").map((e) => e.source)).toEqual(["참조판례"]);
  });

  it("finds citation units with their offsets", () => {
    const text = "앞 문장. 대법원 2090. 3. 4. 선고 2089다77, 78 판결 참조.";
    const [unit] = citationUnits(text);
    expect(text.slice(unit?.start, unit?.end)).toBe("대법원 2090. 3. 4. 선고 2089다77, 78 판결");
    expect(unit?.parts).toEqual(["2089다77", "2089다78"]);
  });
});

describe("overrulings (판례 변경)", () => {
  const overruled = (body: string, references = "") =>
    parseOverrulings(decision("2099다500", { 판례내용: body, 참조판례: references }), ["2099다500"]).map((o) => [
      o.caseNo,
      o.court,
      o.date,
      o.scope,
    ]);

  it("reads the standard formula: to the extent it conflicts", () => {
    expect(
      overruled(
        "이와 달리 대법원 2090. 3. 4. 선고 2089다77 판결은 이 판결의 견해에 배치되는 범위에서 이를 변경하기로 한다.",
      ),
    ).toEqual([["2089다77", "대법원", "2090-03-04", "partial"]]);
  });

  it("reads its variants: 범위 내에서, several decisions, 저촉되는 한도, 폐기, a plain 변경한다", () => {
    expect(
      overruled(
        "이와 같은 취지의 대법원 2090. 3. 4. 선고 2089다77 판결, 대법원 2091. 5. 6. 선고 2090다88, 89 판결 등은 이 판결과 배치되는 범위 내에서 모두 변경하기로 한다.",
      ),
    ).toEqual([
      ["2089다77", "대법원", "2090-03-04", "partial"],
      ["2090다88", "대법원", "2091-05-06", "partial"],
      ["2090다89", "대법원", "2091-05-06", "partial"],
    ]);
    expect(
      overruled(
        "종전의 당원 2080. 1. 2. 선고 2079다1 판결의 견해는 이 판결의 견해와 저촉되는 한도 내에서 이를 변경하기로 한다.",
      ),
    ).toEqual([["2079다1", "대법원", "2080-01-02", "partial"]]);
    expect(overruled("위와 다른 견해를 취한 대법원 2070. 5. 5. 선고 2069다3 판결은 이를 폐기하기로 한다.")).toEqual([
      ["2069다3", "대법원", "2070-05-05", "full"],
    ]);
    expect(overruled("종전의 판례인 대법원 2071. 6. 6. 선고 2070다4 판결은 이를 변경한다.")).toEqual([
      ["2070다4", "대법원", "2071-06-06", "full"],
    ]);
  });

  it("reads law.go.kr's (변경) mark in the 참조판례 list", () => {
    expect(
      overruled("", "대법원 2090. 3. 4. 선고 2089다77 판결(공2090상, 12)(변경), 대법원 2091. 5. 6. 선고 2090다88 판결"),
    ).toEqual([["2089다77", "대법원", "2090-03-04", "full"]]);
  });

  it("does not read a lower court's change, a contract, or a citation of an en banc decision as an overruling", () => {
    expect(overruled("원심판결 중 피고 패소 부분을 다음과 같이 변경한다.")).toEqual([]);
    expect(
      overruled("원고와 피고는 2090. 3. 4. 선고 2089다77 판결에 따라 계약 내용을 변경하기로 하는 합의를 하였다."),
    ).toEqual([]);
    expect(
      overruled(
        "이 점은 대법원 2095. 4. 5. 선고 2094다9 전원합의체 판결이 판시한 바와 같다. 판례를 변경할 필요는 없다.",
      ),
    ).toEqual([]);
    // The decision's own number in the sentence is not overruled by itself.
    expect(
      overruled("이 판결 대법원 2099. 6. 20. 선고 2099다500 판결의 견해에 배치되는 범위에서 이를 변경하기로 한다."),
    ).toEqual([]);
  });
});

// Real decisions (../shared/data): gathered along citations, so many cite each other.
const SHARED = resolve("../shared/data/precedents");
const present = existsSync(SHARED);

describe.skipIf(!present)("the citation graph of the real decisions (../shared/data)", () => {
  const decisions: ParsedDecision[] = present
    ? listInputFiles(SHARED).flatMap((f) => parseFile(f.name, readFileSync(f.path)).decisions)
    : [];
  const graphs = decisions.map(decisionGraph);
  const of = (caseNo: string) => graphs.find((g) => g.caseNo === caseNo);
  const held = new Set(decisions.flatMap((d) => splitCaseNo(d.meta.caseNo)));

  it("reads known edges: a joined number, a second number inheriting the court, and 당원 in the reasons", () => {
    const g = of("94므895");
    expect(g?.edges.filter((e) => e.source === "참조판례").map((e) => e.caseNo)).toEqual([
      "91다40696",
      "92다33008",
      "94므826",
      "94므833",
      "76므41",
      "76므42",
    ]);
    expect(edge(g?.edges ?? [], "94므826")).toEqual({
      caseNo: "94므826",
      court: "대법원",
      date: "1994-11-25",
      source: "참조판례",
      enBanc: false,
    });
    expect(edge(g?.edges ?? [], "86누233")).toMatchObject({ court: "대법원", date: "1987-04-14", source: "판례내용" });
    expect(edge(of("94므826, 833")?.edges ?? [], "91다40696")).toMatchObject({ date: "1992-03-27" });
    expect(of("99므1329")?.edges.map((e) => e.caseNo)).toEqual(
      expect.arrayContaining(["79므77", "83므22", "84므71", "93므935", "94므1089"]),
    );
    expect(edge(of("86다카2634")?.edges ?? [], "76다148")).toMatchObject({ enBanc: true, date: "1976-11-06" });
    expect(
      of("90누9346")
        ?.edges.filter((e) => e.court === "헌법재판소")
        .map((e) => e.caseNo),
    ).toEqual(["89헌마32", "89헌마33"]);
  });

  it("leaves out the judgment under review, even under the source's typo 【웜심판결】", () => {
    expect(edge(of("87다카2478")?.edges ?? [], "87나34")).toBeUndefined();
    // The one lower-court citation is a real one: a criminal judgment the reasons rely on.
    expect(graphs.flatMap((g) => g.edges).filter((e) => !["대법원", "헌법재판소", ""].includes(e.court))).toEqual([
      expect.objectContaining({ caseNo: "81노865", court: "서울고등법원", source: "판례내용" }),
    ]);
  });

  it("keeps every case of the 참조판례 chips, and many edges lead to decisions of the corpus", () => {
    for (const d of decisions) {
      const chips = referencedCaseNumbers(d.sections.find((s) => s.name === "참조판례")?.text ?? "");
      const edges = new Set(of(d.meta.caseNo)?.edges.map((e) => e.caseNo));
      const own = splitCaseNo(d.meta.caseNo);
      expect(
        chips.filter((c) => !edges.has(c) && !own.includes(c)),
        d.meta.caseNo,
      ).toEqual([]);
    }
    const all = graphs.flatMap((g) => g.edges);
    expect(all.some((e) => /선고/.test(e.caseNo))).toBe(false);
    const internal = all.filter((e) => held.has(e.caseNo)).length;
    expect(internal).toBeGreaterThan(500);
    expect(all.filter((e) => e.date === "").length).toBeLessThan(20);
  });
});
