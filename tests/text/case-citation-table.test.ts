import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { listInputFiles } from "@/lib/ingest/sources";
import { caseNoProblem, parseCaseNo, readCaseCitations, readCaseNumbers } from "@/lib/text/case-citation";
import { CASE_TYPE_CODES, caseTypeCode } from "@/lib/text/case-type-codes";
import { canonicalCourt, normalizeCourt } from "@/lib/text/court-name";

/**
 * The written forms of case citations the one reader (lib/text/case-citation.ts) must read, and the
 * look-alikes it must not: from the shapes of real decisions' 참조판례 lines and from answers as
 * models and lawyers write them. Each row: the text, then every citation it holds as
 * "numbers@court@date@flags" (numbers joined by "+", flags: 판결/결정, 전합), citations split by " | ".
 * An empty expectation: no citation at all.
 */
const TABLE: [string, string][] = [
  // solid, spaced, with court and date
  ["2009다228", "2009다228"],
  ["2009 다 228", "2009다228"],
  ["2009다 228", "2009다228"],
  ["2009 다228", "2009다228"],
  ["2018다 99999", "2018다99999"],
  ["2019 다 12345", "2019다12345"],
  ["대법원 2010. 1. 14. 선고 2009다228 판결", "2009다228@대법원@2010-01-14@판결"],
  ["대법원 2010.1.14. 선고 2009다228 전원합의체 판결", "2009다228@대법원@2010-01-14@판결,전합"],
  ["대법원 2010. 1. 14. 선고 2009 다 228 판결", "2009다228@대법원@2010-01-14@판결"],
  ["서울고등법원 2009. 5. 6. 선고 2008나12345 판결", "2008나12345@서울고등법원@2009-05-06@판결"],
  ["서울고법 2009. 5. 6. 선고 2008나12345 판결", "2008나12345@서울고등법원@2009-05-06@판결"],
  ["수원지법 성남지원 2001. 3. 9. 선고 2000가합1234 판결", "2000가합1234@수원지방법원 성남지원@2001-03-09@판결"],
  ["서울민사지법 1990. 1. 1. 선고 89가합1 판결", "89가합1@서울민사지방법원@1990-01-01@판결"],
  ["대법원 1995. 7. 3.자 94스30 결정", "94스30@대법원@1995-07-03@결정"],
  ["대법원 1995.7.3. 자 94스30 결정", "94스30@대법원@1995-07-03@결정"],
  ["헌법재판소 2019. 4. 11. 선고 2017헌바127 결정", "2017헌바127@헌법재판소@2019-04-11@결정"],
  ["헌재 1989. 12. 18. 89헌마32, 33 결정", "89헌마32+89헌마33@헌법재판소@1989-12-18@결정"],
  ["2019헌마123", "2019헌마123"],
  ["2015헌바370 결정", "2015헌바370@@@결정"],
  ["대판 2010.1.14, 2009다228", "2009다228@대법원@2010-01-14"],
  ["대법원 2009다228", "2009다228@대법원"],
  ["선고 2009다228 판결", "2009다228@@@판결"],
  ["1986.3.25 선고 85다카728 판결", "85다카728@@1986-03-25@판결"],
  ["1985.12.24 선고 84누325 판결 / 나,다,라.", "84누325@@1985-12-24@판결"],
  ["대법원 1967.9.26 선고 67다1024 판결,", "67다1024@대법원@1967-09-26@판결"],
  ["당원 1959.2.19. 선고 4290민상829 판결", "4290민상829@@1959-02-19@판결"],
  ["대법원 1961.10.5. 선고 4294형상396 판결", "4294형상396@대법원@1961-10-05@판결"],
  ["대법원 1962.4.18. 선고 4294민상1236 판결(집10② 민160)", "4294민상1236@대법원@1962-04-18@판결"],
  ["大法院 1962. 4. 18. 宣告 4294民上1236 判決", "4294민상1236@대법원@1962-04-18@판결"],
  ["대법원 1982. 9. 28. 선고 81사9 전원합의체 판결(공1982, 1)", "81사9@대법원@1982-09-28@판결,전합"],
  ["서울고등법원 1988.10.18. 선고 87재나28 판결", "87재나28@서울고등법원@1988-10-18@판결"],
  // joined numbers
  ["94므826, 833", "94므826+94므833"],
  ["94므826,833", "94므826+94므833"],
  ["2019다12345, 12346", "2019다12345+2019다12346"],
  ["2019다12345·12346", "2019다12345+2019다12346"],
  ["2019다12345ㆍ12346", "2019다12345+2019다12346"],
  ["94므246, 94므253", "94므246+94므253"],
  ["86다324,86다카1579", "86다324+86다카1579"],
  ["2010다12345, 12352, 12369 판결", "2010다12345+2010다12352+2010다12369@@@판결"],
  ["서울고등법원 1988.6.16. 선고 85구1031, 1032(병합) 판결", "85구1031+85구1032@서울고등법원@1988-06-16@판결"],
  ["서울고등법원 1994.5.17. 선고 93르2124, 2131(반소) 판결", "93르2124+93르2131@서울고등법원@1994-05-17@판결"],
  ["대법원 1994. 11. 25. 선고 94므826, 833 판결(공1995상, 109)", "94므826+94므833@대법원@1994-11-25@판결"],
  ["1995.3.10. 선고 94므1379,1386 판결(공1995상,1612)", "94므1379+94므1386@@1995-03-10@판결"],
  ["대법원 1995. 3. 10. 선고 94므1379,\n1386 판결", "94므1379+94므1386@대법원@1995-03-10@판결"],
  ["2019다12345, 12346에서는", "2019다12345+2019다12346"],
  ["인천지방법원 85타5056, 5057호로써", "85타5056+85타5057@인천지방법원"],
  // lists and brackets
  [
    "(대법원 1994. 10. 28. 선고 94므246, 253 판결, 대법원 1995. 3. 10. 선고 94므1379, 1386 판결 등 참조)",
    "94므246+94므253@대법원@1994-10-28@판결 | 94므1379+94므1386@대법원@1995-03-10@판결",
  ],
  [
    "대법원 1986.7.8. 선고 84누50 판결(공1986,1001), 1987.4.14. 선고 85누740 판결(공1987,815)",
    "84누50@대법원@1986-07-08@판결 | 85누740@@1987-04-14@판결",
  ],
  [
    "가.나. 대법원 1992.6.23. 선고 92다7832 판결(공1992,2257) / 가. 대법원 1987.4.14. 선고 86다324,86다카1579 판결",
    "92다7832@대법원@1992-06-23@판결 | 86다324+86다카1579@대법원@1987-04-14@판결",
  ],
  [
    "대법원 1992. 4. 24. 선고 92다6983 판결(공1992,1691), 1993. 5. 25. 선고 92다52764, 52771 판결(공1993하,1850)",
    "92다6983@대법원@1992-04-24@판결 | 92다52764+92다52771@@1993-05-25@판결",
  ],
  ["［1］ 대법원 1995. 3. 10. 선고 94므1379, 1386 판결", "94므1379+94므1386@대법원@1995-03-10@판결"],
  ["(대법원 2001다1234 참조)", "2001다1234@대법원"],
  ["관련 판례: 76므41, 2009다228", "76므41 | 2009다228"],
  ["2089다77,\n2091. 5. 6. 선고 2090다88 판결", "2089다77 | 2090다88@@2091-05-06@판결"],
  ["대법원 1976.12.28. 선고 76므41,42 판결(공1977,9835)", "76므41+76므42@대법원@1976-12-28@판결"],
  // answers as models write them
  ["손해를 배상해야 합니다(대법원 2097다501).", "2097다501@대법원"],
  ["**대법원 2009다228** 판결에 따르면", "2009다228@대법원"],
  ["대법원 2010. 1. 14. 선고 2009다228 판결은 …", "2009다228@대법원@2010-01-14@판결"],
  ["판례(2031다99999)는 존재하지 않을 수 있습니다", "2031다99999"],
  ["2020가단5012345 사건에서", "2020가단5012345"],
  ["2020가합123456", "2020가합123456"],
  ["2003추10", "2003추10"],
  ["2008허1234 심결취소", "2008허1234"],
  ["2010후2345", "2010후2345"],
  ["2019도12345 판결", "2019도12345@@@판결"],
  ["2018노1234", "2018노1234"],
  ["2017고합567", "2017고합567"],
  ["2016고단1234", "2016고단1234"],
  ["2015구합1234", "2015구합1234"],
  ["2014누12345", "2014누12345"],
  ["2013두12345", "2013두12345"],
  ["2012드합1234", "2012드합1234"],
  ["2011르1234", "2011르1234"],
  ["2010므1234", "2010므1234"],
  ["2009스12", "2009스12"],
  ["2009브12", "2009브12"],
  ["2008마123", "2008마123"],
  ["2007라123", "2007라123"],
  ["2006그12", "2006그12"],
  ["2005카합123", "2005카합123"],
  ["2004타경12345", "2004타경12345"],
  ["2003회합12", "2003회합12"],
  ["2002하합12", "2002하합12"],
  ["2001재다12", "2001재다12"],
  ["1999다카1234", "1999다카1234"],
  ["선고85다카728", "85다카728"],
  ["25선고85다카728", "85다카728"],
  // not citations
  ["2019년3월에", ""],
  ["20대 1명", ""],
  ["3자녀", ""],
  ["2009년 12월 31일", ""],
  ["300만원 20", ""],
  ["영하 10도 5분", ""],
  ["85차 3회", ""],
  ["2019다음 3", ""],
  ["제750조의2", ""],
  ["갑 제14호증의 7, 10", ""],
  ["(공1995상, 1612)", ""],
  ["(공1993하, 3126)", ""],
  ["1.2019다", ""],
  ["2019가나123", ""],
  ["12다1", ""],
  ["2019다0", ""],
  ["만 18세 9개월", ""],
  ["4동 609호", ""],
  ["서울 04-5080호 6톤 지게차", ""],
  ["2.5cm 가량", ""],
  ["1990.9.11. 08:50경", ""],
  ["20세 3월 남짓", ""],
  ["30주 6일", ""],
  ["1992. 3. 30. 23:22경 130/100mmHg", ""],
  // a joined tail that is not one
  ["2019다1234, 3명의 원고", "2019다1234"],
  ["2019다1234, 13면", "2019다1234"],
  ["2009다228, 1995. 3. 3. 선고", "2009다228"],
  ["2019다1234, 공1995상", "2019다1234"],
];

