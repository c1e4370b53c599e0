import { SECTIONS, type SectionName } from "../text/decision";
import type { Range } from "../text/sentences";
import { type Mark, markSections, type PassageRange } from "./segments";
import { supportingSentences } from "./support";

/**
 * What the precedent viewer shows of one archived decision: its sections as marked runs, a
 * table of contents (the sections, and inside 판례내용 the 【주 문】/【이 유】 parts), the cited
 * passages and, in the first of them (the one the link is about), the supporting sentence(s).
 * Only the linked passage and those the answer cited (`used`) are tinted: the other passages the
 * answer was given keep their anchors but stay plain, or on a short decision nearly everything is
 * tinted and the tint says nothing.
 */

export interface ViewPassage {
  id: string;
  section: string;
  text: string;
  /** The answer cited it (tinted); the others the answer was given are plain. */
  used?: boolean;
}

/** The passages tinted: the linked one (the first) and those the answer cited. */
export function tintedIds(passages: ViewPassage[]): Set<string> {
  return new Set(passages.filter((p, i) => p.used || i === 0).map((p) => p.id));
}

export interface TocEntry {
  id: string;
  label: string;
  /** Tinted passages inside it (the linked one and those the answer cited). */
  cited: number;
  level: 1 | 2;
}

export interface SectionView {
  name: SectionName;
  id: string;
  text: string;
  marks: Mark[];
}

export interface DecisionView {
  sections: SectionView[];
  toc: TocEntry[];
  /** The supporting sentence(s) of the linked passage, as text (for "copy with citation"). */
  supportText?: string;
  /** The linked passage was found in the decision. */
  passageFound: boolean;
}

export const sectionId = (name: string) => `section-${name}`;

// 【주 문】, 【이 유】 (spaced or not) at the start of a line of 판례내용: where a lawyer jumps to.
const PART = /^[ \t]*【\s*(주\s*문|이\s*유)\s*】/gm;

// The supporting sentence is looked for in the text around the passage only (the viewer reads just
// that window of a decision stored in parts, decision-page.ts): sentence-splitting a
// whole section costs seconds on a 60 MB decision, and a sentence that overlaps a ~1,000-character
// passage lies within this margin of it (a longer one is cut at the window's edge, still marked).
export const SUPPORT_MARGIN = 8_000;

export function supportsNear(text: string, hint: string, passage: Range): Range[] {
  // The window's edges move to line breaks within a further margin (none in it: a hard edge).
  const rough = Math.max(0, passage.start - SUPPORT_MARGIN);
  const before = text.slice(Math.max(0, rough - SUPPORT_MARGIN), rough).lastIndexOf("\n");
  const from = rough === 0 || before < 0 ? rough : rough - Math.min(rough, SUPPORT_MARGIN) + before + 1;
  const roughEnd = Math.min(text.length, passage.end + SUPPORT_MARGIN);
  const after = text.slice(roughEnd, roughEnd + SUPPORT_MARGIN).indexOf("\n");
  const to = after < 0 ? roughEnd : roughEnd + after;
  const window = text.slice(from, to);
  const local = { start: passage.start - from, end: passage.end - from };
  return supportingSentences(window, hint, local).ranges.map((r) => ({ start: r.start + from, end: r.end + from }));
}

export interface Heading {
  id: string;
  label: string;
  /** Where it starts in 판례내용, and where the next heading starts (or the text ends). */
  at: number;
  end: number;
}

/** The 【주 문】/【이 유】 headings of 판례내용 the table of contents lists; a repeated one: the first. */
export function headingsOf(text: string): Heading[] {
  const found = [...text.matchAll(PART)].map((m) => ({ at: m.index ?? 0, label: (m[1] ?? "").replace(/\s+/g, "") }));
  const seen = new Set<string>();
  return found.flatMap((part, i) => {
    const id = `part-${part.label}`;
    if (seen.has(id)) return [];
    seen.add(id);
    return [{ id, label: part.label, at: part.at, end: found[i + 1]?.at ?? text.length }];
  });
}

export function buildDecisionView(
  record: Record<string, string>,
  passages: ViewPassage[],
  hint?: string,
): DecisionView {
  const sections: SectionView[] = [];
  const toc: TocEntry[] = [];
  let supportText: string | undefined;
  const primaryId = passages[0]?.id;
  const used = tintedIds(passages);
  let passageFound = false;
  for (const name of SECTIONS) {
    const text = record[name];
    if (!text) continue;
    const ranges: PassageRange[] = [];
    for (const p of passages) {
      const start = p.section === name && p.text ? text.indexOf(p.text) : -1;
      if (start >= 0) ranges.push({ id: p.id, start, end: start + p.text.length });
    }
    const primary = ranges.find((r) => r.id === primaryId);
    if (primary) passageFound = true;
    const supports: Range[] = primary && hint ? supportsNear(text, hint, primary) : [];
    if (supports.length) supportText = supports.map((r) => text.slice(r.start, r.end)).join(" ");
    // Each passage's anchor: at its supporting sentence when it has one, else where it starts.
    const anchors = ranges.map((r) => ({
      id: `passage-${r.id}`,
      at: r.id === primaryId && supports[0] ? supports[0].start : r.start,
    }));
    const tinted = ranges.filter((r) => used.has(r.id));
    const id = sectionId(name);
    toc.push({ id, label: name, cited: tinted.length, level: 1 });
    if (name === "판례내용") {
      for (const part of headingsOf(text)) {
        anchors.push({ id: part.id, at: part.at });
        const cited = tinted.filter((r) => r.start >= part.at && r.start < part.end).length;
        toc.push({ id: part.id, label: part.label, cited, level: 2 });
      }
    }
    sections.push({ name, id, text, marks: markSections(text, tinted, supports, anchors) });
  }
  return { sections, toc, supportText, passageFound };
}
