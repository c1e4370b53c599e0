import { CASE_CODES_LONGEST_FIRST, caseTypeCode } from "./case-type-codes";
import { COURT_PATTERN, canonicalCourt } from "./court-name";

/**
 * The one reader of case citations (사건번호) in legal Korean, used wherever the product reads a
 * case number: answers, questions, 판례 검색 and the lookup box, the citation graph, evaluation.
 *
 * It knows the shape of a number instead of guessing it: a year (two digits for 1945–1999, four
 * for 1945–2099, or a 단기 year 4278–4299), a 사건부호 from the courts' own list
 * (case-type-codes.ts), a serial. So "2019년3월", "20대 1명" and "3자녀" are never citations, while
 * every form lawyers write is:
 *   solid or spaced        2009다228 · 2009 다 228 · 2009다 228
 *   joined numbers         94므826, 833 · 2019다12345·12346 · 94므246, 94므253 · 85구1031, 1032(병합)
 *   with court and date    대법원 2010. 1. 14. 선고 2009다228 판결 · 서울고법 2009.5.6. 선고 2008나12345 판결
 *                          대법원 2010.1.14. 선고 2009다228 전원합의체 판결 · 대판 2010.1.14, 2009다228
 *   decisions (결정)        대법원 1995. 7. 3.자 94스30 결정 · 헌법재판소 2019. 4. 11. 선고 2017헌바127 결정
 *   old decisions          당원 1959.2.19. 선고 4290민상829 판결 · 大法院 … 宣告 … 判決
 * Each citation comes back with its span, its normalised number(s) — each with its own span — and
 * the court and date when they are written.
 */

export interface CaseNumberSpan {
  /** Normalised: "2009다228" (a joined number's bare part takes the first part's year and code). */
  caseNo: string;
  /** Where the number is written in the text ("833" for the second part of "94므826, 833"). */
  start: number;
  end: number;
}

export interface CaseCitation {
  /** The whole citation as written: court, date and 선고 before the number, 판결/결정 after it. */
  start: number;
  end: number;
  text: string;
  numbers: CaseNumberSpan[];
  /** The numbers alone, in order ("94므826, 833" → ["94므826", "94므833"]). */
  caseNos: string[];
  /** The court's canonical name (canonicalCourt), when written (or inherited, see ReadOptions). */
  court?: string;
  /** The decision date as YYYY-MM-DD, when written (and a real date). */
  date?: string;
  /** Written "전원합의체 판결/결정". */
  enBanc: boolean;
  /** "판결" or "결정" when written after the number. */
  ruling?: "판결" | "결정";
}

export interface ReadOptions {
  /**
   * A citation written without a court takes one from the citations before it: along a whole list
   * ("list": 참조판례, "대법원 … 판결, 1992.3.27. 선고 91다40696 판결"), or only from the one just
   * before it, joined by a comma or "및" ("adjacent": running text). Default: only what is written.
   */
  inherit?: "none" | "list" | "adjacent";
  /** The court of the decision being read: what "당원" (this court) means. */
  citingCourt?: string;
}

