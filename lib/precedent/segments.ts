import type { Range } from "../text/sentences";

/**
 * A section's text cut into runs for the viewer: plain text, a cited passage (shown lightly), a
 * supporting sentence (shown strongly), and anchors (the targets of #passage-… and the table of
 * contents) placed exactly where they point.
 */

export interface Mark {
  text: string;
  /** Offset in the section text (a stable key). */
  start: number;
  /** Inside a cited passage: the first passage covering it. */
  chunkId?: string;
  /** Inside a supporting sentence. */
  support?: boolean;
  /** Element ids to place just before this run. */
  anchors?: string[];
}

export interface PassageRange extends Range {
  id: string;
}

export function markSections(
  text: string,
  passages: PassageRange[],
  supports: Range[],
  anchors: { at: number; id: string }[] = [],
): Mark[] {
  const clamp = (n: number) => Math.max(0, Math.min(text.length, n));
  const cuts = new Set<number>([0, text.length]);
  for (const r of [...passages, ...supports]) {
    cuts.add(clamp(r.start));
    cuts.add(clamp(r.end));
  }
  for (const a of anchors) cuts.add(clamp(a.at));
  const points = [...cuts].sort((a, b) => a - b);
  const sorted = [...passages].sort((a, b) => a.start - b.start);
  const out: Mark[] = [];
  for (let i = 0; i < points.length; i++) {
    const start = points[i] ?? 0;
    const end = points[i + 1] ?? text.length;
    const here = anchors.filter((a) => clamp(a.at) === start).map((a) => a.id);
    if (end <= start && here.length === 0) continue;
    const chunkId = sorted.find((p) => p.start <= start && start < p.end)?.id;
    const support = supports.some((r) => r.start <= start && start < r.end) || undefined;
    const last = out.at(-1);
    if (last && here.length === 0 && last.chunkId === chunkId && last.support === support) {
      last.text += text.slice(start, end);
      continue;
    }
    out.push({
      text: text.slice(start, end),
      start,
      ...(chunkId ? { chunkId } : {}),
      ...(support ? { support } : {}),
      ...(here.length ? { anchors: here } : {}),
    });
  }
  return out;
}