function describeCitations(text: string): string {
  return readCaseCitations(text)
    .map((c) => {
      const flags = [c.ruling, c.enBanc ? "전합" : ""].filter(Boolean).join(",");
      const fields = [c.caseNos.join("+"), c.court ?? "", c.date ?? "", flags];
      while (fields.length > 1 && fields.at(-1) === "") fields.pop();
      return fields.join("@");
    })
    .join(" | ");
}

describe("the case citation reader: written forms", () => {
  it("holds at least 100 rows", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(100);
  });
  it.each(TABLE)("%s", (text, expected) => {
    expect(describeCitations(text)).toBe(expected);
  });
});

describe("spans and offsets", () => {
  it("gives each number of a joined citation its own span", () => {
    const text = "판례(2019다12345, 12346)";
    const [c] = readCaseCitations(text);
    expect(c?.numbers.map((n) => text.slice(n.start, n.end))).toEqual(["2019다12345", "12346"]);
    expect(c && text.slice(c.start, c.end)).toBe("2019다12345, 12346");
  });
  it("spans a full citation from its court to 판결", () => {
    const text = "이는 대법원 1995. 2. 3. 선고 94다42778 판결의 취지이다.";
    const [c] = readCaseCitations(text);
    expect(c?.text).toBe("대법원 1995. 2. 3. 선고 94다42778 판결");
  });
  it("inherits the court along a list, or only from the adjacent citation in running text", () => {
    const list = "대법원 1987.4.14. 선고 86누233 판결, 1992.3.27. 선고 91다40696 판결";
    expect(readCaseCitations(list, { inherit: "list" }).map((c) => c.court)).toEqual(["대법원", "대법원"]);
    expect(readCaseCitations(list).map((c) => c.court)).toEqual(["대법원", undefined]);
    const prose = "대법원 1987.4.14. 선고 86누233 판결의 취지와 달리, 1992.3.27. 선고 91다40696 판결은";
    expect(readCaseCitations(prose, { inherit: "adjacent" }).map((c) => c.court)).toEqual(["대법원", undefined]);
    expect(readCaseCitations("당원 1985.4.9. 선고 84다카130 판결", { citingCourt: "대법원" })[0]?.court).toBe("대법원");
  });
  it("never throws on any input, and reads numbers once", () => {
    for (const text of ["", "다", "2019", "(((", "2019다".repeat(1000), "\u0000\uffff", "1".repeat(10_000)]) {
      expect(() => readCaseCitations(text)).not.toThrow();
    }
    expect(readCaseNumbers("2009다228 그리고 2009다228, 대법원 2009다228 판결")).toEqual(["2009다228"]);
  });
});

