import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { STATUS_LABEL } from "../rag/citations";
import type { Range } from "../text/sentences";
import { formatKoreanDate } from "../util/korean-time";
import { type Align, type Block, type Inline, markLabel } from "./answer-blocks";
import {
  type AnswerExport,
  type ConversationExport,
  incompleteNote,
  outsideNote,
  unverifiedNote,
} from "./answer-export";

/**
 * The answer (or a whole conversation) as a Word document (the `docx` package): what a lawyer
 * attaches to a memo or edits into a brief. It holds what the screen shows — real Word tables,
 * lists, bold, each case number's status and support mark, a flagged number's ⚠ beside it — set in
 * 맑은 고딕 (every Windows Word has it; East Asian text is told so, others substitute).
 */

/** The font of every Word file the product writes (answers, conversations, 서면 검증 reports). */
export const FONT = { ascii: "Malgun Gothic", hAnsi: "Malgun Gothic", eastAsia: "맑은 고딕", cs: "Malgun Gothic" };
const MONO = { ascii: "Consolas", hAnsi: "Consolas", eastAsia: "맑은 고딕", cs: "Consolas" };
const HEADINGS = [HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;
const MARK_COLOR = { supported: "047857", partly: "B45309", unsupported: "B91C1C" } as const;
const FLAG_COLOR = "9A3412";
const OUTSIDE_COLOR = "0369A1";
const LINE = { style: BorderStyle.SINGLE, size: 4, color: "999999" } as const;
const ALIGN: Record<Exclude<Align, null>, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
};

interface Options {
  /** This app's address: the viewer's links become absolute (omitted: case numbers and statutes stay unlinked). */
  origin?: string;
  createdAt?: Date;
}

type Body = (Paragraph | Table)[];

const link = (origin: string | undefined, href: string | undefined) =>
  origin && href ? new URL(href, origin).toString() : undefined;

function inlineRuns(list: Inline[], origin: string | undefined, bold = false): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const inline of list) {
    if (inline.kind === "break") out.push(new TextRun({ text: "", break: 1 }));
    else if (inline.kind === "text") {
      // A statute reference (its `href`) links to its article as a case number links to its passage.
      const url = link(origin, inline.href);
      const run = new TextRun({
        text: inline.text,
        bold: bold || inline.bold,
        italics: inline.italic,
        ...(inline.code ? { font: MONO } : {}),
        ...(url ? { color: "1D4ED8", underline: {} } : {}),
      });
      out.push(url ? new ExternalHyperlink({ link: url, children: [run] }) : run);
    } else {
      const number = new TextRun({ text: inline.text, bold: bold || inline.bold });
      const url = link(origin, inline.href);
      out.push(
        url
          ? new ExternalHyperlink({
              link: url,
              children: [new TextRun({ text: inline.text, bold: bold || inline.bold, color: "1D4ED8", underline: {} })],
            })
          : number,
      );
      if (inline.flag) {
        out.push(
          new TextRun({ text: ` ⚠ 확인 필요: ${inline.flag}`, bold: true, color: FLAG_COLOR, highlight: "yellow" }),
        );
      }
      if (inline.status === "corpus") {
        out.push(new TextRun({ text: ` [${STATUS_LABEL.corpus}]`, size: 18, color: OUTSIDE_COLOR }));
      }
      if (inline.verdict) {
        out.push(new TextRun({ text: ` [${markLabel(inline.verdict)}]`, size: 18, color: MARK_COLOR[inline.verdict] }));
      }
      if (inline.overruled) out.push(new TextRun({ text: " [변경된 판례]", size: 18, bold: true, color: "B91C1C" }));
      if (inline.mismatch) {
        out.push(new TextRun({ text: ` [⚠ ${inline.mismatch}]`, size: 18, bold: true, color: FLAG_COLOR }));
      }
    }
  }
  return out;
}

function table(block: Extract<Block, { kind: "table" }>, origin: string | undefined): Table {
  const columns = Math.max(1, ...block.rows.map((r) => r.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: LINE, bottom: LINE, left: LINE, right: LINE, insideHorizontal: LINE, insideVertical: LINE },
    rows: block.rows.map(
      (row, r) =>
        new TableRow({
          tableHeader: r === 0,
          children: Array.from({ length: columns }, (_, c) => {
            const align = block.align[c];
            return new TableCell({
              margins: { top: 60, bottom: 60, left: 100, right: 100 },
              ...(r === 0 ? { shading: { type: ShadingType.CLEAR, fill: "F1F5F9", color: "auto" } } : {}),
              children: [
                new Paragraph({
                  ...(align ? { alignment: ALIGN[align] } : {}),
                  children: inlineRuns(row[c] ?? [], origin, r === 0),
                }),
              ],
            });
          }),
        }),
    ),
  });
}

