import { normalizeFindQuery } from "@/lib/precedent/find-parts";

/**
 * Find-in-decision over the rendered text. Korean legal writing spaces words inconsistently
 * ("손해배상책임" / "손해배상 책임", "소유권이전등기" / "소유권 이전등기"), so whitespace is ignored on both sides:
 * every non-space character of the text is indexed with the DOM position it came from, and a
 * match becomes a DOM Range that may span several elements (a highlight boundary, a line break).
 */

const MAX_MATCHES = 2000;

export function findRanges(root: Element, query: string): Range[] {
  // The same rule as the server's count over every part (lib/precedent/find-parts.ts).
  const needle = normalizeFindQuery(query);
  if (!needle) return [];
  const nodes: Text[] = [];
  const offsets: number[] = [];
  let flat = "";
  // Chips and buttons repeat what the text says: only the decision's own words are searched.
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest("[data-find-skip]") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? "";
      if (/\s/.test(ch)) continue;
      flat += ch.toLowerCase();
      nodes.push(node);
      offsets.push(i);
    }
  }
  const ranges: Range[] = [];
  for (
    let at = flat.indexOf(needle);
    at >= 0 && ranges.length < MAX_MATCHES;
    at = flat.indexOf(needle, at + needle.length)
  ) {
    const last = at + needle.length - 1;
    const range = root.ownerDocument.createRange();
    range.setStart(nodes[at] as Text, offsets[at] ?? 0);
    range.setEnd(nodes[last] as Text, (offsets[last] ?? 0) + 1);
    ranges.push(range);
  }
  return ranges;
}

function scrollParent(element: Element | null): Element | null {
  for (let el = element; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

/** Brings a match to the upper third of whatever scrolls it (the window or a scrolling panel). */
export function scrollRangeIntoView(range: Range): void {
  const rect = range.getBoundingClientRect();
  const container = scrollParent(range.startContainer.parentElement);
  if (container) {
    const box = container.getBoundingClientRect();
    container.scrollBy({ top: rect.top - box.top - box.height / 3 });
  } else {
    window.scrollBy({ top: rect.top - window.innerHeight / 3 });
  }
}
