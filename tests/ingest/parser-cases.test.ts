import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { DEFAULT_FIELD_KEYS, parseJsonDecisions } from "@/lib/ingest/parse-json";
import { parsePrecedentMarkdown } from "@/lib/ingest/parse-precedent-md";
import { parsePlainDecision } from "@/lib/ingest/parse-text";
import { decodeText } from "@/lib/text/encoding";

// Fictional decisions kept outside tests/fixtures/decisions, whose file count other suites rely on.
const CASES = resolve("tests/fixtures/parser-cases");
const read = (name: string) => readFileSync(resolve(CASES, name));

describe("precedent-kr Markdown, more shapes", () => {
  it("unquotes front-matter values and drops the judges' line after the truncation marker", () => {
    const d = parsePrecedentMarkdown(read("대법원_2097-03-04_97다1.md").toString("utf8"), "97다1.md");
    expect(d.meta).toMatchObject({ caseNo: "97다1", caseName: "손해배상(자)", serialNo: "900002" });
    expect(d.sourcePath).toBe("97다1.md");
    // An older decision without 참조조문/참조판례: only the sections present, in order.
    expect(d.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지", "판례내용"]);
    const body = d.sections[2]?.text ?? "";
    expect(body).toContain("원심의 판단은 정당하다.");
    expect(body).toContain("［1］"); // source quirks (full-width brackets, ○○○) are kept
    expect(body).not.toContain("대법관");
  });

  it("rejoins reference lists broken over lines and stray commas", () => {
    const d = parsePrecedentMarkdown(read("대법원_2095-06-07_95누12_13.md").toString("utf8"));
    expect(d.meta.caseNo).toBe("95누12, 13");
    const text = (name: string) => d.sections.find((s) => s.name === name)?.text;
    expect(text("참조조문")).toBe("부가가치세법 제1조, 제6조, 국세기본법 제14조");
    expect(text("참조판례")).toBe("대법원 2090. 1. 2. 선고 89누5 판결, 대법원 2091. 3. 4. 선고 90누6 판결");
  });

  it("refuses an empty file and a front matter with nothing after it", () => {
    expect(() => parsePrecedentMarkdown("")).toThrow(AppError);
    expect(() => parsePrecedentMarkdown("---\n사건번호: 1다1\n---\n")).toThrow(
      expect.objectContaining({ code: "ingest:bad_file" }),
    );
  });
});

describe("plain text decisions, more shapes", () => {
  it("reads a '사건번호:' line and bare headings", () => {
    const text = "사건번호: 2009다228\n선고일자: 2010. 1. 14.\n\n판시사항\n쟁점\n\n판결요지\n요지 문장";
    const d = parsePlainDecision(text, {});
    expect(d.meta).toMatchObject({ caseNo: "2009다228", decisionDate: "2010-01-14" });
    expect(d.sections.map((s) => s.name)).toEqual(["판시사항", "판결요지"]);
  });

  it("refuses a text without any section heading", () => {
    expect(() => parsePlainDecision("사건번호: 1다1\n그냥 본문", {})).toThrow(
      expect.objectContaining({ code: "ingest:bad_file" }),
    );
  });
});

describe("JSON records", () => {
  it("numbers JSON array records from 1 and exposes its default mapping", () => {
    const json = JSON.stringify([{ caseNo: "1다1", holdings: "쟁점" }, "not a record", { holdings: "번호 없음" }]);
    const { decisions, errors } = parseJsonDecisions(json);
    expect(decisions.map((d) => d.meta.caseNo)).toEqual(["1다1"]);
    expect(errors.map((e) => e.record)).toEqual([2, 3]);
    expect(DEFAULT_FIELD_KEYS.caseNo).toContain("사건번호");
  });

  it("reports a file that is not JSON at all as record 0", () => {
    expect(parseJsonDecisions("[{broken").errors).toEqual([{ record: 0, message: expect.any(String) }]);
  });
});

describe("encodings", () => {
  it("decodes CP949 characters outside EUC-KR proper (똠, 쀍)", () => {
    const { text, encoding } = decodeText(read("cp949-decision.bin"));
    expect(encoding).toBe("euc-kr");
    expect(text).toContain("똠방각하");
    expect(parsePlainDecision(text, {}).meta.caseNo).toBe("2093다77");
  });

  it("strips a UTF-8 BOM and names UTF-16 instead of calling it binary", () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("판례")]);
    expect(decodeText(bom)).toEqual({ text: "판례", encoding: "utf-8" });
    expect(() => decodeText(new Uint8Array([0xff, 0xfe, 0x00, 0xd3]))).toThrow(
      expect.objectContaining({ userMessage: expect.stringContaining("UTF-16") }),
    );
  });
});
