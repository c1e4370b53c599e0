import { AppError } from "../errors";
import type { ParsedDecision } from "../text/decision";
import { cutAtTruncation } from "../text/normalize";
import { FrontMatterError, parseFrontMatter } from "./front-matter";
import { buildDecision } from "./sections";

/**
 * The precedent-kr Markdown format: YAML front matter (판례일련번호, 사건번호, 사건명, 법원명,
 * 법원등급, 사건종류, 출처, 첨부파일, 선고일자), `# 사건명`, then `## 판시사항` … `## 판례내용`.
 * Front matter that does not read refuses the file (./front-matter.ts), naming the line.
 */

/** The keys this parser reads: each must be one text (첨부파일 is a list and is not read). */
const TEXT_KEYS = ["판례일련번호", "사건번호", "사건명", "법원명", "법원등급", "사건종류", "출처", "선고일자"] as const;

function readMeta(block: string, sourcePath: string | undefined): Record<string, string> {
  try {
    const parsed = parseFrontMatter(block, { firstLine: 2, stringKeys: TEXT_KEYS });
    return Object.fromEntries(
      TEXT_KEYS.flatMap((key) => (typeof parsed[key] === "string" ? [[key, parsed[key]]] : [])),
    );
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    throw new AppError("ingest:bad_file", {
      userMessage: `머리말(YAML front matter) ${error.line}번째 줄을 읽을 수 없습니다: ${error.reason}`,
      detail: sourcePath,
      cause: error,
    });
  }
}

export function parsePrecedentMarkdown(text: string, sourcePath?: string): ParsedDecision {
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(clean);
  if (!fm) {
    throw new AppError("ingest:bad_file", { userMessage: "머리말(YAML front matter)이 없습니다.", detail: sourcePath });
  }
  const meta = readMeta(fm[1] ?? "", sourcePath);
  const body = cutAtTruncation(clean.slice(fm[0].length));

  const sections: { name: string; lines: string[] }[] = [];
  let current: { name: string; lines: string[] } | undefined;
  for (const line of body.split("\n")) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading?.[1]) {
      current = { name: heading[1], lines: [] };
      sections.push(current);
    } else if (current) current.lines.push(line);
  }

  return buildDecision(
    {
      caseNo: meta.사건번호 ?? "",
      caseName: meta.사건명 ?? /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? "",
      court: meta.법원명 ?? "",
      courtLevel: meta.법원등급 ?? "",
      caseType: meta.사건종류 ?? "",
      decisionDate: meta.선고일자 ?? "",
      serialNo: meta.판례일련번호 || undefined,
      sourceUrl: meta.출처 || undefined,
    },
    sections.map((s) => ({ name: s.name, text: s.lines.join("\n") })),
    sourcePath,
  );
}
