import type { Parent, PhrasingContent, Root, RootContent, Text } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { partOffsets, remarkCitations, remarkStatutes, STATUS_ATTR } from "../chat/answer-markdown";
import { citationHrefs, decisionHref } from "../chat/citation-links";
import type { AnswerRecord } from "../chat/types";
import { type CitationStatus, recordCitationFinder, STATUS_LABEL } from "../rag/citations";
import { type SupportVerdict, VERDICT_LABEL } from "../rag/support/types";
import { statuteHref } from "../statutes/ref-parts";
import { decisionKey } from "../text/decision-key";

/**
 * An answer's Markdown read by the same stack the screen renders it with (remark + GFM, and the
 * same citation plugin), into blocks every export writes out: the DOCX, the print sheet, the
 * copied text. Each case number carries what the screen shows beside it — its status (lib/rag/
 * citations.ts), its link into the viewer, the support check's mark, a flag when no corpus holds
 * it, and the court or date written with it that the decision contradicts. A reference to an
 * imported statute keeps its text, with its article's page as `href` (Word links it).
 */

export interface CitationInline {
  kind: "citation";
  text: string;
  caseNo: string;
  /** Among the passages, a real decision outside them, or in no corpus (never the same marks). */
  status: CitationStatus;
  bold?: boolean;
  /** The viewer's page for it (a path of this app): its passage, or the decision outside the evidence. */
  href?: string;
  /** The support check's verdict on it, when it ran. */
  verdict?: SupportVerdict;
  /** A flagged number (status "unknown"): why it is flagged. */
  flag?: string;
  /** The court or date written with it that the decision contradicts ("선고일이 다릅니다: …"). */
  mismatch?: string;
  /** A later decision overruled it ("변경된 판례"). */
  overruled?: boolean;
}

export type Inline =
  /** `href`: a statute reference's article page (a path of this app); the text reads the same without it. */
  | { kind: "text"; text: string; bold?: boolean; italic?: boolean; code?: boolean; href?: string }
  | { kind: "break" }
  | CitationInline;

export type Align = "left" | "right" | "center" | null;

export type Block =
  | { kind: "heading"; level: number; inlines: Inline[] }
  | { kind: "paragraph"; inlines: Inline[] }
  /** `tight`: no blank lines between items (their paragraphs render without a gap, as on screen). */
  | { kind: "list"; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { kind: "quote"; blocks: Block[] }
  | { kind: "code"; text: string }
  | { kind: "table"; align: Align[]; rows: Inline[][][] }
  | { kind: "rule" };

/**
 * What a flagged number says inline, beside it (the closing note says more): of an answer whose
 * corpora were searched, and of one stored before they were (only its passages were looked at).
 */
export const UNKNOWN_REASON = "어느 말뭉치에도 없는 사건번호";
export const FLAG_REASON = "검색된 판례에 없는 사건번호";

export const markLabel = (verdict: SupportVerdict) => VERDICT_LABEL[verdict];

interface Context {
  links: Map<number, string>;
  verdicts: Map<number, SupportVerdict>;
  overruled: Set<string>;
  chatId?: string;
}

function context(record: AnswerRecord | undefined, chatId: string | undefined): Context {
  const links = new Map<number, string>();
  const overruled = new Set<string>();
  if (!record) return { links, verdicts: new Map(), overruled, chatId };
  const hrefs = citationHrefs(record, { chatId });
  for (const [offset, i] of partOffsets(record.parts)) {
    const href = hrefs[i];
    if (href) links.set(offset, href);
  }
  const chunks = new Map(record.context.map(({ chunk }) => [chunk.id, chunk]));
  for (const part of record.parts) {
    const chunk = part.type === "citation" && part.valid ? chunks.get(part.chunkId) : undefined;
    if (chunk && record.signals?.[decisionKey(chunk)]?.overruledBy?.length) overruled.add(chunk.id);
  }
  const verdicts = new Map(record.trace?.support?.citations.map((c) => [c.offset, c.verdict]));
  return { links, verdicts, overruled, chatId };
}

const STATUS_OF: Record<string, CitationStatus> = Object.fromEntries(
  Object.entries(STATUS_ATTR).map(([status, attr]) => [attr, status as CitationStatus]),
);

// The citation plugin (lib/chat/answer-markdown.ts) marks a case number's text node with these.
function citation(node: Text, props: Record<string, string>, ctx: Context, bold: boolean): CitationInline {
  const caseNo = props.dataCaseNo ?? node.value;
  const status = STATUS_OF[props.dataCitation ?? ""] ?? "unknown";
  const out: CitationInline = {
    kind: "citation",
    text: node.value,
    caseNo,
    status,
    ...(bold ? { bold } : {}),
    ...(props.dataMismatch ? { mismatch: props.dataMismatch } : {}),
  };
  // Never linked, never judged: it may be invented.
  if (status === "unknown") return { ...out, flag: props.dataChecked ? UNKNOWN_REASON : FLAG_REASON };
  const offset = props.dataOffset !== undefined ? Number(props.dataOffset) : undefined;
  const href =
    status === "corpus"
      ? decisionHref(props.dataFoundCaseNo ?? caseNo, props.dataCorpusId ?? "", ctx.chatId)
      : offset !== undefined
        ? ctx.links.get(offset)
        : undefined;
  const verdict = offset !== undefined ? ctx.verdicts.get(offset) : undefined;
  return {
    ...out,
    ...(href ? { href } : {}),
    ...(verdict ? { verdict } : {}),
    ...(props.dataChunkId && ctx.overruled.has(props.dataChunkId) ? { overruled: true } : {}),
  };
}

function inlines(nodes: PhrasingContent[], ctx: Context, style: { bold?: boolean; italic?: boolean } = {}): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "text": {
        const props = (node.data as { hProperties?: Record<string, string> } | undefined)?.hProperties;
        if (props?.dataCitation) out.push(citation(node, props, ctx, Boolean(style.bold)));
        else if (props?.dataStatute && node.value) {
          const href = statuteHref(props.dataStatute, props.dataArticle ?? "");
          out.push({ kind: "text", text: node.value, ...style, href });
        } else if (node.value) out.push({ kind: "text", text: node.value, ...style });
        break;
      }
      case "strong":
        out.push(...inlines(node.children, ctx, { ...style, bold: true }));
        break;
      case "emphasis":
        out.push(...inlines(node.children, ctx, { ...style, italic: true }));
        break;
      case "delete":
      case "link":
      case "linkReference":
        // A link keeps its text (the screen links only our own pages; the exports need none).
        out.push(...inlines(node.children, ctx, style));
        break;
      case "inlineCode":
        out.push({ kind: "text", text: node.value, code: true, ...style });
        break;
      case "break":
        out.push({ kind: "break" });
        break;
      default:
        // Raw HTML, images, footnote references: dropped, as on screen.
        break;
    }
  }
  return out;
}

