import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "@/lib/ingest/front-matter";
import { parseFile } from "@/lib/ingest/parse-file";
import { parsePrecedentMarkdown } from "@/lib/ingest/parse-precedent-md";

/** A precedent-kr file whose front matter is the given lines (the body is well formed). */
function precedent(...frontMatter: string[]): string {
  return ["---", ...frontMatter, "---", "", "# 손해배상(기)", "", "## 판례내용", "", "원고의 청구를 기각한다."].join(
    "\n",
  );
}

const GOOD = [
  "판례일련번호: '99936'",
  "사건번호: 2021다7",
  "사건명: 손해배상(기)",
  "법원명: 대법원",
  "법원등급: 대법원",
  "사건종류: 민사",
  "출처: https://www.law.go.kr/LSW/precInfoP.do?precSeq=99936",
  "첨부파일: []",
  "선고일자: 2021-05-27",
];

describe("broken front matter refuses the file with the line and the reason", () => {
  // [case, front-matter lines, file line named, a word of the reason]
  const cases: [string, string[], number, RegExp][] = [
    ["unclosed bracket", ["판례일련번호: '1'", "사건번호: [2021다7", "사건명: 손해배상"], 3, /대괄호/],
    ["unclosed single quote", ["사건번호: '2021다7", "사건명: 손해배상"], 2, /작은따옴표/],
    ["unclosed double quote", ["사건번호: 2021다7", '사건명: "손해배상'], 3, /큰따옴표/],
    ["text after a closing quote", ["사건번호: '2021다7' 판결"], 2, /뒤에 글자/],
    ["bad indentation (a key indented)", ["사건번호: 2021다7", "  사건명: 손해배상"], 3, /들여쓰기/],
    [
      "bad indentation (a value wrapped onto the next line)",
      ["사건명: 손해배상", "   (기)", "법원명: 대법원"],
      3,
      /들여쓰기/,
    ],
    ["a key without colon", ["사건번호: 2021다7", "사건명 손해배상"], 3, /이름: 값/],
    ["a colon without the space YAML needs", ["사건번호:2021다7"], 2, /이름: 값/],
    ["a list where a string is expected (flow)", ["사건번호: [2021다7, 2021다8]"], 2, /'사건번호' 값은 목록이 아니라/],
    [
      "a list where a string is expected (block)",
      ["사건명: 손해배상", "사건번호:", "- 2021다7"],
      4,
      /'사건번호' 값은 목록이 아니라/,
    ],
    ["a map where a string is expected", ["사건번호: {번호: 2021다7}"], 2, /묶음/],
    ["a plain value holding ': '", ["사건명: 손해배상: 원고 승소"], 2, /따옴표로 감싸/],
    ["a key given twice", ["사건번호: 2021다7", "사건번호: 2021다8"], 3, /두 번/],
    ["a block scalar", ["사건명: |", "  손해배상"], 2, /여러 줄/],
    ["a list item with no key above it", ["사건번호: 2021다7", "- 2021다8"], 3, /목록 항목/],
  ];

  it.each(cases)("%s", (_label, lines, line, reason) => {
    let thrown: unknown;
    try {
      parsePrecedentMarkdown(precedent(...lines), "broken.md");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "ingest:bad_file" });
    const message = (thrown as { userMessage: string }).userMessage;
    expect(message).toContain(`${line}번째 줄`);
    expect(message).toMatch(reason);
  });

  it("the import lists the file as unreadable with that reason and indexes nothing", () => {
    const { decisions, problems } = parseFile("대법원_2021다7.md", Buffer.from(precedent("사건번호: [2021다7")));
    expect(decisions).toEqual([]);
    expect(problems).toEqual([
      { file: "대법원_2021다7.md", code: "ingest:bad_file", message: expect.stringMatching(/2번째 줄.*대괄호/) },
    ]);
  });

  it("counts lines from the file's start, past a BOM and CRLF line ends", () => {
    const text = `\uFEFF${precedent("사건번호: 2021다7", "법원명: 대법원", "사건명: '손해배상").replace(/\n/g, "\r\n")}`;
    expect(() => parsePrecedentMarkdown(text)).toThrow(
      expect.objectContaining({ userMessage: expect.stringContaining("4번째 줄") }),
    );
  });
});

describe("valid front matter still parses", () => {
  it("reads the precedent-kr fields", () => {
    const d = parsePrecedentMarkdown(precedent(...GOOD), "good.md");
    expect(d.meta).toMatchObject({
      caseNo: "2021다7",
      caseName: "손해배상(기)",
      court: "대법원",
      serialNo: "99936",
      sourceUrl: "https://www.law.go.kr/LSW/precInfoP.do?precSeq=99936",
    });
  });

  it("reads quoting, comments, lists and blank lines as YAML does", () => {
    const parsed = parseFrontMatter(
      [
        "# a comment line",
        "",
        "사건번호: 95누12, 13",
        "사건명: 'It''s: quoted'",
        '법원명: "대법원 \\"전원합의체\\""',
        "사건종류: 민사 # a trailing comment",
        "첨부파일: ['a.hwp', \"b, c.pdf\", d.pdf]",
        "빈목록: []",
        "목록:",
        "- 첫째",
        "  - '둘째'",
        "빈값:",
      ].join("\n"),
    );
    expect(parsed).toEqual({
      사건번호: "95누12, 13",
      사건명: "It's: quoted",
      법원명: '대법원 "전원합의체"',
      사건종류: "민사",
      첨부파일: ["a.hwp", "b, c.pdf", "d.pdf"],
      빈목록: [],
      목록: ["첫째", "둘째"],
      빈값: "",
    });
  });
});
