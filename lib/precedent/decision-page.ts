import type { ReferencedCase } from "../text/referenced-cases";
import type { Range } from "../text/sentences";
import {
  type CutSection,
  cutRecord,
  type DecisionCut,
  type LearnedOffsets,
  locate,
  sectionsReader,
  type TextReader,
  viewedSections,
} from "./decision-cut";
import { PAGE_CHARS, pageAt } from "./pages";
import { type Mark, markSections, type PassageRange } from "./segments";
import { SUPPORT_MARGIN, sectionId, supportsNear, type TocEntry, tintedIds, type ViewPassage } from "./view";

export { viewedSections };

/**
 * One part of a decision as the viewer shows it (pages.ts cuts the parts): the sections or pieces
 * of sections in it, with their marks; the table of contents of the whole decision, each entry
 * with the part it is in; where the linked passage is. Everything in it is bounded whatever the
 * decision's size, so a response built from it stays under the viewer's HTML cap. It is built from
 * the decision's cut (decision-cut.ts) and the text it reads: this part, the sections holding the
 * cited passages until they are found, and the text around the linked one (its supporting
 * sentence) — never the rest, so a decision stored in parts (decision-parts.ts) is read that far.
 */

export interface PageSection {
  name: string;
  /** The section's anchor id, present on the part where the section starts. */
  id?: string;
  /** The section began in an earlier part. */
  continued: boolean;
  marks: Mark[];
}

export interface PagedTocEntry extends TocEntry {
  page: number;
}

export interface DecisionPage {
  /** This part (1-based) and how many there are. */
  page: number;
  pageCount: number;
  /** Characters before this part's end, where it starts, and in the whole decision. */
  from: number;
  to: number;
  total: number;
  sections: PageSection[];
  toc: PagedTocEntry[];
  supportText?: string;
  passageFound: boolean;
  /** The part holding the linked passage's target (#passage-…), when it was found. */
  passagePage?: number;
  /** The part holding each found passage's target, by passage id. */
  passagePages: Record<string, number>;
  /** The cases 참조판례 cites, on the part where that section starts. */
  references: ReferencedCase[];
}

/** Kept for the callout and "copy with citation"; a longer "sentence" is a run-on of a broken file. */
const SUPPORT_TEXT_CHARS = 2_000;

export interface PageRequest {
  passages: ViewPassage[];
  hint?: string;
  /** The part asked for; absent: the one with the linked passage, else the first. */
  page?: number;
  pageChars?: number;
}

/** One part of a decision held whole in memory. */
export function decisionPage(record: Record<string, string>, request: PageRequest, cut?: DecisionCut): DecisionPage {
  return pageOfCut(
    cut ?? cutRecord(record, request.pageChars ?? PAGE_CHARS),
    request,
    sectionsReader(viewedSections(record)),
  );
}

interface Found {
  /** Each section's passages (offsets in it), in the request's order. */
  ranges: Map<string, PassageRange[]>;
  /** Of those, the ones tinted: the linked passage and those the answer cited (view.ts). */
  tinted: Map<string, PassageRange[]>;
  supports: Range[];
  supportSection?: string;
  supportText?: string;
  passageFound: boolean;
  /** Element id → offset in the sections laid end to end. */
  anchorAt: Map<string, number>;
  /** Each section's anchors (offsets in it), in the order the whole-text view placed them. */
  anchors: Map<string, { id: string; at: number }[]>;
}

/** The passages, the linked one's supporting sentence, and every anchor; reads no more than that. */
function findPassages(cut: DecisionCut, request: PageRequest, read: TextReader, learned?: LearnedOffsets): Found {
  const found: Found = {
    ranges: new Map(),
    tinted: new Map(),
    supports: [],
    passageFound: false,
    anchorAt: new Map(),
    anchors: new Map(),
  };
  const primaryId = request.passages[0]?.id;
  const used = tintedIds(request.passages);
  for (const section of cut.sections) {
    const ranges: PassageRange[] = [];
    for (const p of request.passages) {
      const start = p.section === section.name && p.text ? locate(cut, section, p.text, read, p.id, learned) : -1;
      if (start >= 0) ranges.push({ id: p.id, start, end: start + p.text.length });
    }
    const primary = ranges.find((r) => r.id === primaryId);
    if (primary) found.passageFound = true;
    if (primary && request.hint) supportAround(section, primary, request.hint, read, found);
    const supports = found.supportSection === section.name ? found.supports : [];
    const anchors = ranges.map((r) => ({
      id: `passage-${r.id}`,
      at: r.id === primaryId && supports[0] ? supports[0].start : r.start,
    }));
    if (section.name === "판례내용") for (const h of cut.headings) anchors.push({ id: h.id, at: h.at });
    found.ranges.set(section.name, ranges);
    found.tinted.set(
      section.name,
      ranges.filter((r) => used.has(r.id)),
    );
    found.anchors.set(section.name, anchors);
    found.anchorAt.set(sectionId(section.name), section.at);
    for (const a of anchors) found.anchorAt.set(a.id, section.at + a.at);
  }
  return found;
}

