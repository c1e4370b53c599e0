import type { Parent, Root, RootContent, Text } from "mdast";
import { type AnswerPart, type CitationPart, citationStatus } from "../rag/citations";
import { runsOfMarks, type StatuteRefLink, statuteRefParts } from "../statutes/ref-parts";

/**
 * How an answer's Markdown is made safe and useful: raw HTML never renders (the renderer has no
 * raw-HTML plugin), links lead only to our own pages, and every case number in the text becomes a
 * citation — a link to its passage when the retrieved precedents hold it, a flag when they do not.
 * A statute reference of an imported statute ("민법 제750조") is marked too, for a link to its article.
 */

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

function citationNode(part: CitationPart, offset: number | undefined): Text {
  const status = citationStatus(part);
  const hProperties: Record<string, string> = { dataCitation: STATUS_ATTR[status], dataCaseNo: part.caseNo };
  if (part.valid) hProperties.dataChunkId = part.chunkId;
  else if (part.found) {
    hProperties.dataCorpusId = part.found.corpusId;
    hProperties.dataFoundCaseNo = part.found.caseNo;
  } else if (part.checked) hProperties.dataChecked = "true";
  if (part.mismatch) hProperties.dataMismatch = part.mismatch;
  // Where the number stands in the answer's source: the stored citation (and its link) at that place.
  if (offset !== undefined) hProperties.dataOffset = String(offset);
  // mdast-util-to-hast turns a node with `hName` into that element with these properties.
  return { type: "text", value: part.text, data: { hName: "span", hProperties } as Text["data"] };
}

/** The `data-citation` value of each status (the chat's and the exports' renderers read it). */
export const STATUS_ATTR = { evidence: "valid", corpus: "outside", unknown: "unverified" } as const;

type Find = (text: string) => AnswerPart[];

function splitText(node: Text, find: Find, source: string): RootContent[] {
  const parts = find(node.value);
  if (!parts.some((p) => p.type === "citation")) return [node];
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  // A text node's value is its source unless escapes or entities were resolved: then look the
  // number up inside the node's source instead.
  const verbatim = start !== undefined && source.slice(start, end) === node.value;
  let at = 0;
  let searchFrom = start ?? 0;
  return parts.map((p) => {
    const here = at;
    at += p.text.length;
    if (p.type === "text") return { type: "text", value: p.text };
    let offset: number | undefined;
    if (verbatim && start !== undefined) offset = start + here;
    else if (start !== undefined) {
      const found = source.indexOf(p.text, searchFrom);
      if (found >= 0 && (end === undefined || found < end)) offset = found;
    }
    if (offset !== undefined) searchFrom = offset + p.text.length;
    return citationNode(p, offset);
  });
}

function walk(node: Parent, split: (text: Text) => RootContent[]): void {
  const next: RootContent[] = [];
  for (const child of node.children) {
    if (child.type === "text") next.push(...split(child));
    else {
      if (!LEAVE_ALONE.has(child.type) && "children" in child) walk(child, split);
      next.push(child);
    }
  }
  (node as { children: RootContent[] }).children = next;
}

/** A remark plugin: case numbers in the text become citation spans, decided by `find`. */
export function remarkCitations(find?: Find) {
  return () => (tree: Root, file: { value?: unknown }) => {
    const source = String(file.value ?? "");
    if (find) walk(tree, (node) => splitText(node, find, source));
  };
}

/** What a statute reference becomes in the rendered tree: a `span` carrying these attributes. */
export const STATUTE_ATTR = "data-statute";

function statuteNode(p: StatuteRefLink): Text {
  const hProperties: Record<string, string> = { dataStatute: p.law, dataArticle: p.article };
  if (p.former) hProperties.dataFormer = "true";
  return { type: "text", value: p.text, data: { hName: "span", hProperties } as Text["data"] };
}

/**
 * A run of sibling text nodes, read as one text: the citation pass cut "민법 제750조(76므41), 같은 법
 * 제756조" into three nodes, and "같은 법" needs the statute named before it. A citation span stays
 * the node it was; a node with no reference too (its place in the source kept).
 */
function splitStatuteRun(nodes: Text[], laws: ReadonlySet<string>): RootContent[] {
  const parts = statuteRefParts(nodes.map((n) => n.value).join(""), laws, { running: true });
  if (!parts.some((p) => p.kind === "ref")) return nodes;
  const runs = runsOfMarks(
    nodes.map((n) => ({ text: n.value })),
    parts,
    statuteNode,
  );
  return nodes.flatMap((node, i): RootContent[] => {
    const run = runs[i] ?? [];
    if ((node.data && "hName" in node.data) || run.every((x) => typeof x === "string")) return [node];
    return run.flatMap((x): Text[] => (typeof x !== "string" ? [x] : x ? [{ type: "text", value: x }] : []));
  });
}

function walkStatutes(node: Parent, laws: ReadonlySet<string>): void {
  const next: RootContent[] = [];
  let run: Text[] = [];
  const flush = () => {
    if (run.length > 0) next.push(...splitStatuteRun(run, laws));
    run = [];
  };
  for (const child of node.children) {
    if (child.type === "text") run.push(child);
    else {
      flush();
      if (!LEAVE_ALONE.has(child.type) && "children" in child) walkStatutes(child, laws);
      next.push(child);
    }
  }
  flush();
  (node as { children: RootContent[] }).children = next;
}

/**
 * A remark plugin, run after remarkCitations: references to the imported statutes (`laws`) become
 * statute spans (law in `data-statute`, article in `data-article`). A statute not imported, or an
 * article with no statute named ("제3조"), stays text: its page would not exist.
 */
export function remarkStatutes(laws?: readonly string[]) {
  const imported = new Set(laws ?? []);
  return () => (tree: Root) => {
    if (imported.size > 0) walkStatutes(tree, imported);
  };
}

/** Where each stored citation part starts in the answer (offset → index into `parts`). */
export function partOffsets(parts: AnswerPart[]): Map<number, number> {
  const out = new Map<number, number>();
  let offset = 0;
  for (const [i, part] of parts.entries()) {
    if (part.type === "citation") out.set(offset, i);
    offset += part.text.length;
  }
  return out;
}