// 사건부호 of old decisions written in hanja ("4294民上1236"), read as Hangul.
const HANJA_CODES: Record<string, string> = {
  民上: "민상",
  刑上: "형상",
  行上: "행상",
  民抗: "민항",
  民再抗: "민재항",
  刑抗: "형항",
  行抗: "행항",
  非常: "비상",
};
const codeOf = (written: string) => HANJA_CODES[written] ?? written;
const CODES = [...CASE_CODES_LONGEST_FIRST, ...Object.keys(HANJA_CODES).sort((a, b) => b.length - a.length)].join("|");
const YEAR = "((?:19|20)\\d{2}|42[789]\\d|\\d{2})";
const GAP = "\\s{0,2}";
// The digits before the year may not be digits or a decimal point ("1.2019다"); a Hangul word may
// stand right before it ("선고85다카728").
const NUMBER = new RegExp(`(?<![\\d.])${YEAR}${GAP}(${CODES})${GAP}(\\d{1,7})(?!\\d)`, "gu");
// After a part: a note ("(반소)", "(병합)"), then a separator and the next part, full or bare.
const TAIL = new RegExp(
  `^(?:\\s?\\([^)\\n]{0,12}\\))?${GAP}[,，·ㆍ]${GAP}(?:${YEAR}${GAP}(${CODES})${GAP}(\\d{1,7})|(\\d{1,7}))(?!\\d)`,
  "u",
);
// After the last number: a note, 전원합의체, 판결 or 결정.
const AFTER = /^(?:\s?\([^)\n]{0,12}\))?\s{0,2}(전원합의체|全員合議體)?\s{0,2}(판결|결정|判決|決定)/u;
// Before the number: the court, the date, 선고 or 자 — each optional, read back from the number.
const DATE = "(\\d{4})\\s?\\.\\s?(\\d{1,2})\\s?\\.\\s?(\\d{1,2})\\s?\\.?";
const BEFORE = new RegExp(
  `(?:(?<![가-힣])${COURT_PATTERN}${GAP})?(?:${DATE}${GAP}[,，]?${GAP})?(선고|자|宣告)?${GAP}$`,
  "u",
);
const LOOK_BACK = 80;
// A number immediately followed by a counter is a count, not a case ("85차 3회", "10도 5분").
const COUNTER = /^(?:분|초|시|일|월|년|세|명|개|원|회|번|층|평|쪽|면|배|살|주|달|%|㎡|cm|kg|km|m(?![a-z]))/u;
// What may follow a bare joined part glued to it: particles, 호, 판결 … ("12346에서", "5057호로써").
const AFTER_BARE_PART = /^(?:판결|결정|호|사건|등|및|참조|전원|으로|에|은|는|이|가|을|를|의|과|와|로|도)/u;
const DATE_AHEAD = /^\s?\.\s?\d/u;

function validYear(year: string): boolean {
  const y = Number(year);
  if (year.length === 2) return y >= 45;
  if (year.length === 4) return (y >= 1945 && y <= 2099) || (y >= 4278 && y <= 4299);
  return false;
}

function validNumber(year: string, code: string, serial: string): boolean {
  return validYear(year) && caseTypeCode(codeOf(code)) !== undefined && Number(serial) > 0;
}

function pad(n: string): string {
  return n.padStart(2, "0");
}

function isoDate(y: string, m: string, d: string): string | undefined {
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

interface Core {
  start: number;
  end: number;
  numbers: CaseNumberSpan[];
}

/** The number at `m` with its joined parts, or undefined when it is no case number. */
function readCore(text: string, m: RegExpExecArray): Core | undefined {
  const [whole, year = "", code = "", serial = ""] = m;
  if (!validNumber(year, code, serial)) return undefined;
  const start = m.index;
  let end = start + whole.length;
  const rest = text.slice(end, end + 12);
  if (COUNTER.test(rest)) return undefined;
  if (/\s/.test(whole) && /^\s/.test(rest) && COUNTER.test(rest.trimStart())) return undefined;
  const numbers: CaseNumberSpan[] = [{ caseNo: `${year}${codeOf(code)}${serial}`, start, end }];
  for (;;) {
    const tail = TAIL.exec(text.slice(end, end + 60));
    if (!tail) break;
    const [all, y, c, s, bare] = tail;
    const partEnd = end + all.length;
    const after = text.slice(partEnd, partEnd + 12);
    if (bare) {
      if (DATE_AHEAD.test(after) || COUNTER.test(after)) break;
      if (/^[가-힣]/u.test(after) && !AFTER_BARE_PART.test(after)) break;
      numbers.push({ caseNo: `${year}${codeOf(code)}${bare}`, start: partEnd - bare.length, end: partEnd });
    } else {
      // A full number joins only a number of its year ("94므246, 94므253", "86다324, 86다카1579");
      // another year is the next citation of a list ("76므41, 2009다228").
      if (!y || !c || !s || y !== year || !validNumber(y, c, s) || COUNTER.test(after)) break;
      const written = all.length - all.search(/\d/);
      numbers.push({ caseNo: `${y}${codeOf(c)}${s}`, start: partEnd - written, end: partEnd });
    }
    end = partEnd;
  }
  return { start, end, numbers };
}

function sameList(between: string): boolean {
  return /^[\s,，·ㆍ;/및과와]*$/u.test(between);
}

/** Every case citation in `text`, in order. Never throws; text without a case number gives []. */
export function readCaseCitations(text: string, options: ReadOptions = {}): CaseCitation[] {
  const out: CaseCitation[] = [];
  const pattern = new RegExp(NUMBER.source, NUMBER.flags);
  let inherited: string | undefined;
  let lastEnd = -1;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const core = readCore(text, m);
    if (!core) {
      // Not a number here: look again just after its first character ("25선고85다카728").
      pattern.lastIndex = m.index + 1;
      continue;
    }
    pattern.lastIndex = core.end;
    const before = BEFORE.exec(text.slice(Math.max(0, core.start - LOOK_BACK), core.start));
    const after = AFTER.exec(text.slice(core.end, core.end + 30));
    const written = before?.[1];
    const [y, mo, d] = [before?.[2], before?.[3], before?.[4]];
    let start = core.start - (before?.[0].length ?? 0);
    // The text before may hold only what this reader already read (a joined list's earlier number).
    if (start < lastEnd) start = core.start;
    const end = core.end + (after?.[0].length ?? 0);
    let court: string | undefined;
    if (written) court = /^(당원|當院)$/u.test(written) ? options.citingCourt || undefined : canonicalCourt(written);
    else if (options.inherit === "list") court = inherited;
    else if (options.inherit === "adjacent" && lastEnd >= 0 && sameList(text.slice(lastEnd, start))) court = inherited;
    inherited = court;
    const ruling = after?.[2];
    out.push({
      start,
      end,
      text: text.slice(start, end),
      numbers: core.numbers,
      caseNos: core.numbers.map((n) => n.caseNo),
      court,
      date: y && mo && d ? isoDate(y, mo, d) : undefined,
      enBanc: Boolean(after?.[1]),
      ruling: ruling ? (ruling === "판결" || ruling === "判決" ? "판결" : "결정") : undefined,
    });
    lastEnd = end;
    pattern.lastIndex = end;
  }
  return out;
}

