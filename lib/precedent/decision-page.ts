import { SECTIONS } from "../text/decision";
import { type ReferencedCase, referencedCases } from "../text/referenced-cases";
import { clipMarks, PAGE_CHARS, pageAt, pageStarts, sectionSpans } from "./pages";
import type { Mark } from "./segments";
import { buildDecisionView, type TocEntry, type ViewPassage } from "./view";

/**
 * One part of a decision as the viewer shows it (pages.ts cuts the parts): the sections or pieces
 * of sections in it, with their marks; the table of contents of the whole decision, each entry
 * with the part it is in; where the linked passage is. Everything in it is bounded whatever the
 * decision's size, so a response built from it stays under the viewer's HTML cap.
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
/** 참조판례 read for chips; a longer list is not a list of citations but something mis-filed. */
const REFERENCES_CHARS = 20_000;
const MAX_REFERENCES = 200;

export interface PageRequest {
  passages: ViewPassage[];
  hint?: string;
  /** The part asked for; absent: the one with the linked passage, else the first. */
  page?: number;
  pageChars?: number;
}

export function decisionPage(record: Record<string, string>, request: PageRequest, starts?: number[]): DecisionPage {
  const view = buildDecisionView(record, request.passages, request.hint);
  const spans = sectionSpans(view.sections);
  const cuts = starts ?? pageStarts(view.sections, request.pageChars ?? PAGE_CHARS);
  const total = spans.reduce((n, s) => n + s.length, 0);
  // Where every anchor is, in the sections laid end to end.
  const anchorAt = new Map<string, number>();
  view.sections.forEach((section, i) => {
    const at = spans[i]?.at ?? 0;
    anchorAt.set(section.id, at);
    for (const m of section.marks) for (const id of m.anchors ?? []) anchorAt.set(id, at + m.start);
  });
  const primary = request.passages[0] && anchorAt.get(`passage-${request.passages[0].id}`);
  const passagePage = view.passageFound && primary !== undefined ? pageAt(cuts, primary) : undefined;
  const page = Math.min(Math.max(1, request.page ?? passagePage ?? 1), cuts.length);
  const from = cuts[page - 1] ?? 0;
  const to = cuts[page] ?? total;

  const sections: PageSection[] = [];
  view.sections.forEach((section, i) => {
    const at = spans[i]?.at ?? 0;
    const end = at + section.text.length;
    if (end <= from || at >= to) return;
    const local = { from: Math.max(from, at) - at, to: Math.min(to, end) - at };
    sections.push({
      name: section.name,
      ...(local.from === 0 ? { id: section.id } : {}),
      continued: local.from > 0,
      marks: clipMarks(section.marks, local.from, local.to),
    });
  });
  const referencesHere = sections.some((s) => s.name === "참조판례" && !s.continued);
  const supportText =
    view.supportText && view.supportText.length > SUPPORT_TEXT_CHARS
      ? `${view.supportText.slice(0, SUPPORT_TEXT_CHARS)}…`
      : view.supportText;
  return {
    page,
    pageCount: cuts.length,
    from,
    to,
    total,
    sections,
    toc: view.toc.map((entry) => ({ ...entry, page: pageAt(cuts, anchorAt.get(entry.id) ?? 0) })),
    ...(supportText ? { supportText } : {}),
    passageFound: view.passageFound,
    ...(passagePage ? { passagePage } : {}),
    passagePages: Object.fromEntries(
      request.passages.flatMap((p) => {
        const at = anchorAt.get(`passage-${p.id}`);
        return at === undefined ? [] : [[p.id, pageAt(cuts, at)]];
      }),
    ),
    references: referencesHere
      ? referencedCases((record.참조판례 ?? "").slice(0, REFERENCES_CHARS)).slice(0, MAX_REFERENCES)
      : [],
  };
}

/** The sections of an archived record the viewer shows, in order (what pages are cut from). */
export function viewedSections(record: Record<string, string>): { name: string; text: string }[] {
  return SECTIONS.flatMap((name) => (record[name] ? [{ name, text: record[name] }] : []));
}