describe("the 사건부호 list and malformed numbers", () => {
  it("keeps the list as data: every code once, each with its meaning", () => {
    const codes = CASE_TYPE_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of CASE_TYPE_CODES) expect(c.meaning.length).toBeGreaterThan(2);
    for (const code of [
      "다",
      "다카",
      "나",
      "가합",
      "가단",
      "누",
      "두",
      "구합",
      "도",
      "노",
      "고합",
      "고단",
      "므",
      "르",
      "드",
      "스",
      "브",
      "즈",
      "카합",
      "헌가",
      "헌마",
      "헌바",
    ]) {
      expect(caseTypeCode(code), code).toBeDefined();
    }
    for (const word of ["년", "대", "명", "월", "세", "자", "선고"]) expect(caseTypeCode(word), word).toBeUndefined();
  });
  it("parses one number whole, and says why a number-shaped text is none", () => {
    expect(parseCaseNo("2009 다 228")).toEqual({ year: "2009", code: "다", serial: "228" });
    expect(parseCaseNo("2009다228 판결")).toBeUndefined();
    expect(caseNoProblem("2019가나123")).toEqual({ problem: "unknown_code", code: "가나" });
    expect(caseNoProblem("12다1")).toEqual({ problem: "bad_year", code: "다" });
    expect(caseNoProblem("2019다")).toEqual({ problem: "no_serial", code: "다" });
    expect(caseNoProblem("2009다228")).toBeUndefined();
    expect(caseNoProblem("손해배상")).toBeUndefined();
  });
});

