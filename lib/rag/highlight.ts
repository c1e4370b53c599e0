import { CASE_NO_PATTERN } from "../ingest/case-number";

export interface Segment {
  text: string;
  /** Offset in the section text (a stable key). */
  start: number;
  /** Set on a highlighted passage: the chunk it came from. */
  chunkId?: string;
}

/**
 * Splits a section's text around the passages (chunks) to highlight. Chunks are slices of the
 * section (trimmed), so each is found verbatim; overlapping passages merge into one highlight.
 */
export function highlightSegments(text: string, passages: { id: string; text: string }[]): Segment[] {
  const ranges = passages
    .map((p) => ({ id: p.id, start: text.indexOf(p.text), length: p.text.length }))
    .filter((r) => r.start >= 0 && r.length > 0)
    .sort((a, b) => a.start - b.start);
  const merged: { id: string; start: number; end: number }[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.start + r.length);
    else merged.push({ id: r.id, start: r.start, end: r.start + r.length });
  }
  const out: Segment[] = [];
  let at = 0;
  for (const r of merged) {
    if (r.start > at) out.push({ text: text.slice(at, r.start), start: at });
    out.push({ text: text.slice(r.start, r.end), start: r.start, chunkId: r.id });
    at = r.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), start: at });
  return out;
}

/** Case numbers cited in a 참조판례 list, in order, without repeats. */
export function referencedCaseNumbers(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(new RegExp(CASE_NO_PATTERN.source, "g"))) seen.add(`${m[1]}${m[2]}${m[3]}`);
  return [...seen];
}
