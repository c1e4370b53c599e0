import { AppError } from "../errors";
import type { ParsedDecision } from "../text/decision";
import { cutAtTruncation } from "../text/normalize";
import { buildDecision } from "./sections";

/**
 * The precedent-kr Markdown format: YAML front matter (판례일련번호, 사건번호, 사건명, 법원명,
 * 법원등급, 사건종류, 출처, 선고일자), `# 사건명`, then `## 판시사항` … `## 판례내용`.
 * The front matter is flat `key: value` lines, so a few lines of parsing beat a YAML dependency.
 */

function parseFrontMatter(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.split("\n")) {
    const m = /^([^:#\s][^:]*):\s*(.*)$/.exec(line.trim());
    if (!m?.[1]) continue;
    let value = (m[2] ?? "").trim();
    if ((value.startsWith("'") && value.endsWith("'")) || (value.startsWith('"') && value.endsWith('"'))) {
      value = value.slice(1, -1).replace(/''/g, "'");
    }
    out[m[1].trim()] = value;
  }
  return out;
}

export function parsePrecedentMarkdown(text: string, sourcePath?: string): ParsedDecision {
  const clean = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(clean);
  if (!fm) {
    throw new AppError("ingest:bad_file", { userMessage: "머리말(YAML front matter)이 없습니다.", detail: sourcePath });
  }
  const meta = parseFrontMatter(fm[1] ?? "");
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
