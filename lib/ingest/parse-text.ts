import { AppError } from "../errors";
import { readCaseCitations } from "../text/case-citation";
import { joinCaseNos } from "../text/case-number";
import type { DecisionMeta, ParsedDecision } from "../text/decision";
import { cutAtTruncation } from "../text/normalize";
import { buildDecision, canonicalSection, normalizeDate } from "./sections";

/**
 * Plain .txt/.md decisions: section headings written as 【판시사항】, [판결요지], ## 참조조문,
 * "■ 판례내용" or the bare word on its own line. Metadata is read from the lines before the first
 * section ("사건번호: …", "대법원 2010. 1. 14. 선고 2009다228 판결"); the upload form fills the rest.
 */

const HEADING = /^\s*(?:#{1,6}\s*)?(?:[■◎○●▶\-*]\s*)?(?:\d+\.\s*)?[【[<(]?\s*([가-힣\s]{2,8}?)\s*[】\]>)]?\s*:?\s*$/;

function headingOf(line: string): string | undefined {
  const m = HEADING.exec(line);
  return m?.[1] && canonicalSection(m[1]) ? m[1] : undefined;
}

function findMeta(preamble: string): Partial<DecisionMeta> {
  const field = (label: string) => new RegExp(`${label}\\s*[:：]\\s*(.+)`).exec(preamble)?.[1]?.trim();
  const found: Partial<DecisionMeta> = {
    caseNo: field("사건번호"),
    caseName: field("사건명"),
    court: field("법원명") ?? field("법원"),
    decisionDate: field("선고일자") ? normalizeDate(field("선고일자") ?? "") : undefined,
  };
  // "대법원 2010. 1. 14. 선고 2009다228 판결" — the way a decision names itself in its first line.
  const citations = readCaseCitations(preamble);
  const cite = citations.find((c) => c.court && c.date && c.ruling);
  if (cite) {
    found.court ??= cite.court;
    found.decisionDate ??= cite.date;
    found.caseNo ??= joinCaseNos(cite.caseNos);
  }
  const any = citations[0];
  if (!found.caseNo && any) found.caseNo = joinCaseNos(any.caseNos);
  return found;
}

export function parsePlainDecision(
  text: string,
  meta: Partial<DecisionMeta> & { caseNo?: string },
  sourcePath?: string,
): ParsedDecision {
  const body = cutAtTruncation(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  const sections: { name: string; lines: string[] }[] = [];
  const preamble: string[] = [];
  let current: { name: string; lines: string[] } | undefined;
  for (const line of body.split("\n")) {
    const heading = headingOf(line);
    if (heading) {
      current = { name: heading, lines: [] };
      sections.push(current);
    } else if (current) current.lines.push(line);
    else preamble.push(line);
  }
  if (sections.length === 0) {
    throw new AppError("ingest:bad_file", {
      userMessage: "판시사항·판결요지 등 구역 제목(예: 【판시사항】)을 찾지 못했습니다.",
      detail: sourcePath,
    });
  }
  const found = findMeta(preamble.join("\n"));
  const pick = (key: keyof DecisionMeta) =>
    (meta[key] as string | undefined)?.trim() || (found[key] as string | undefined) || "";
  return buildDecision(
    {
      caseNo: pick("caseNo"),
      caseName: pick("caseName"),
      court: pick("court"),
      courtLevel: pick("courtLevel") || (pick("court") === "대법원" ? "대법원" : ""),
      caseType: pick("caseType"),
      decisionDate: pick("decisionDate"),
      serialNo: meta.serialNo,
      sourceUrl: meta.sourceUrl,
    },
    sections.map((s) => ({ name: s.name, text: s.lines.join("\n") })),
    sourcePath,
  );
}
