import type { Mark } from "./segments";

/**
 * A decision cut into parts ("부분") for the viewer. The sections are laid end to end and cut every
 * PAGE_CHARS characters or a little before, at a section's start or a line break, so one response
 * carries a bounded amount of text whatever the decision's size: a 60 MB decision (allowed by
 * DECISION_MAX_MB) would be ~130 MB of HTML rendered whole, and freeze the server while it renders.
 * Almost every decision is one part; then nothing about the viewer changes.
 */

/** Characters of decision text in one part (~240 KB of UTF-8 Korean; the HTML carries it twice). */
export const PAGE_CHARS = 80_000;
/** The most HTML one viewer response may hold (the part's text twice, the page around it, marks). */
export const VIEWER_HTML_CAP_BYTES = 1_048_576;
// A cut looks back this far for a section start or a line break before cutting mid-line.
const LOOK_BACK = PAGE_CHARS / 4;

export interface SectionSpan {
  name: string;
  /** Offset of the section's first character in the sections laid end to end. */
  at: number;
  length: number;
}

export function sectionSpans(sections: { name: string; text: string }[]): SectionSpan[] {
  let at = 0;
  return sections.map((s) => {
    const span = { name: s.name, at, length: s.text.length };
    at += s.text.length;
    return span;
  });
}

/** Where each part starts (offsets in the sections laid end to end); the first is 0. */
export function pageStarts(sections: { name: string; text: string }[], pageChars = PAGE_CHARS): number[] {
  const spans = sectionSpans(sections);
  const total = spans.reduce((n, s) => n + s.length, 0);
  const starts = [0];
  const lookBack = Math.min(LOOK_BACK, Math.floor(pageChars / 4));
  for (let from = 0; from + pageChars < total; ) {
    const limit = from + pageChars;
    from = cutBefore(sections, spans, limit, Math.max(from + 1, limit - lookBack));
    starts.push(from);
  }
  return starts;
}

/** The best place to cut in (low, limit]: a section's start, else after a line break, else a space. */
function cutBefore(sections: { text: string }[], spans: SectionSpan[], limit: number, low: number): number {
  const sectionStart = spans.findLast((s) => s.at > low && s.at <= limit);
  if (sectionStart) return sectionStart.at;
  const i = spans.findLastIndex((s) => s.at < limit);
  const span = spans[i];
  const text = sections[i]?.text ?? "";
  if (!span) return limit;
  const from = Math.max(low, span.at) - span.at;
  const window = text.slice(from, limit - span.at);
  for (const breakAt of [window.lastIndexOf("\n"), window.search(/\s\S*$/)]) {
    if (breakAt >= 0) return span.at + from + breakAt + 1;
  }
  // No break at all: a hard cut, never between the halves of a surrogate pair.
  const code = text.charCodeAt(limit - span.at - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** The part (1-based) holding the offset. */
export function pageAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The runs of `marks` (one section's) inside [from, to) of its text, cut at the edges. */
export function clipMarks(marks: Mark[], from: number, to: number): Mark[] {
  const out: Mark[] = [];
  for (const m of marks) {
    const end = m.start + m.text.length;
    if (m.start >= to) break;
    // A run that began in an earlier part continues here without its anchors (they are there).
    const startsHere = m.start >= from;
    if (!startsHere && end <= from) continue;
    const start = Math.max(m.start, from);
    const { anchors, ...rest } = m;
    out.push({
      ...rest,
      start,
      text: m.text.slice(start - m.start, Math.min(end, to) - m.start),
      ...(anchors && startsHere ? { anchors } : {}),
    });
  }
  return out;
}