/** The supporting sentence(s) of the linked passage, from the text around it only. */
function supportAround(section: CutSection, primary: Range, hint: string, read: TextReader, found: Found): void {
  // Twice the margin each side: all supportsNear() looks at (it widens its window to line breaks).
  const from = Math.max(0, primary.start - 2 * SUPPORT_MARGIN);
  const to = Math.min(section.length, primary.end + 2 * SUPPORT_MARGIN);
  const window = read(section.at + from, section.at + to);
  const local = { start: primary.start - from, end: primary.end - from };
  const supports = supportsNear(window, hint, local);
  if (supports.length === 0) return;
  found.supportSection = section.name;
  found.supports = supports.map((r) => ({ start: r.start + from, end: r.end + from }));
  found.supportText = supports.map((r) => window.slice(r.start, r.end)).join(" ");
}

/**
 * One part from the decision's cut and a reader of its text. `learned` receives the offsets of
 * passages that had to be searched for (the cut had none for them).
 */
export function pageOfCut(
  cut: DecisionCut,
  request: PageRequest,
  read: TextReader,
  learned?: LearnedOffsets,
): DecisionPage {
  const found = findPassages(cut, request, read, learned);
  const { starts, total } = cut;
  const primaryId = request.passages[0]?.id;
  const primary = primaryId === undefined ? undefined : found.anchorAt.get(`passage-${primaryId}`);
  const passagePage = found.passageFound && primary !== undefined ? pageAt(starts, primary) : undefined;
  const page = Math.min(Math.max(1, request.page ?? passagePage ?? 1), starts.length);
  const from = starts[page - 1] ?? 0;
  const to = starts[page] ?? total;
  const text = read(from, to);

  const sections: PageSection[] = [];
  for (const section of cut.sections) {
    const end = section.at + section.length;
    if (end <= from || section.at >= to) continue;
    const local = { from: Math.max(from, section.at) - section.at, to: Math.min(to, end) - section.at };
    const slice = text.slice(section.at + local.from - from, section.at + local.to - from);
    const shift = <T extends Range>(r: T): T => ({ ...r, start: r.start - local.from, end: r.end - local.from });
    const supports = found.supportSection === section.name ? found.supports.map(shift) : [];
    // Only the anchors in this piece: one that is elsewhere is placed on its own part.
    const anchors = (found.anchors.get(section.name) ?? [])
      .filter((a) => a.at >= local.from && a.at < local.to)
      .map((a) => ({ id: a.id, at: a.at - local.from }));
    const marks = markSections(slice, (found.tinted.get(section.name) ?? []).map(shift), supports, anchors);
    sections.push({
      name: section.name,
      ...(local.from === 0 ? { id: sectionId(section.name) } : {}),
      continued: local.from > 0,
      marks: marks.map((m): Mark => ({ ...m, start: m.start + local.from })),
    });
  }
  const toc: PagedTocEntry[] = [];
  for (const section of cut.sections) {
    const ranges = found.tinted.get(section.name) ?? [];
    const id = sectionId(section.name);
    toc.push({ id, label: section.name, cited: ranges.length, level: 1, page: pageAt(starts, section.at) });
    if (section.name !== "판례내용") continue;
    for (const h of cut.headings) {
      const cited = ranges.filter((r) => r.start >= h.at && r.start < h.end).length;
      toc.push({ id: h.id, label: h.label, cited, level: 2, page: pageAt(starts, section.at + h.at) });
    }
  }
  const referencesHere = sections.some((s) => s.name === "참조판례" && !s.continued);
  const supportText =
    found.supportText && found.supportText.length > SUPPORT_TEXT_CHARS
      ? `${found.supportText.slice(0, SUPPORT_TEXT_CHARS)}…`
      : found.supportText;
  return {
    page,
    pageCount: starts.length,
    from,
    to,
    total,
    sections,
    toc,
    ...(supportText ? { supportText } : {}),
    passageFound: found.passageFound,
    ...(passagePage ? { passagePage } : {}),
    passagePages: Object.fromEntries(
      request.passages.flatMap((p) => {
        const at = found.anchorAt.get(`passage-${p.id}`);
        return at === undefined ? [] : [[p.id, pageAt(starts, at)]];
      }),
    ),
    references: referencesHere ? cut.references : [],
  };
}
