import type { Parent, PhrasingContent, Root, RootContent, Text } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { partOffsets, remarkCitations } from "../chat/answer-markdown";
import { citationHrefs } from "../chat/citation-links";
import type { AnswerRecord } from "../chat/types";
import { citationFinder } from "../rag/citations";
import { type SupportVerdict, VERDICT_LABEL } from "../rag/support/types";
import { decisionKey } from "../text/decision-key";

/**
 * An answer's Markdown read by the same stack the screen renders it with (remark + GFM, and the
 * same citation plugin), into blocks every export writes out: the DOCX, the print sheet, the
 * copied text. Each case number carries what the screen shows beside it — its link into the
 * viewer, the support check's mark, a flag when the retrieved precedents do not hold it.
 */

export interface CitationInline {
  kind: "citation";
  text: string;
  caseNo: string;
  bold?: boolean;
  /** The viewer's page for it (a path of this app), as the screen links it. */
  href?: string;
  /** The support check's verdict on it, when it ran. */
  verdict?: SupportVerdict;
  /** A flagged number (not among the retrieved precedents): why it is flagged. */
  flag?: string;
  /** A later decision overruled it ("변경된 판례"). */
  overruled?: boolean;
}

export type Inline =
  | { kind: "text"; text: string; bold?: boolean; italic?: boolean; code?: boolean }
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

/** What a flagged number says inline, beside it (the screen's note at the end says more). */
export const FLAG_REASON = "검색된 판례에 없는 사건번호";

export const markLabel = (verdict: SupportVerdict) => VERDICT_LABEL[verdict];

interface Context {
  links: Map<number, string>;
  verdicts: Map<number, SupportVerdict>;
  overruled: Set<string>;
}

function context(record: AnswerRecord | undefined, chatId: string | undefined): Context {
  const links = new Map<number, string>();
  const overruled = new Set<string>();
  if (!record) return { links, verdicts: new Map(), overruled };
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
  return { links, verdicts, overruled };
}

// The citation plugin (lib/chat/answer-markdown.ts) marks a case number's text node with these.
function citation(node: Text, props: Record<string, string>, ctx: Context, bold: boolean): CitationInline {
  const caseNo = props.dataCaseNo ?? node.value;
  const out: CitationInline = { kind: "citation", text: node.value, caseNo, ...(bold ? { bold } : {}) };
  if (props.dataCitation === "unverified") return { ...out, flag: FLAG_REASON };
  const offset = props.dataOffset !== undefined ? Number(props.dataOffset) : undefined;
  const href = offset !== undefined ? ctx.links.get(offset) : undefined;
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
        else if (node.value) out.push({ kind: "text", text: node.value, ...style });
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

/** The answer's blocks, its citations decided against `record` exactly as the screen decides them. */
export function answerBlocks(markdown: string, record?: AnswerRecord, chatId?: string): Block[] {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const tree = processor.parse(markdown) as Root;
  if (record) remarkCitations(citationFinder(record.context))()(tree, { value: markdown });
  return blocks(tree.children, context(record, chatId));
}

/** An inline as plain text: a citation with its mark or flag ("2097다41 [근거 확인]"). */
export function inlineText(inline: Inline): string {
  if (inline.kind === "break") return "\n";
  if (inline.kind === "text") return inline.text;
  return `${inline.text}${citationNote(inline)}`;
}

/** What follows a case number in text: " [근거 확인]", " [⚠ 확인 필요: …]", " [변경된 판례]". */
export function citationNote(c: CitationInline): string {
  const notes: string[] = [];
  if (c.flag) notes.push(`⚠ 확인 필요: ${c.flag}`);
  if (c.verdict) notes.push(markLabel(c.verdict));
  if (c.overruled) notes.push("변경된 판례");
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
