/**
 * The little Markdown an answer uses (headings, lists, bold, quotes), read line by line into
 * blocks for the DOCX export, the print sheet and the copied text. Not a Markdown renderer: what
 * it does not know stays as text, and nothing in it is HTML.
 */

export interface Run {
  text: string;
  bold?: boolean;
}

export interface Block {
  kind: "heading" | "bullet" | "ordered" | "quote" | "paragraph";
  /** Its line in the source (a stable key). */
  line: number;
  /** Heading level (1–3) or list depth (0–). */
  level: number;
  /** An ordered item's number as written ("1."). */
  marker?: string;
  runs: Run[];
}

/** "**a** b" → [{a, bold}, {" b"}]; links keep their text, inline code its content. */
export function inlineRuns(text: string): Run[] {
  const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`([^`]*)`/g, "$1");
  const runs: Run[] = [];
  let last = 0;
  for (const m of plain.matchAll(/\*\*([^*]+)\*\*|__([^_]+)__/g)) {
    if ((m.index ?? 0) > last) runs.push({ text: plain.slice(last, m.index) });
    runs.push({ text: m[1] ?? m[2] ?? "", bold: true });
    last = (m.index ?? 0) + m[0].length;
  }
  if (last < plain.length) runs.push({ text: plain.slice(last) });
  return runs.filter((r) => r.text.length > 0);
}

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const [line, raw] of markdown.replace(/\r\n?/g, "\n").split("\n").entries()) {
    if (!raw.trim() || /^\s*(?:---+|\*\*\*+)\s*$/.test(raw)) continue;
    const depth = Math.floor((/^\s*/.exec(raw)?.[0].length ?? 0) / 2);
    const content = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(content);
    const bullet = /^[-*+•]\s+(.*)$/.exec(content);
    const ordered = /^(\d{1,3}[.)])\s+(.*)$/.exec(content);
    const quote = /^>\s?(.*)$/.exec(content);
    if (heading) {
      blocks.push({
        kind: "heading",
        line,
        level: Math.min(3, heading[1]?.length ?? 1),
        runs: inlineRuns(heading[2] ?? ""),
      });
    } else if (bullet) blocks.push({ kind: "bullet", line, level: depth, runs: inlineRuns(bullet[1] ?? "") });
    else if (ordered) {
      blocks.push({ kind: "ordered", line, level: depth, marker: ordered[1], runs: inlineRuns(ordered[2] ?? "") });
    } else if (quote) blocks.push({ kind: "quote", line, level: 0, runs: inlineRuns(quote[1] ?? "") });
    else blocks.push({ kind: "paragraph", line, level: 0, runs: inlineRuns(content) });
  }
  return blocks;
}

/** A block as plain text, the way it reads pasted into a document ("• 항목", "1. 항목"). */
export function blockText(block: Block): string {
  const text = block.runs.map((r) => r.text).join("");
  const indent = "  ".repeat(block.level);
  if (block.kind === "bullet") return `${indent}• ${text}`;
  if (block.kind === "ordered") return `${indent}${block.marker} ${text}`;
  if (block.kind === "quote") return `“${text}”`;
  return text;
}