// Real decisions (../shared/data): every 참조판례 number a loose pattern sees with a real 사건부호
// is read by the reader — the reader's knowledge costs no real citation.
const SHARED = resolve("../shared/data/precedents");
const present = existsSync(SHARED);

describe.skipIf(!present)("the reader over the real decisions' 참조판례 lists (../shared/data)", () => {
  it("reads every number written with a real 사건부호", () => {
    let lists = 0;
    let numbers = 0;
    for (const file of listInputFiles(SHARED)) {
      const text = readFileSync(file.path, "utf8");
      const list = /## 참조판례\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1] ?? "";
      if (!list.trim()) continue;
      lists++;
      const read = new Set(readCaseNumbers(list));
      for (const m of list.matchAll(/(?<![\d.])(\d{2,4})\s?([가-힣]{1,3})\s?(\d{1,7})(?!\d)/g)) {
        const [, year = "", code = "", serial = ""] = m;
        if (!caseTypeCode(code) || !parseCaseNo(`${year}${code}${serial}`)) continue;
        numbers++;
        expect(read.has(`${year}${code}${serial}`), `${file.name}: ${m[0]}`).toBe(true);
      }
    }
    expect(lists).toBeGreaterThan(200);
    expect(numbers).toBeGreaterThan(500);
  });
});

describe("court names: one spelling per court", () => {
  it("writes abbreviations out, keeps historic courts distinct, and matches without spaces", () => {
    expect(canonicalCourt("서울고법")).toBe("서울고등법원");
    expect(canonicalCourt("서울민사지법")).toBe("서울민사지방법원");
    expect(canonicalCourt("수원지법성남지원")).toBe("수원지방법원 성남지원");
    expect(canonicalCourt("수원지법  성남지원")).toBe("수원지방법원 성남지원");
    expect(canonicalCourt("헌재")).toBe("헌법재판소");
    expect(canonicalCourt("대판")).toBe("대법원");
    expect(canonicalCourt("서울민사지방법원")).not.toBe(canonicalCourt("서울중앙지방법원"));
    expect(normalizeCourt("수원지방법원 성남지원")).toBe(normalizeCourt("수원지법성남지원"));
  });
});
