import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import type { Range } from "../text/sentences";
import type { AnswerExport } from "./answer-export";
import { type Block, markdownBlocks } from "./markdown-lite";

/**
 * The answer as a Word document (the `docx` package): what a lawyer attaches to a memo or edits
 * into a brief. Korean text is set in 맑은 고딕 (every Windows Word has it; others substitute).
 */

const FONT = { ascii: "Malgun Gothic", hAnsi: "Malgun Gothic", eastAsia: "맑은 고딕", cs: "Malgun Gothic" };

const HEADINGS = [HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;

function answerParagraph(block: Block): Paragraph {
  const runs = block.runs.map((r) => new TextRun({ text: r.text, bold: r.bold }));
  switch (block.kind) {
    case "heading":
      return new Paragraph({ heading: HEADINGS[block.level - 1] ?? HeadingLevel.HEADING_4, children: runs });
    case "bullet":
      return new Paragraph({ bullet: { level: Math.min(block.level, 8) }, children: runs });
    case "ordered":
      return new Paragraph({
        indent: { left: 360 * (block.level + 1), hanging: 360 },
        children: [new TextRun(`${block.marker} `), ...runs],
      });
    case "quote":
      return new Paragraph({ indent: { left: 720 }, children: runs.length ? runs : [new TextRun("")] });
    default:
      return new Paragraph({ children: runs });
  }
}

/** Runs for text with line breaks (Word ignores "\n" inside a run). */
function textRuns(text: string, style: { bold?: boolean; highlight?: "yellow" } = {}): TextRun[] {
  return text.split("\n").map((line, i) => new TextRun({ text: line, ...style, ...(i > 0 ? { break: 1 } : {}) }));
}

/** A passage with its supporting sentence(s) in bold on a highlight. */
function passageRuns(text: string, support: Range[]): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const r of [...support].sort((a, b) => a.start - b.start)) {
    if (r.start > at) runs.push(...textRuns(text.slice(at, r.start)));
    runs.push(...textRuns(text.slice(Math.max(at, r.start), r.end), { bold: true, highlight: "yellow" }));
    at = Math.max(at, r.end);
  }
  if (at < text.length) runs.push(...textRuns(text.slice(at)));
  return runs;
}

const lines = (text: string) =>
  text
    .split(/\n/)
    .filter((l) => l.trim())
    .map((l) => new Paragraph({ children: [new TextRun(l)] }));

export async function answerDocx(exported: AnswerExport, createdAt = new Date()): Promise<Buffer> {
  const day = new Intl.DateTimeFormat("ko-KR", { timeZone: "Asia/Seoul", dateStyle: "long" }).format(createdAt);
  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun("판례 리서치 답변")] }),
    new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: day, color: "666666" })] }),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("질문")] }),
    ...lines(exported.question),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("답변")] }),
    ...markdownBlocks(exported.answer).map(answerParagraph),
  ];
  if (exported.incomplete) {
    body.push(
      new Paragraph({
        children: [new TextRun({ text: "중단된 답변입니다. 내용이 완결되지 않았을 수 있습니다.", italics: true })],
      }),
    );
  }
  if (exported.unverified.length > 0) {
    body.push(
      new Paragraph({
        children: [
          new TextRun({ text: "확인 필요: ", bold: true, color: "9A3412" }),
          new TextRun(`답변의 사건번호 ${exported.unverified.join(", ")}은(는) 검색된 판례에 없습니다.`),
        ],
      }),
    );
  }
  if (exported.citations.length > 0) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("인용 판례")] }));
    exported.citations.forEach((c, i) => {
      body.push(
        new Paragraph({
          indent: { left: 360, hanging: 360 },
          children: [
            new TextRun(`${i + 1}. `),
            new TextRun(c.citation),
            ...(c.caseName ? [new TextRun(` (${c.caseName})`)] : []),
          ],
        }),
      );
    });
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("인용된 부분")] }));
    for (const c of exported.citations) {
      body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(c.citation)] }));
      for (const p of c.passages) {
        body.push(new Paragraph({ children: [new TextRun({ text: `【${p.section}】`, color: "666666" })] }));
        body.push(new Paragraph({ indent: { left: 360 }, children: passageRuns(p.text, p.support) }));
      }
    }
  }
  const doc = new Document({
    creator: "판례 리서치",
    title: "판례 리서치 답변",
    styles: { default: { document: { run: { font: FONT, size: 21 } } } },
    sections: [{ children: body }],
  });
  return Packer.toBuffer(doc);
}
