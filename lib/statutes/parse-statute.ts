import { AppError } from "../errors";
import { FrontMatterError, type FrontMatterValue, parseFrontMatter } from "../ingest/front-matter";

/**
 * One statute file as legalize-kr publishes it (../shared/data/statutes/README.md): YAML front
 * matter (제목, 법령구분, 공포일자, 시행일자 …), `#`–`####` 편/장/절/관 headings, one `##### 제N조 (제목)`
 * heading per article, then `## 부칙` with the addenda as plain text (not read: they are not
 * articles a decision cites by number).
 *
 * Quirks of the real files, handled here:
 * - 9bow's 민법 drops "의N" from branch articles: 제839조의2 is a second `##### 제839조` heading.
 *   The k-th heading of one number (from 0) is 제N조 for k = 0 and 제N조의(k+1) after.
 * - Two title-less headings there are no articles but 관 sub-divisions (`##### 제898조` with body
 *   "제1항 협의상 파양 …"): skipped, and not counted as a repeat.
 * - A deleted article is a title-less heading with body "삭제 <date>": kept (title "") so the branch
 *   articles after it get their numbers right.
 * - legalize-kr escapes list numbers (`1\.`); 항 are bold (`**①**`). Both are unmarked.
 */

export interface StatuteArticleInput {
  /** "제839조의2". */
  number: string;
  /** "" for a deleted article. */
  title: string;
  /** 항/호 one a line, Markdown marks removed. */
  text: string;
}

export interface ParsedStatute {
  name: string;
  /** 법령구분 ("법률", "시행령", …; "" when absent). */
  kind: string;
  /** YYYY-MM-DD ("" when absent). */
  effectiveDate: string;
  promulgatedDate: string;
  /** 출처 (law.go.kr), "" when absent. */
  sourceUrl: string;
  articles: StatuteArticleInput[];
}

const HEADING = /^(#{1,6})\s+(.*)$/;
// "제839조 (재산분할청구권)", "제24조의2 (…)", "제436조"; the title may hold full-width parentheses.
const ARTICLE_HEADING = /^제\s*(\d{1,4})\s*조(?:\s*의\s*(\d{1,3}))?\s*(?:\((.*)\))?\s*$/u;
// The body of a title-less heading that is a 관's sub-division, not an article ("제1항 협의상 파양 …").
const NOT_AN_ARTICLE = /^제\d+[항관절]\s+\S/u;

function bad(file: string, reason: string): AppError {
  return new AppError("statute:bad_file", {
    detail: `${file}: ${reason}`,
    userMessage: `법령 파일을 읽을 수 없습니다 (${reason}).`,
  });
}

function text(value: FrontMatterValue | undefined): string {
  if (Array.isArray(value)) return value.join(", ");
  return (value ?? "").trim();
}

/** "2021-01-26", "2021.1.26", "20210126" → "2021-01-26"; anything else → "". */
export function statuteDate(value: string): string {
  const m = /^(\d{4})[-.\s]*(\d{1,2})[-.\s]*(\d{1,2})\.?$/.exec(value.trim());
  if (!m) return "";
  return `${m[1]}-${(m[2] ?? "").padStart(2, "0")}-${(m[3] ?? "").padStart(2, "0")}`;
}

/** One body line unmarked: `**①**` → `①`, `1\.` → `1.`, spaces collapsed. */
function cleanLine(line: string): string {
  return line
    .replace(/\*\*([^*]*)\*\*/g, "$1")
    .replace(/\\([.\-*_#()[\]])/g, "$1")
    .replace(/[ \t\u00a0]+/g, " ")
    .trim();
}

function splitFrontMatter(source: string, file: string): { meta: Record<string, FrontMatterValue>; body: string[] } {
  const lines = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (lines[0]?.trim() !== "---") throw bad(file, "머리말(---)이 없습니다");
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (close < 0) throw bad(file, "머리말이 닫히지 않았습니다");
  try {
    return { meta: parseFrontMatter(lines.slice(1, close).join("\n")), body: lines.slice(close + 1) };
  } catch (error) {
    if (error instanceof FrontMatterError) throw bad(file, `머리말 ${error.line}번째 줄: ${error.reason}`);
    throw error;
  }
}

interface RawArticle {
  base: number;
  branch?: number;
  title?: string;
  lines: string[];
}

/** Parses one statute file's text. `file` names it in errors. Throws statute:bad_file. */
export function parseStatute(source: string, file = "법령 파일"): ParsedStatute {
  const { meta, body } = splitFrontMatter(source, file);
  const name = text(meta.제목);
  if (!name) throw bad(file, "머리말에 제목이 없습니다");

  const raw: RawArticle[] = [];
  let current: RawArticle | null = null;
  for (const line of body) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      current = null;
      const level = (heading[1] ?? "").length;
      const title = (heading[2] ?? "").trim();
      // The addenda close the articles: nothing after them is an article of the statute.
      if (/^부\s*칙/u.test(title)) break;
      if (level !== 5) continue;
      const m = ARTICLE_HEADING.exec(title);
      if (!m) throw bad(file, `조문 제목을 읽을 수 없습니다: ${title.slice(0, 40)}`);
      current = {
        base: Number(m[1]),
        branch: m[2] ? Number(m[2]) : undefined,
        title: m[3]?.trim(),
        lines: [],
      };
      raw.push(current);
      continue;
    }
    if (!current) continue;
    const cleaned = cleanLine(line);
    if (cleaned) current.lines.push(cleaned);
  }

  const articles: StatuteArticleInput[] = [];
  const seen = new Map<number, number>();
  const numbers = new Set<string>();
  for (const a of raw) {
    const body = a.lines.join("\n");
    if (a.title === undefined && a.lines.length === 1 && NOT_AN_ARTICLE.test(body)) continue;
    let number: string;
    if (a.branch !== undefined) number = `제${a.base}조의${a.branch}`;
    else {
      const k = seen.get(a.base) ?? 0;
      seen.set(a.base, k + 1);
      number = k === 0 ? `제${a.base}조` : `제${a.base}조의${k + 1}`;
    }
    if (numbers.has(number)) throw bad(file, `${number}가 두 번 있습니다`);
    numbers.add(number);
    articles.push({ number, title: a.title ?? "", text: body });
  }
  if (articles.length === 0) throw bad(file, "조문(##### 제N조)이 없습니다");

  return {
    name,
    kind: text(meta.법령구분),
    effectiveDate: statuteDate(text(meta.시행일자)),
    promulgatedDate: statuteDate(text(meta.공포일자)),
    sourceUrl: /^https?:\/\//.test(text(meta.출처)) ? text(meta.출처) : "",
    articles,
  };
}
