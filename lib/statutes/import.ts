import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { recordAudit } from "../db/audit";
import { findStatute, replaceStatute } from "../db/statutes";
import { AppError, type ErrorCode, toAppError } from "../errors";
import { logger } from "../util/log";
import { invalidateLaws } from "./lookup";
import { parseStatute } from "./parse-statute";

/**
 * Imports statute files (legalize-kr Markdown): each statute is replaced whole, in one transaction,
 * with one version row more. Per file one outcome, as the decision importer reports per file: a bad
 * file or a second copy of a law stops only that file.
 */

export interface StatuteSource {
  /** Shown in the outcome and stored as the statute's source. */
  file: string;
  text: string;
}

export type StatuteImportOutcome =
  | { file: string; status: "imported"; name: string; effectiveDate: string; articles: number; previous?: string }
  | { file: string; status: "refused"; name: string; effectiveDate: string; current: string; message: string }
  | { file: string; status: "failed"; code: ErrorCode; message: string };

export interface StatuteImportOptions {
  /** Import a text older (시행일자) than the one held, replacing it. */
  force?: boolean;
  /** Called after each file (the CLI prints a line, the upload route collects them). */
  onFile?: (outcome: StatuteImportOutcome) => void;
}

/** Every statute file under these paths: a folder's .md files (its README left out), or files as given. */
export function statuteFilesIn(paths: string[]): string[] {
  const out: string[] = [];
  for (const path of paths) {
    if (!statSync(path).isDirectory()) {
      out.push(path);
      continue;
    }
    const names = readdirSync(path, { withFileTypes: true })
      .filter((e) => e.isFile() && /\.md$/i.test(e.name) && !/^readme\.md$/i.test(e.name) && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b, "ko"));
    out.push(...names.map((name) => join(path, name)));
  }
  return out;
}

/** Imports the sources in order; `sources` may be lazy (files read one at a time). */
export async function importStatutes(
  sources: Iterable<StatuteSource | (() => StatuteSource)>,
  options: StatuteImportOptions = {},
): Promise<StatuteImportOutcome[]> {
  const outcomes: StatuteImportOutcome[] = [];
  // The law each file of this import named: a second file of the same law is refused, the first kept.
  const seen = new Map<string, string>();
  try {
    for (const item of sources) {
      let file = "";
      let outcome: StatuteImportOutcome;
      try {
        const source = typeof item === "function" ? item() : item;
        file = source.file;
        outcome = await importOne(source, seen, options.force ?? false);
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === "internal:unexpected") logger("statutes").error({ err: error }, file);
        outcome = { file, status: "failed", code: appError.code, message: appError.userMessage };
      }
      outcomes.push(outcome);
      options.onFile?.(outcome);
    }
  } finally {
    invalidateLaws();
  }
  return outcomes;
}

/** The files under `paths` (folders or files), read one at a time. */
export async function importStatuteFiles(
  paths: string[],
  options: StatuteImportOptions = {},
): Promise<StatuteImportOutcome[]> {
  const files = statuteFilesIn(paths);
  return importStatutes(
    files.map((path) => () => ({ file: path, text: readFileSync(path, "utf8") })),
    options,
  );
}

async function importOne(
  source: StatuteSource,
  seen: Map<string, string>,
  force: boolean,
): Promise<StatuteImportOutcome> {
  const parsed = parseStatute(source.text, basename(source.file));
  const first = seen.get(parsed.name);
  if (first !== undefined) {
    throw new AppError("statute:duplicate", {
      detail: `${parsed.name}: ${first}, ${source.file}`,
      userMessage: `${parsed.name}은(는) 이번 가져오기의 ${basename(first)}에도 있어 이 파일은 건너뛰었습니다 (먼저 읽은 파일을 가져옴).`,
    });
  }
  seen.set(parsed.name, source.file);
  const current = await findStatute(parsed.name);
  const previous = current?.effectiveDate;
  if (!force && previous && parsed.effectiveDate && parsed.effectiveDate < previous) {
    return {
      file: source.file,
      status: "refused",
      name: parsed.name,
      effectiveDate: parsed.effectiveDate,
      current: previous,
      message: `${parsed.name}: 이 파일의 시행일자(${parsed.effectiveDate})가 이미 있는 본문(${previous})보다 이전이라 가져오지 않았습니다. 그래도 바꾸려면 강제로 가져오기(--force)를 쓰세요.`,
    };
  }
  await replaceStatute({
    name: parsed.name,
    kind: parsed.kind,
    effectiveDate: parsed.effectiveDate,
    promulgatedDate: parsed.promulgatedDate,
    source: source.file,
    sourceUrl: parsed.sourceUrl,
    articles: parsed.articles,
  });
  return {
    file: source.file,
    status: "imported",
    name: parsed.name,
    effectiveDate: parsed.effectiveDate,
    articles: parsed.articles.length,
    ...(previous !== undefined ? { previous } : {}),
  };
}

/** One line for a file's outcome (the CLI prints it; the upload route answers with the same). */
export function outcomeLine(o: StatuteImportOutcome): string {
  const file = basename(o.file);
  if (o.status === "imported") {
    const was = o.previous !== undefined ? ` (이전 시행일자 ${o.previous || "모름"})` : "";
    return `${file}: ${o.name} 조문 ${o.articles.toLocaleString("ko-KR")}개, 시행일자 ${o.effectiveDate || "모름"}${was}`;
  }
  return `${file}: ${o.message}`;
}

/** One audit row per upload: who imported which statutes (names and 시행일자), and what failed. */
export async function recordStatuteImport(
  by: { id: string; email: string },
  outcomes: StatuteImportOutcome[],
): Promise<void> {
  const imported = outcomes
    .filter((o) => o.status === "imported")
    .map((o) => `${o.name}(${o.effectiveDate || "모름"})`);
  const failed = outcomes.length - imported.length;
  await recordAudit({
    actor: { id: by.id, email: by.email },
    action: "statute.import",
    detail: `${imported.join(", ") || "가져온 법령 없음"}${failed ? ` · 실패 ${failed}건` : ""}`.slice(0, 500),
  });
}
