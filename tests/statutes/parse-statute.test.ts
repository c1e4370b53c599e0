import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { type ParsedStatute, parseStatute, statuteDate } from "@/lib/statutes/parse-statute";

const FIXTURES = resolve("tests/fixtures/statutes");
const fixture = (path: string) => parseStatute(readFileSync(join(FIXTURES, path), "utf8"), path);
const article = (s: ParsedStatute, number: string) => s.articles.find((a) => a.number === number);

describe("parseStatute over made-up statutes", () => {
  it("reads the front matter, quoted and unquoted dates", () => {
    const old = fixture("v2020/가상법.md");
    expect(old).toMatchObject({
      name: "가상법",
      kind: "법률",
      effectiveDate: "2020-01-01",
      promulgatedDate: "2019-12-31",
      sourceUrl: "https://www.law.go.kr/법령/가상법",
    });
    expect(fixture("v2022/가상법.md")).toMatchObject({ effectiveDate: "2022-03-01", promulgatedDate: "2022-02-28" });
    expect(statuteDate("2021.1.26")).toBe("2021-01-26");
    expect(statuteDate("시행")).toBe("");
  });

  it("numbers repeated headings as branch articles, keeps a deleted one, skips a non-article", () => {
    const s = fixture("v2020/가상법.md");
    expect(s.articles.map((a) => a.number)).toEqual([
      "제1조",
      "제2조",
      "제2조의2",
      "제2조의3",
      "제3조",
      "제3조의2",
      "제4조",
    ]);
    expect(article(s, "제2조의2")?.title).toBe("정의의 특례");
    expect(article(s, "제2조의3")?.title).toBe("특례의 한계（限界）");
    expect(article(s, "제3조")).toEqual({ number: "제3조", title: "", text: "삭제 <2019.12.31>" });
    expect(article(s, "제3조의2")?.title).toBe("신청의 방식");
    // 부칙 are not articles: the last article ends at them.
    expect(article(s, "제4조")?.text).toBe("신청은 도달한 때에 효력이 생긴다.");
  });

  it("strips Markdown marks and keeps 항 and 호 as lines", () => {
    const s = fixture("v2020/가상법.md");
    expect(article(s, "제1조")?.text).toBe("이 법은 시험을 위하여 만든 법이다.");
    expect(article(s, "제2조")?.text).toBe(
      [
        "① 이 법에서 쓰는 용어의 뜻은 다음과 같다.",
        '1. "시험"이란 확인하는 일을 말한다.',
        '2. "고정"이란 변하지 아니하는 것을 말한다.',
        "② 제1항 외의 용어는 일반의 예에 따른다.",
      ].join("\n"),
    );
  });

  it("reads 의N written in the heading", () => {
    const s = fixture("v2022/가상법.md");
    expect(s.articles.map((a) => a.number)).toEqual(["제1조", "제2조", "제2조의2", "제3조"]);
  });

  it("refuses a file without front matter as statute:bad_file", () => {
    expect(() => fixture("bad/머리말없음.md")).toThrow(AppError);
    try {
      fixture("bad/머리말없음.md");
    } catch (error) {
      expect((error as AppError).code).toBe("statute:bad_file");
      expect((error as AppError).userMessage).toContain("머리말");
    }
  });
});

// The real statutes (../shared/data/statutes, beside the developers' checkouts): never copied here.
const SHARED = resolve("../shared/data/statutes");
const real = (name: string) => parseStatute(readFileSync(join(SHARED, `${name}.md`), "utf8"), `${name}.md`);

describe.skipIf(!existsSync(SHARED))("parseStatute over the real statutes (../shared/data/statutes)", () => {
  it("counts the articles: 민법 1,194 headings less the 2 that are no articles, 민사소송법 527, 행정소송법 46", () => {
    const text = readFileSync(join(SHARED, "민법.md"), "utf8");
    const headings = text.split("\n").filter((l) => l.startsWith("##### ")).length;
    expect(headings).toBe(1194);
    const civil = real("민법");
    expect(civil.articles).toHaveLength(headings - 2);
    expect(real("민사소송법").articles).toHaveLength(527);
    expect(real("행정소송법").articles).toHaveLength(46);
    expect(civil).toMatchObject({ name: "민법", kind: "법률", effectiveDate: "2021-01-26" });
    expect(real("민사소송법")).toMatchObject({ effectiveDate: "2026-10-02", promulgatedDate: "2026-09-29" });
  });

  it("numbers 민법's repeated headings: 제839조의2, 제959조의20, 제436조 deleted and 제436조의2", () => {
    const civil = real("민법");
    expect(article(civil, "제839조의2")?.title).toBe("재산분할청구권");
    expect(article(civil, "제839조의3")?.title).toBe("재산분할청구권 보전을 위한 사해행위취소권");
    expect(article(civil, "제959조의20")).toBeDefined();
    expect(article(civil, "제959조의21")).toBeUndefined();
    expect(article(civil, "제436조")).toMatchObject({ title: "", text: expect.stringMatching(/^삭제 /) });
    expect(article(civil, "제436조의2")?.title).toBe("채권자의 정보제공의무와 통지의무 등");
    expect(article(civil, "제898조")?.title).toBe("협의상 파양");
    expect(article(civil, "제905조")?.title).toBe("재판상 파양의 원인");
    expect(article(civil, "제750조")?.title).toBe("불법행위의 내용");
    expect(civil.articles.at(-1)?.number).toBe("제1118조");
    expect(new Set(civil.articles.map((a) => a.number)).size).toBe(civil.articles.length);
  });

  it("keeps 민사소송법's 제24조의2 and the full-width parentheses of 제136조's title, unescapes its lists", () => {
    const civilProcedure = real("민사소송법");
    expect(article(civilProcedure, "제24조의2")?.title).toBe("해사국제상사법원의 관할");
    expect(article(civilProcedure, "제136조")?.title).toBe("석명권（釋明權）ㆍ구문권（求問權） 등");
    expect(civilProcedure.articles.some((a) => a.text.includes("\\."))).toBe(false);
    expect(civilProcedure.articles.some((a) => a.text.includes("**"))).toBe(false);
  });
});
