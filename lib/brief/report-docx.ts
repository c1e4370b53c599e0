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
import { VERDICT_LABEL } from "../rag/support/types";
import { formatKoreanDate } from "../util/korean-time";
import { type BriefCitation, type BriefReport, NOT_FOUND_NOTE, STATUS_LABELS } from "./types";

/**
 * The 서면 검증 report as a Word file: a table 인용 / 상태 / 문장 / 근거, one row per cited number in
 * the draft's order, then the statutes and 함께 검토할 판례. Written with the project's Word writer
 * (`docx`), in the same font as the answer exports.
 */

const FONT = { ascii: "Malgun Gothic", hAnsi: "Malgun Gothic", eastAsia: "맑은 고딕", cs: "Malgun Gothic" };
const run = (text: string, options: { bold?: boolean; color?: string; size?: number } = {}) =>
  new TextRun({ text, font: FONT, size: options.size ?? 20, bold: options.bold, color: options.color });
const para = (text: string, options: { bold?: boolean; color?: string } = {}) =>
  new Paragraph({ children: [run(text, options)] });

const dotted = (date?: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  return m ? `${m[1]}. ${Number(m[2])}. ${Number(m[3])}.` : (date ?? "");
};

/** What the 상태 column says: the status, both dates or courts when they differ, the marks. */
export function statusText(c: BriefCitation): string {
  const lines = [STATUS_LABELS[c.status]];
  if (c.status === "date_mismatch") lines.push(`서면 ${dotted(c.date)} · 판례 ${dotted(c.foundDate)}`);
  if (c.status === "court_mismatch") lines.push(`서면 ${c.court ?? ""} · 판례 ${c.foundCourt ?? ""}`);
  if (c.overruled) lines.push(`변경된 판례: ${c.overruled}`);
  if (c.enBanc) lines.push("전원합의체");
  return lines.join("\n");
}

/** What the 근거 column says: the support check's mark and reason, or why nothing was checked. */
export function groundText(c: BriefCitation): string {
  if (c.status === "not_found") return NOT_FOUND_NOTE;
  if (!c.support) return "근거를 확인하지 못했습니다.";
  const quote = c.support.quote ? `\n“${c.support.quote}”` : "";
  return `${VERDICT_LABEL[c.support.verdict]} — ${c.support.reason}${quote}`;
}

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
          .map((s) => `${s.law ? `${s.law} ` : ""}${s.article}${s.paragraph ? ` ${s.paragraph}` : ""}`)
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
