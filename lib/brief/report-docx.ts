import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { FONT } from "../export/answer-docx";
import { formatKoreanDate } from "../util/korean-time";
import { dotted, groundText, statusText } from "./report-text";
import type { BriefReport } from "./types";

// The 상태 and 근거 wording lives beside the screen's; re-exported for the callers that import it here.
export { groundText, statusText } from "./report-text";

/**
 * The 서면 검증 report as a Word file: a table 인용 / 상태 / 문장 / 근거, one row per cited number in
 * the draft's order, then the statutes and 함께 검토할 판례. Written with the project's Word writer
 * (`docx`), in the same font as the answer exports.
 */

const run = (text: string, options: { bold?: boolean; color?: string; size?: number } = {}) =>
  new TextRun({ text, font: FONT, size: options.size ?? 20, bold: options.bold, color: options.color });
const para = (text: string, options: { bold?: boolean; color?: string } = {}) =>
  new Paragraph({ children: [run(text, options)] });

const cell = (text: string, header = false) =>
  new TableCell({
    children: text.split("\n").map((line) => para(line, { bold: header })),
    ...(header ? { shading: { type: ShadingType.CLEAR, fill: "EEEEEE", color: "auto" } } : {}),
  });

export async function briefReportDocx(
  report: BriefReport,
  meta: { title: string; checkedAt: Date },
): Promise<Uint8Array> {
  const header = new TableRow({
    tableHeader: true,
    children: ["인용", "상태", "문장", "근거"].map((h) => cell(h, true)),
  });
  const rows = report.citations.map(
    (c) =>
      new TableRow({
        children: [cell(`${c.caseNo}\n${c.text}`), cell(statusText(c)), cell(c.sentence), cell(groundText(c))],
      }),
  );
  const body: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run("서면 인용 검증", { bold: true, size: 32 })] }),
    para(`${meta.title} · ${formatKoreanDate(meta.checkedAt)} · 인용 ${report.citations.length}건`),
    para(""),
  ];
  if (rows.length > 0)
    body.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...rows] }));
  else body.push(para("서면에서 판례 인용을 찾지 못했습니다."));
  if (report.statutes.length > 0) {
    body.push(para(""), para("인용된 조문", { bold: true }));
    body.push(
      para(
        report.statutes
          .map(
            (s) =>
              `${s.law ? `${s.law} ` : ""}${s.article}${s.paragraph ? ` ${s.paragraph}` : ""}${s.note ? ` (${s.note})` : ""}`,
          )
          .join(", "),
      ),
    );
  }
  if (report.suggestions.length > 0) {
    body.push(para(""), para("함께 검토할 판례", { bold: true }));
    for (const s of report.suggestions) {
      body.push(
        para(
          `${s.court} ${dotted(s.decisionDate)} ${s.caseNo} ${s.caseName} — ‘${s.sectionStart}…’ 부분 (공통어: ${s.sharedTerms.join(", ")})`,
        ),
      );
    }
  }
  for (const note of report.notes)
    body.push(new Paragraph({ alignment: AlignmentType.LEFT, children: [run(note, { color: "666666", size: 18 })] }));
  const doc = new Document({
    creator: "판례 리서치",
    title: `서면 인용 검증 — ${meta.title}`,
    sections: [{ children: body }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
