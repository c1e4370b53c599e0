import { extname } from "node:path";
import { AppError, toAppError } from "../errors";
import type { ParsedDecision } from "../text/decision";
import { decodeText } from "../text/encoding";
import type { MetaHints } from "./hints";
import { parseJsonDecisions } from "./parse-json";
import { parsePrecedentMarkdown } from "./parse-precedent-md";
import { parsePlainDecision } from "./parse-text";

export interface FileProblem {
  file: string;
  code: string;
  message: string;
}

/**
 * One input file → the decisions in it, plus a problem per part that could not be read. A file
 * never throws: the batch goes on, and the admin sees the file name and the reason.
 */
export function parseFile(
  name: string,
  bytes: Uint8Array,
  hints: MetaHints = {},
): { decisions: ParsedDecision[]; problems: FileProblem[] } {
  try {
    const { text } = decodeText(bytes);
    const ext = extname(name).toLowerCase();
    if (ext === ".json" || ext === ".jsonl") {
      const { decisions, errors } = parseJsonDecisions(text);
      const problems = errors.map((e) => ({
        file: `${name} #${e.record}`,
        code: "ingest:bad_file",
        message: e.message,
      }));
      if (decisions.length === 0 && problems.length === 0) {
        throw new AppError("ingest:bad_file", { userMessage: "판례 레코드가 없습니다." });
      }
      return { decisions: decisions.map((d) => ({ ...d, sourcePath: d.sourcePath ?? name })), problems };
    }
    // precedent-kr Markdown starts with YAML front matter; anything else is a plain decision text.
    const isFrontMatter = /^\uFEFF?---\r?\n/.test(text);
    const decision = isFrontMatter ? parsePrecedentMarkdown(text, name) : parsePlainDecision(text, hints, name);
    return { decisions: [decision], problems: [] };
  } catch (error) {
    const appError = toAppError(error);
    const message =
      appError.code === "internal:unexpected" ? "파일을 해석하는 중 오류가 났습니다." : appError.userMessage;
    return { decisions: [], problems: [{ file: name, code: appError.code, message }] };
  }
}
