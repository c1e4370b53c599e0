import { toAppError } from "../errors";
import { type DecisionMeta, type ParsedDecision, SECTIONS, type SectionName } from "../text/decision";
import { buildDecision } from "./sections";

/**
 * JSON (an array of records, or one record) and JSONL (one record per line). Each record is one
 * decision. Default field mapping — for each field, the first key present wins:
 *   caseNo       ← caseNo | 사건번호          caseName   ← caseName | 사건명
 *   court        ← court | 법원명             courtLevel ← courtLevel | 법원등급
 *   caseType     ← caseType | 사건종류         decisionDate ← decisionDate | 선고일자 (YYYY-MM-DD or YYYY.M.D.)
 *   serialNo     ← serialNo | 판례일련번호      sourceUrl  ← sourceUrl | 출처
 *   판시사항 ← 판시사항 | holdings · 판결요지 ← 판결요지 | summary · 참조조문 ← 참조조문 | statutes ·
 *   참조판례 ← 참조판례 | precedents · 판례내용 ← 판례내용 | fullText
 * A `FieldMapping` (e.g. from the upload form) names, for any field, the one record key to read
 * instead. Strings and numbers are read; other values count as missing. Errors are numbered by
 * record: the 1-based line of a JSONL file, the 1-based position in a JSON array (0: the whole
 * file is not JSON).
 */

export type MappableField = keyof DecisionMeta | SectionName;
export type FieldMapping = Partial<Record<MappableField, string>>;

export const DEFAULT_FIELD_KEYS: Readonly<Record<MappableField, readonly string[]>> = {
  caseNo: ["caseNo", "사건번호"],
  caseName: ["caseName", "사건명"],
  court: ["court", "법원명"],
  courtLevel: ["courtLevel", "법원등급"],
  caseType: ["caseType", "사건종류"],
  decisionDate: ["decisionDate", "선고일자"],
  serialNo: ["serialNo", "판례일련번호"],
  sourceUrl: ["sourceUrl", "출처"],
  판시사항: ["판시사항", "holdings"],
  판결요지: ["판결요지", "summary"],
  참조조문: ["참조조문", "statutes"],
  참조판례: ["참조판례", "precedents"],
  판례내용: ["판례내용", "fullText"],
};

function read(record: Record<string, unknown>, field: MappableField, mapping: FieldMapping): string {
  const custom = mapping[field];
  const keys = custom ? [custom] : DEFAULT_FIELD_KEYS[field];
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
  }
  return "";
}

function toDecision(value: unknown, mapping: FieldMapping): ParsedDecision {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("레코드가 객체가 아닙니다.");
  const record = value as Record<string, unknown>;
  return buildDecision(
    {
      caseNo: read(record, "caseNo", mapping),
      caseName: read(record, "caseName", mapping),
      court: read(record, "court", mapping),
      courtLevel: read(record, "courtLevel", mapping),
      caseType: read(record, "caseType", mapping),
      decisionDate: read(record, "decisionDate", mapping),
      serialNo: read(record, "serialNo", mapping) || undefined,
      sourceUrl: read(record, "sourceUrl", mapping) || undefined,
    },
    SECTIONS.map((name) => ({ name, text: read(record, name, mapping) })),
  );
}

/** One record's text (a JSONL line, an array element) → its decision; throws with a readable message. */
export function parseJsonRecord(text: string, mapping: FieldMapping = {}): ParsedDecision {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(message(error));
  }
  return toDecision(value, mapping);
}

export function jsonErrorMessage(error: unknown): string {
  return message(error);
}

function message(error: unknown): string {
  const appError = toAppError(error);
  if (appError.code !== "internal:unexpected") return appError.userMessage;
  return error instanceof SyntaxError ? "JSON 형식이 올바르지 않습니다." : String((error as Error).message ?? error);
}

export function parseJsonDecisions(
  text: string,
  mapping: FieldMapping = {},
): { decisions: ParsedDecision[]; errors: { record: number; message: string }[] } {
  const decisions: ParsedDecision[] = [];
  const errors: { record: number; message: string }[] = [];
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  let records: { value: () => unknown; number: number }[];
  if (trimmed.startsWith("[") || (trimmed.startsWith("{") && !trimmed.includes("\n{"))) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      records = list.map((v, i) => ({ value: () => v, number: i + 1 }));
    } catch (error) {
      return { decisions, errors: [{ record: 0, message: message(error) }] };
    }
  } else {
    records = trimmed
      .split("\n")
      .map((line, i) => ({ line: line.trim(), number: i + 1 }))
      .filter((l) => l.line)
      .map((l) => ({ value: () => JSON.parse(l.line), number: l.number }));
  }
  for (const record of records) {
    try {
      decisions.push(toDecision(record.value(), mapping));
    } catch (error) {
      errors.push({ record: record.number, message: message(error) });
    }
  }
  return { decisions, errors };
}