function blocks(nodes: RootContent[], ctx: Context): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "heading":
        out.push({ kind: "heading", level: node.depth, inlines: inlines(node.children, ctx) });
        break;
      case "paragraph":
        out.push({ kind: "paragraph", inlines: inlines(node.children, ctx) });
        break;
      case "list":
        out.push({
          kind: "list",
          ordered: Boolean(node.ordered),
          start: node.start ?? 1,
          tight: !node.spread && node.children.every((item) => !item.spread),
          items: node.children.map((item) => blocks(item.children, ctx)),
        });
        break;
      case "blockquote":
        out.push({ kind: "quote", blocks: blocks(node.children, ctx) });
        break;
      case "code":
        out.push({ kind: "code", text: node.value });
        break;
      case "table":
        out.push({
          kind: "table",
          align: node.align ?? [],
          rows: node.children.map((row) => row.children.map((cell) => inlines(cell.children, ctx))),
        });
        break;
      case "thematicBreak":
        out.push({ kind: "rule" });
        break;
      default:
        if ("children" in node) out.push(...blocks((node as Parent).children as RootContent[], ctx));
        break;
    }
  }
  return out;
}

/**
 * The answer's blocks, its citations decided against `record` exactly as the screen decides them;
 * references to the imported statutes (`laws`) carry their article's page.
 */
export function answerBlocks(
  markdown: string,
  record?: AnswerRecord,
  chatId?: string,
  laws?: readonly string[],
): Block[] {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const tree = processor.parse(markdown) as Root;
  // The statuses as stored: the corpus search's findings come with the record's parts.
  if (record) remarkCitations(recordCitationFinder(record))()(tree, { value: markdown });
  remarkStatutes(laws)()(tree);
  return blocks(tree.children, context(record, chatId));
}

/** An inline as plain text: a citation with its marks ("2097다41 [근거 확인]"). */
export function inlineText(inline: Inline): string {
  if (inline.kind === "break") return "\n";
  if (inline.kind === "text") return inline.text;
  return `${inline.text}${citationNote(inline)}`;
}

/**
 * What follows a case number in text: " [근거 확인]", " [검색 근거 밖 판례] [근거 약함]",
 * " [⚠ 확인 필요: …]", " [변경된 판례]", " [⚠ 선고일이 다릅니다: …]".
 */
export function citationNote(c: CitationInline): string {
  const notes: string[] = [];
  if (c.flag) notes.push(`⚠ 확인 필요: ${c.flag}`);
  if (c.status === "corpus") notes.push(STATUS_LABEL.corpus);
  if (c.verdict) notes.push(markLabel(c.verdict));
  if (c.overruled) notes.push("변경된 판례");
  if (c.mismatch) notes.push(`⚠ ${c.mismatch}`);
  return notes.map((n) => ` [${n}]`).join("");
}

export const inlinesText = (list: Inline[]) => list.map(inlineText).join("");

/**
 * Blocks as plain text, the way they read pasted into a document: "• 항목", "1. 항목", a table's
 * cells separated by tabs (a spreadsheet or a word processor's "text to table" reads them back).
 */
export function blocksText(list: Block[], depth = 0): string[] {
  const indent = "  ".repeat(depth);
  const lines: string[] = [];
  for (const block of list) {
    if (block.kind === "heading" || block.kind === "paragraph") lines.push(`${indent}${inlinesText(block.inlines)}`);
    else if (block.kind === "code") lines.push(...block.text.split("\n").map((l) => `${indent}${l}`));
    else if (block.kind === "quote") lines.push(...blocksText(block.blocks, depth).map((l) => `> ${l}`));
    else if (block.kind === "rule") lines.push("");
    else if (block.kind === "table") {
      for (const row of block.rows) lines.push(`${indent}${row.map((cell) => inlinesText(cell)).join("\t")}`);
    } else {
      block.items.forEach((item, i) => {
        const marker = block.ordered ? `${block.start + i}.` : "•";
        const [first, ...rest] = blocksText(item, depth + 1);
        lines.push(`${indent}${marker} ${(first ?? "").trimStart()}`, ...rest);
      });
    }
  }
  return lines;
}
