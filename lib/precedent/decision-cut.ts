import { SECTIONS } from "../text/decision";
import { type ReferencedCase, referencedCases } from "../text/referenced-cases";
import { PAGE_CHARS, pageStarts, sectionSpans } from "./pages";
import { type Heading, headingsOf } from "./view";

/**
 * A decision as the viewer cuts it, without its text: where each section and part starts, the
 * headings the table of contents lists, the cases 참조판례 cites. Small whatever the decision's
 * size; with a reader of its text by offsets (`TextReader`) it is all a part of the viewer needs
 * (decision-page.ts). Kept on disk beside the archive for large decisions (decision-parts.ts), so
 * the first open of a 60 MB decision reads this and one part instead of parsing the whole archive.
 */

/** 참조판례 read for chips; a longer list is not a list of citations but something mis-filed. */
const REFERENCES_CHARS = 20_000;
const MAX_REFERENCES = 200;

export interface CutSection {
  name: string;
  /** Offset of its first character in the sections laid end to end, and its length. */
  at: number;
  length: number;
}

export interface DecisionCut {
  /** The record's fields other than its sections (court, caseNo, …). */
  meta: Record<string, string>;
  sections: CutSection[];
  /** Where each part starts (pages.ts); the first is 0. */
  starts: number[];
  total: number;
  /** 【주 문】/【이 유】 in 판례내용 (offsets in that section). */
  headings: Heading[];
  references: ReferencedCase[];
  /**
   * Where each indexed chunk (by id) starts in its section, recorded at import for large decisions:
   * a cited passage's part is found directly instead of searched part by part. Checked before use.
   */
  chunkAt?: Record<string, number>;
}

/**
 * The text of the sections laid end to end, from `from` to `to` (offsets as in DecisionCut). `find`,
 * when the reader has a faster way than reading piece by piece: the offset of the first `needle`
 * that lies wholly within [from, to), or -1.
 */
export type TextReader = ((from: number, to: number) => string) & {
  find?: (needle: string, from: number, to: number) => number;
};

/** The sections of an archived record the viewer shows, in order (what parts are cut from). */
export function viewedSections(record: Record<string, string>): { name: string; text: string }[] {
  return SECTIONS.flatMap((name) => (record[name] ? [{ name, text: record[name] }] : []));
}

export function cutRecord(record: Record<string, string>, pageChars = PAGE_CHARS): DecisionCut {
  const sections = viewedSections(record);
  const names = new Set<string>(SECTIONS);
  const spans = sectionSpans(sections);
  return {
    meta: Object.fromEntries(Object.entries(record).filter(([key]) => !names.has(key))),
    sections: spans.map(({ name, at, length }) => ({ name, at, length })),
    starts: pageStarts(sections, pageChars),
    total: spans.reduce((n, s) => n + s.length, 0),
    headings: headingsOf(record.판례내용 ?? ""),
    references: referencedCases((record.참조판례 ?? "").slice(0, REFERENCES_CHARS)).slice(0, MAX_REFERENCES),
  };
}

/** A reader over sections held in memory (a decision small enough to read whole, or just read). */
export function sectionsReader(sections: { text: string }[]): TextReader {
  const spans = sectionSpans(sections.map((s) => ({ name: "", text: s.text })));
  const read: TextReader = (from, to) => {
    let out = "";
    spans.forEach((span, i) => {
      const end = span.at + span.length;
      if (end <= from || span.at >= to) return;
      out += (sections[i]?.text ?? "").slice(Math.max(from, span.at) - span.at, Math.min(to, end) - span.at);
    });
    return out;
  };
  // Within one section (where passages are looked for), its own text is searched in place.
  read.find = (needle, from, to) => {
    const i = spans.findIndex((span) => span.at <= from && to <= span.at + span.length);
    const span = spans[i];
    if (!span) return -1;
    const at = (sections[i]?.text ?? "").indexOf(needle, from - span.at);
    return at >= 0 && span.at + at + needle.length <= to ? span.at + at : -1;
  };
  return read;
}

/** Offsets of chunks (by id) found by searching, to be added to the cut's `chunkAt` (decision-parts.ts). */
export type LearnedOffsets = Map<string, number>;

/**
 * Where `needle` first occurs in `section` (an offset in it), -1 if nowhere: read part by part,
 * each with the previous one's last characters, so a passage across a cut is found too. A passage
 * that had to be searched for is put in `learned`, so the next open goes to it directly.
 */
export function locate(
  cut: DecisionCut,
  section: CutSection,
  needle: string,
  read: TextReader,
  id?: string,
  learned?: LearnedOffsets,
): number {
  const at = id === undefined ? undefined : cut.chunkAt?.[id];
  // The recorded offset only if its text is the passage's: a stale map falls back to the search.
  if (at !== undefined && at >= 0 && at + needle.length <= section.length) {
    if (read(section.at + at, section.at + at + needle.length) === needle) return at;
  }
  const found = search(cut, section, needle, read);
  if (found >= 0 && id !== undefined) learned?.set(id, found);
  return found;
}

function search(cut: DecisionCut, section: CutSection, needle: string, read: TextReader): number {
  const end = section.at + section.length;
  if (read.find) {
    const at = read.find(needle, section.at, end);
    return at < 0 ? -1 : at - section.at;
  }
  const bounds = [...cut.starts, cut.total];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const partFrom = bounds[i] ?? 0;
    const partTo = bounds[i + 1] ?? cut.total;
    if (partTo <= section.at || partFrom >= end) continue;
    const from = Math.max(section.at, partFrom - (needle.length - 1));
    const found = read(from, Math.min(end, partTo)).indexOf(needle);
    if (found >= 0) return from + found - section.at;
  }
  return -1;
}
