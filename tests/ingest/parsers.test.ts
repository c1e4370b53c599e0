import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseFile } from "@/lib/ingest/parse-file";
import { parseJsonDecisions } from "@/lib/ingest/parse-json";
import { parsePrecedentMarkdown } from "@/lib/ingest/parse-precedent-md";
import { parsePlainDecision } from "@/lib/ingest/parse-text";
import { caseNumbersMatch, splitCaseNo } from "@/lib/text/case-number";
import { decodeText } from "@/lib/text/encoding";
import { normalizeReferenceList } from "@/lib/text/normalize";

const FIXTURES = resolve("tests/fixtures/decisions");
const read = (name: string) => readFileSync(resolve(FIXTURES, name));

describe("precedent-kr Markdown", () => {
  const decision = parsePrecedentMarkdown(read("민사/대법원/대법원_2099-01-15_2098다1001.md").toString("utf8"));

  it("reads the front matter", () => {
    expect(decision.meta).toEqual({
      caseNo: "2098다1001",
      caseName: "손해배상(기)",
      court: "대법원",
      courtLevel: "대법원",
      caseType: "민사",
      decisionDate: "2099-01-15",
      serialNo: "900001",
      sourceUrl: "https://example.invalid/prec/900001",
    });
  });

  it("keeps the sections in order and joins broken reference lists", () => {
    expect(decision.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지", "참조조문", "참조판례", "판례내용"]);
    const text = (name: string) => decision.sections.find((s) => s.name === name)?.text;
    expect(text("참조조문")).toBe("[1] 민법 제750조, 제756조 / [2] 민법 제396조, 제763조");
    expect(text("참조판례")).toBe("[1] 대법원 2090. 3. 4. 선고 2089다77 판결, 2091. 5. 6. 선고 2090다88 판결");
  });

  it("ends the text at the truncation marker", () => {
    const body = decision.sections.find((s) => s.name === "판례내용")?.text ?? "";
    expect(body).toContain("잘못이 없다.");
    expect(body).not.toContain("TRUNCATED");
    expect(body).not.toContain("대법관");
  });

  it("accepts a BOM and CRLF line ends", () => {
    const crlf = `\uFEFF${read("가사/대법원/대법원_2098-11-02_2098므21_22.md").toString("utf8").replace(/\n/g, "\r\n")}`;
    const parsed = parsePrecedentMarkdown(crlf);
    expect(parsed.meta.caseNo).toBe("2098므21, 22");
    expect(parsed.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지"]);
  });

  it.each([
    ["no front matter", "# 제목\n\n## 판시사항\n\n내용"],
    ["no 사건번호", "---\n사건명: 무엇\n---\n\n## 판시사항\n\n내용"],
    ["no section", "---\n사건번호: 1다1\n---\n\n본문만 있음"],
  ])("refuses a file with %s", (_why, text) => {
    expect(() => parsePrecedentMarkdown(text)).toThrow(AppError);
  });
});

describe("plain text decisions", () => {
  it("finds 【】 headings and the case number in the first line", () => {
    const d = parsePlainDecision(read("plain-decision.txt").toString("utf8"), { caseType: "형사" });
    expect(d.meta).toMatchObject({ caseNo: "2097도55", court: "대법원", decisionDate: "2097-07-07", caseType: "형사" });
    expect(d.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지", "참조조문"]);
  });

  it("prefers the form's metadata and recognises other heading styles", () => {
    const text = "판시사항\n첫째 쟁점\n\n[판결요지]\n요지 문장\n\n## 참조판례\n대법원 2000. 1. 1. 선고 99다1 판결";
    const d = parsePlainDecision(text, { caseNo: "2000다5", court: "대법원" });
    expect(d.meta.caseNo).toBe("2000다5");
    expect(d.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지", "참조판례"]);
  });

  it("refuses a text without 사건번호", () => {
    expect(() => parsePlainDecision("【판시사항】\n내용", {})).toThrow(
      expect.objectContaining({ code: "ingest:bad_file", userMessage: "사건번호가 없습니다." }),
    );
  });
});

describe("JSON and JSONL", () => {
  it("reads records with English or Korean keys and reports bad lines by number", () => {
    const { decisions, errors } = parseJsonDecisions(read("decisions.jsonl").toString("utf8"));
    expect(decisions.map((d) => d.meta.caseNo)).toEqual(["2096누3", "2096구합4"]);
    expect(decisions[1]?.sections).toEqual([
      { name: "판결요지", text: "무인 점포의 영업정지 처분은 재량권을 일탈하였다." },
    ]);
    expect(errors.map((e) => e.record)).toEqual([3, 4]);
    expect(errors[1]?.message).toContain("사건번호");
  });

  it("reads a JSON array and honours a custom field mapping", () => {
    const json = JSON.stringify([{ no: "2001다2", 요약: "요지 본문" }]);
    const { decisions } = parseJsonDecisions(json, { caseNo: "no", 판결요지: "요약" });
    expect(decisions[0]?.meta.caseNo).toBe("2001다2");
    expect(decisions[0]?.sections[0]?.text).toBe("요지 본문");
  });
});

describe("encodings and bad files", () => {
  it("converts EUC-KR (CP949) to text", () => {
    const { text, encoding } = decodeText(read("euc-kr-decision.txt"));
    expect(encoding).toBe("euc-kr");
    expect(text).toContain("완성형 인코딩으로 저장된 판례");
    const { decisions } = parseFile("euc-kr-decision.txt", read("euc-kr-decision.txt"));
    expect(decisions[0]?.meta.caseNo).toBe("2094다9");
  });

  it.each([
    ["empty.md", new Uint8Array(), "빈 파일"],
    ["blank.md", new TextEncoder().encode("  \n\n "), "내용이 없는"],
    ["image.md", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), "텍스트 파일이 아닙니다"],
  ])("reports %s with its name and reason instead of throwing", (name, bytes, reason) => {
    const { decisions, problems } = parseFile(name, bytes);
    expect(decisions).toEqual([]);
    expect(problems).toEqual([{ file: name, code: "ingest:bad_file", message: expect.stringContaining(reason) }]);
  });
});

describe("case numbers and reference lists", () => {
  it("splits joined case numbers and matches their parts", () => {
    expect(splitCaseNo("94므826, 833")).toEqual(["94므826", "94므833"]);
    expect(splitCaseNo("2009 다 228")).toEqual(["2009다228"]);
    expect(caseNumbersMatch("94므833", "94므826, 833")).toBe(true);
    expect(caseNumbersMatch("94므834", "94므826, 833")).toBe(false);
  });

  it("rejoins stray line breaks and separators", () => {
    expect(normalizeReferenceList("가.\n \n 민사소송법 제47조 / 나. \n 민사소송법 제392조")).toBe(
      "가. 민사소송법 제47조 / 나. 민사소송법 제392조",
    );
    expect(
      normalizeReferenceList("대법원 1987.4.14. 선고 86누233 판결다. \n 대법원 1983.4.12. 선고 82누507 판결, /"),
    ).toBe("대법원 1987.4.14. 선고 86누233 판결 / 다. 대법원 1983.4.12. 선고 82누507 판결");
  });
});
