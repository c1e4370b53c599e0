import type { Parent, Root, RootContent, Text } from "mdast";
import type { AnswerPart } from "../rag/citations";

/**
 * How an answer's Markdown is made safe and useful: raw HTML never renders (the renderer has no
 * raw-HTML plugin), links lead only to our own pages, and every case number in the text becomes a
 * citation — a link to its passage when the retrieved precedents hold it, a flag when they do not.
 */

/** Where a citation leads: the decision, with the passage the answer used highlighted. */
export function precedentHref(caseNo: string, corpusId: string, chunkIds: string[]): string {
  const params = new URLSearchParams({ corpus: corpusId, hl: chunkIds.join(",") });
  return `/precedents/${encodeURIComponent(caseNo)}?${params}#passage-${chunkIds[0] ?? ""}`;
}

const ORIGIN = "https://answer.invalid";

/**
 * A link target the answer may keep: a path of this app ("/precedents/…"). Anything else — other
 * sites, `javascript:`, protocol-relative "//host", mail — is dropped (the text stays, unlinked).
 */
export function internalHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//") || trimmed.startsWith("/\\")) return undefined;
  try {
    const parsed = new URL(trimmed, ORIGIN);
    if (parsed.origin !== ORIGIN) return undefined;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return undefined;
  }
}

/** What a citation becomes in the rendered tree: a `span` carrying these attributes. */
export const CITATION_ATTR = "data-citation";

// Text inside these stays as written: a link's own text, code.
const LEAVE_ALONE = new Set(["link", "linkReference", "inlineCode", "code", "html", "definition", "image"]);

function citationNode(part: Extract<AnswerPart, { type: "citation" }>): Text {
  const hProperties: Record<string, string> = part.valid
    ? { dataCitation: "valid", dataChunkId: part.chunkId, dataCaseNo: part.caseNo }
    : { dataCitation: "unverified", dataCaseNo: part.caseNo };
  // mdast-util-to-hast turns a node with `hName` into that element with these properties.
  return { type: "text", value: part.text, data: { hName: "span", hProperties } as Text["data"] };
}

function splitText(node: Text, find: (text: string) => AnswerPart[]): RootContent[] {
  const parts = find(node.value);
  if (!parts.some((p) => p.type === "citation")) return [node];
  return parts.map((p) => (p.type === "text" ? { type: "text", value: p.text } : citationNode(p)));
}

function walk(node: Parent, find: (text: string) => AnswerPart[]): void {
  const next: RootContent[] = [];
  for (const child of node.children) {
    if (child.type === "text") next.push(...splitText(child, find));
    else {
      if (!LEAVE_ALONE.has(child.type) && "children" in child) walk(child, find);
      next.push(child);
    }
  }
  (node as { children: RootContent[] }).children = next;
}

/** A remark plugin: case numbers in the text become citation spans, decided by `find`. */
export function remarkCitations(find?: (text: string) => AnswerPart[]) {
  return () => (tree: Root) => {
    if (find) walk(tree, find);
  };
}
