import { XMLParser } from "fast-xml-parser";
import type { Entry } from "yauzl";
import { AppError } from "../errors";
import { badFile } from "./bad-file";
import { BRIEF_MAX_CHARS } from "./limits";
import { type BriefZip, openBriefZip, readEntry } from "./zip-entries";

/**
 * A 한글 HWPX draft's text: the zip's Contents/section*.xml in the order of the package's spine
 * (Contents/content.hpf), else by number; the text of every hp:t, one paragraph (hp:p) per line.
 * Paragraphs inside tables, text boxes and notes are lines of their own, where they stand.
 */
export async function readHwpx(bytes: Uint8Array): Promise<string> {
  const briefZip = await openBriefZip(bytes);
  try {
    const sections = await sectionEntries(briefZip);
    if (sections.length === 0) throw badFile("no Contents/section*.xml");
    const lines: string[] = [];
    let chars = 0;
    for (const entry of sections) {
      const sectionLines = paragraphLines(await readXml(briefZip, entry));
      for (const line of sectionLines) chars += line.length + 1; // its text and the "\n" joining it
      // Stop parsing once the draft is known to be too long: the result would be refused anyway.
      if (chars - 1 > BRIEF_MAX_CHARS) throw new AppError("brief:too_long");
      lines.push(...sectionLines);
    }
    return lines.join("\n");
  } finally {
    briefZip.zip.close();
  }
}

const SECTION = /^Contents\/section(\d+)\.xml$/;

async function sectionEntries(briefZip: BriefZip): Promise<Entry[]> {
  const manifest = briefZip.entries.get("Contents/content.hpf");
  if (manifest) {
    const fromSpine = spineHrefs(await readXml(briefZip, manifest))
      .map((href) => href.replace(/^\.?\//, ""))
      // The hrefs are written from the package root ("Contents/section0.xml"); a relative one is read too.
      .map((href) => briefZip.entries.get(href) ?? briefZip.entries.get(`Contents/${href}`))
      .filter((entry): entry is Entry => entry !== undefined && SECTION.test(entry.fileName));
    if (fromSpine.length > 0) return fromSpine;
  }
  return [...briefZip.entries.values()]
    .filter((entry) => SECTION.test(entry.fileName))
    .sort((a, b) => sectionNumber(a) - sectionNumber(b));
}

function sectionNumber(entry: Entry): number {
  return Number(SECTION.exec(entry.fileName)?.[1] ?? 0);
}

type XmlNode = Record<string, unknown>;

async function readXml(briefZip: BriefZip, entry: Entry): Promise<XmlNode[]> {
  const xml = (await readEntry(briefZip, entry)).toString("utf8");
  // HWPX never declares a DTD; one here could only serve entity expansion (a billion laughs).
  if (/<!DOCTYPE/i.test(xml)) throw badFile(`DOCTYPE in ${entry.fileName}`);
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (cause) {
    throw badFile(`malformed XML in ${entry.fileName}`, cause);
  }
}

// Local names (hp:p → p): the prefix is a convention, the namespace is what counts. Text kept exactly
// as written (no trimming, no number parsing): a run's edge space separates words. Entities are
// decoded below, in one pass: the parser leaves numeric references (&#44032;) as they are.
const parser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
});

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi, (whole, hex, dec, name) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = Number.parseInt(hex ?? dec, hex ? 16 : 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The spine's sections as manifest hrefs, in reading order. */
function spineHrefs(nodes: XmlNode[]): string[] {
  const hrefs = new Map<string, string>();
  const order: string[] = [];
  visit(nodes, (name, attributes) => {
    if (name === "item" && attributes.id && attributes.href) hrefs.set(attributes.id, decodeEntities(attributes.href));
    if (name === "itemref" && attributes.idref) order.push(attributes.idref);
  });
  return order.flatMap((id) => hrefs.get(id) ?? []);
}

function visit(nodes: XmlNode[], onElement: (name: string, attributes: Record<string, string>) => void): void {
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ":@" || key === "#text" || !Array.isArray(value)) continue;
      onElement(key, (node[":@"] as Record<string, string> | undefined) ?? {});
      visit(value as XmlNode[], onElement);
    }
  }
}

/** One line per hp:p; within a paragraph, hp:tab is a tab and hp:lineBreak a line break. */
function paragraphLines(nodes: XmlNode[]): string[] {
  const lines: string[] = [];
  let current = "";
  const walk = (children: XmlNode[], inText: boolean): void => {
    for (const node of children) {
      for (const [key, value] of Object.entries(node)) {
        if (key === ":@") continue;
        if (key === "#text") {
          if (inText) current += decodeEntities(String(value));
          continue;
        }
        if (!Array.isArray(value)) continue;
        if (key === "p") {
          // A paragraph nested in this one (a table cell, a note) ends the text before it.
          if (current) lines.push(current);
          current = "";
          walk(value as XmlNode[], false);
          lines.push(current);
          current = "";
        } else if (key === "t") walk(value as XmlNode[], true);
        else if (inText && key === "tab") current += "\t";
        else if (inText && key === "lineBreak") current += "\n";
        else walk(value as XmlNode[], inText);
      }
    }
  };
  walk(nodes, false);
  if (current) lines.push(current);
  return lines;
}