/** `text` with every citation (court, date, number, 판결) blanked out by spaces: offsets kept. */
export function blankCitations(text: string): string {
  let out = "";
  let at = 0;
  for (const c of readCaseCitations(text)) {
    out += text.slice(at, c.start) + " ".repeat(c.end - c.start);
    at = c.end;
  }
  return out + text.slice(at);
}

/** The case numbers in `text`, in order, without repeats (joined numbers split into their parts). */
export function readCaseNumbers(text: string): string[] {
  return [...new Set(readCaseCitations(text).flatMap((c) => c.caseNos))];
}

export interface ParsedCaseNo {
  year: string;
  code: string;
  serial: string;
}

const ONE = new RegExp(`^${YEAR}${GAP}(${CODES})${GAP}(\\d{1,7})$`, "u");

/** One case number, whole ("2009다228", "2009 다 228"), or undefined when it is none. */
export function parseCaseNo(text: string): ParsedCaseNo | undefined {
  const m = ONE.exec(text.trim());
  if (!m) return undefined;
  const [, year = "", code = "", serial = ""] = m;
  return validNumber(year, code, serial) ? { year, code: codeOf(code), serial } : undefined;
}

export type CaseNoProblem = "unknown_code" | "bad_year" | "no_serial";

const LOOSE = /^\s*(\d{1,5})\s*([가-힣]{1,4})\s*(\d*)\s*$/u;

/**
 * Why text shaped like a case number is none, for a plain message ("2019가나123": no such
 * 사건부호); undefined when it is one or does not look like one at all.
 */
export function caseNoProblem(text: string): { problem: CaseNoProblem; code: string } | undefined {
  const m = LOOSE.exec(text);
  if (!m || parseCaseNo(text)) return undefined;
  const [, year = "", code = "", serial = ""] = m;
  if (!caseTypeCode(code)) return /^\d{2}$|^\d{4}$/.test(year) ? { problem: "unknown_code", code } : undefined;
  if (!validYear(year)) return { problem: "bad_year", code };
  if (!serial || Number(serial) === 0) return { problem: "no_serial", code };
  return undefined;
}

/** In plain Korean, for a lookup or search that was given a number the courts never give. */
export function describeCaseNoProblem(p: { problem: CaseNoProblem; code: string }): string {
  if (p.problem === "unknown_code") return `'${p.code}'는 법원이 쓰는 사건부호가 아닙니다. 사건번호를 다시 확인하세요.`;
  if (p.problem === "bad_year") return "사건번호의 연도가 올바르지 않습니다. 사건번호를 다시 확인하세요.";
  return "사건번호에 일련번호가 없습니다. 예: 2009다228";
}