function blocksBody(list: Block[], origin: string | undefined, depth = 0): Body {
  const indent = depth > 0 ? { indent: { left: 360 * depth } } : {};
  const out: Body = [];
  for (const block of list) {
    switch (block.kind) {
      case "heading":
        out.push(
          new Paragraph({
            heading: HEADINGS[block.level - 1] ?? HeadingLevel.HEADING_4,
            children: inlineRuns(block.inlines, origin),
          }),
        );
        break;
      case "paragraph":
        out.push(new Paragraph({ ...indent, children: inlineRuns(block.inlines, origin) }));
        break;
      case "code":
        for (const line of block.text.split("\n")) {
          out.push(new Paragraph({ ...indent, children: [new TextRun({ text: line, font: MONO })] }));
        }
        break;
      case "quote":
        out.push(...blocksBody(block.blocks, origin, depth + 1));
        break;
      case "rule":
        out.push(new Paragraph({ border: { bottom: LINE }, children: [] }));
        break;
      case "table":
        out.push(table(block, origin), new Paragraph({ children: [] }));
        break;
      case "list":
        block.items.forEach((item, i) => {
          const [first, ...rest] = item;
          const runs = first && (first.kind === "paragraph" || first.kind === "heading") ? first.inlines : undefined;
          const body = inlineRuns(runs ?? [], origin);
          out.push(
            block.ordered
              ? new Paragraph({
                  indent: { left: 360 * (depth + 1), hanging: 360 },
                  children: [new TextRun(`${block.start + i}. `), ...body],
                })
              : new Paragraph({ bullet: { level: Math.min(depth, 8) }, children: body }),
          );
          out.push(...blocksBody(runs ? rest : item, origin, depth + 1));
        });
        break;
    }
  }
  return out;
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

const heading = (level: (typeof HeadingLevel)[keyof typeof HeadingLevel], text: string) =>
  new Paragraph({ heading: level, children: [new TextRun(text)] });

/** A closing note on the answer's citations: its label in colour, then the sentence. */
const notice = (label: string, color: string, text: string) =>
  new Paragraph({ children: [new TextRun({ text: label, bold: true, color }), new TextRun(text)] });

/** One answer: its text, its notes, the decisions it cites (linked to the viewer), their passages. */
function answerBody(exported: AnswerExport, origin: string | undefined, passages: boolean): Body {
  const body: Body = blocksBody(exported.blocks, origin);
  const note = incompleteNote(exported);
  if (note) {
    body.push(new Paragraph({ children: [new TextRun({ text: note, italics: true })] }));
  }
  if (exported.outside.length > 0)
    body.push(notice(`${STATUS_LABEL.corpus}: `, OUTSIDE_COLOR, outsideNote(exported.outside)));
  if (exported.unverified.length > 0) {
    body.push(notice("⚠ 확인 필요: ", FLAG_COLOR, unverifiedNote(exported.unverified, exported.checked)));
  }
  if (exported.citations.length === 0) return body;
  body.push(heading(passages ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2, "인용 판례"));
  exported.citations.forEach((c, i) => {
    const url = link(origin, c.href);
    const name = new TextRun({ text: c.citation, ...(url ? { color: "1D4ED8", underline: {} } : {}) });
    body.push(
      new Paragraph({
        indent: { left: 360, hanging: 360 },
        children: [
          new TextRun(`${i + 1}. `),
          url ? new ExternalHyperlink({ link: url, children: [name] }) : name,
          ...(c.caseName ? [new TextRun(` (${c.caseName})`)] : []),
        ],
      }),
    );
  });
  if (!passages) return body;
  body.push(heading(HeadingLevel.HEADING_1, "인용된 부분"));
  for (const c of exported.citations) {
    body.push(heading(HeadingLevel.HEADING_2, c.citation));
    for (const p of c.passages) {
      body.push(new Paragraph({ children: [new TextRun({ text: `【${p.section}】`, color: "666666" })] }));
      body.push(new Paragraph({ indent: { left: 360 }, children: passageRuns(p.text, p.support) }));
    }
  }
  return body;
}

function pack(title: string, body: Body): Promise<Buffer> {
  const doc = new Document({
    creator: "판례 리서치",
    title,
    styles: {
      default: {
        document: { run: { font: FONT, size: 21 } },
        title: { run: { font: FONT, size: 36, bold: true } },
        heading1: { run: { font: FONT, bold: true, size: 28 } },
        heading2: { run: { font: FONT, bold: true, size: 24 } },
        heading3: { run: { font: FONT, bold: true, size: 22 } },
        heading4: { run: { font: FONT, bold: true, size: 21 } },
      },
    },
    sections: [{ children: body }],
  });
  return Packer.toBuffer(doc);
}

const header = (title: string, date: Date, extra: string[] = []) => [
  new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
  new Paragraph({
    alignment: AlignmentType.RIGHT,
    children: [new TextRun({ text: [formatKoreanDate(date, "long"), ...extra].join(" · "), color: "666666" })],
  }),
];

export async function answerDocx(exported: AnswerExport, options: Options = {}): Promise<Buffer> {
  const { origin, createdAt = new Date() } = options;
  return pack("판례 리서치 답변", [
    ...header("판례 리서치 답변", createdAt, exported.strategy ? [`전략: ${exported.strategy}`] : []),
    heading(HeadingLevel.HEADING_1, "질문"),
    ...lines(exported.question),
    heading(HeadingLevel.HEADING_1, "답변"),
    ...answerBody(exported, origin, true),
  ]);
}

/** A whole conversation: every question and its answer in order, each with its marks and citations. */
export async function conversationDocx(conversation: ConversationExport, options: Options = {}): Promise<Buffer> {
  const { origin, createdAt = new Date() } = options;
  const body: Body = header(conversation.title || "판례 리서치 대화", createdAt, [
    `질문 ${conversation.turns.length}개`,
  ]);
  conversation.turns.forEach((turn, i) => {
    body.push(heading(HeadingLevel.HEADING_1, `질문 ${i + 1}`), ...lines(turn.question));
    if (turn.strategy)
      body.push(new Paragraph({ children: [new TextRun({ text: `전략: ${turn.strategy}`, color: "666666" })] }));
    body.push(heading(HeadingLevel.HEADING_2, "답변"), ...answerBody(turn, origin, false));
  });
  return pack(conversation.title || "판례 리서치 대화", body);
}
