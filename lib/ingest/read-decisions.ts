import { extname } from "node:path";
import { yieldIfBusy } from "../jobs/time-slice";
import type { ParsedDecision } from "../text/decision";
import { decodeText } from "../text/encoding";
import type { MetaHints } from "./hints";
import { firstSignificantByte, jsonArrayElements, jsonLines, type RawRecord } from "./json-records";
import { type FileProblem, parseFile } from "./parse-file";
import { jsonErrorMessage, parseJsonRecord } from "./parse-json";
import { type InputFile, readBytes } from "./sources";

export type FileItem = { decision: ParsedDecision } | { problem: FileProblem };

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

export function tooLargeMessage(size: number, maxBytes: number): string {
  return `판례 하나의 크기 한도(${mb(maxBytes)}MB)를 넘어 읽지 않았습니다: ${mb(size)}MB. 나누어 올리거나 DECISION_MAX_MB를 늘리세요.`;
}

/**
 * The decisions of one input file, one at a time, with a problem per part that cannot be read.
 * Sizes are checked before reading: a decision file larger than `maxBytes` is refused by name and
 * never parsed. A JSON array or JSONL file may be larger as a whole: it is then read in chunks and
 * split into records, each refused alone when larger than `maxBytes`, so the others still import
 * and the whole file is never in memory.
 */
export async function* readFileDecisions(
  file: InputFile,
  hints: MetaHints,
  maxBytes: number,
): AsyncGenerator<FileItem> {
  const ext = extname(file.name).toLowerCase();
  const isJson = ext === ".json" || ext === ".jsonl";
  if (file.size <= maxBytes || !isJson) {
    if (file.size > maxBytes) {
      yield { problem: { file: file.name, code: "ingest:too_large", message: tooLargeMessage(file.size, maxBytes) } };
      return;
    }
    const { decisions, problems } = parseFile(file.name, readBytes(file.path), hints);
    for (const problem of problems) yield { problem };
    for (const decision of decisions) yield { decision };
    return;
  }
  const first = await firstSignificantByte(file.path);
  if (first !== 0x5b && ext === ".json") {
    // A single JSON object this large is one oversized decision.
    yield { problem: { file: file.name, code: "ingest:too_large", message: tooLargeMessage(file.size, maxBytes) } };
    return;
  }
  const records = first === 0x5b ? jsonArrayElements(file.path, maxBytes) : jsonLines(file.path, maxBytes);
  let count = 0;
  for await (const record of records) {
    count += 1;
    yield recordItem(file.name, record, maxBytes);
    await yieldIfBusy();
  }
  if (count === 0) {
    yield { problem: { file: file.name, code: "ingest:bad_file", message: "판례 레코드가 없습니다." } };
  }
}

function recordItem(name: string, record: RawRecord, maxBytes: number): FileItem {
  const label = `${name} #${record.number}`;
  if ("oversized" in record) {
    return { problem: { file: label, code: "ingest:too_large", message: tooLargeMessage(record.oversized, maxBytes) } };
  }
  if ("broken" in record) {
    return { problem: { file: label, code: "ingest:bad_file", message: "JSON 형식이 올바르지 않습니다." } };
  }
  try {
    const decision = parseJsonRecord(decodeText(record.bytes).text);
    return { decision: { ...decision, sourcePath: decision.sourcePath ?? name } };
  } catch (error) {
    return { problem: { file: label, code: "ingest:bad_file", message: jsonErrorMessage(error) } };
  }
}
