import { createHash } from "node:crypto";
import { normalizeCaseNo } from "../text/case-number";
import { type Chunk, decisionHeading, type ParsedDecision } from "../text/decision";
import { decisionMarks } from "../text/decision-marks";

/**
 * Structure-aware chunking (docs/method.md §1): one decision → its sections → chunks. A section is split
 * only when longer than `chunkSize`, recursively on paragraph, line, sentence, then space
 * boundaries, with about `chunkOverlap` characters carried between neighbouring chunks.
 */

// Coarsest first. Sentence ends in Korean legal prose: "…한다." "…있다." and ordinary "." "?" "!"
// followed by space. The separators stay attached to the piece before them, so no text is lost.
const SEPARATORS: RegExp[] = [/(?<=\n\n)/, /(?<=\n)/, /(?<=[.?!。])(?=\s)/, /(?<=\s)/];

/**
 * Cuts text into pieces no longer than `size`, each on the coarsest boundary that works for it:
 * a paragraph that fits stays whole, one that does not is cut into lines, and so on.
 */
function atoms(text: string, size: number, level = 0): string[] {
  if (text.length <= size) return [text];
  const sep = SEPARATORS[level];
  // No boundary left (one enormous token): cut by characters.
  if (!sep) return text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [text];
  const pieces = text.split(sep).filter((p) => p.length > 0);
  return pieces.flatMap((p) => atoms(p, size, level + 1));
}

/** The longest suffix of `text` of at most `max` characters that starts at a word. */
function wordTail(text: string, max: number): string {
  if (max <= 0) return "";
  const start = text.length - max;
  if (start <= 0) return text;
  const space = text.slice(start).search(/\s/);
  return space < 0 ? "" : text.slice(start + space).trimStart();
}

/** What the next chunk repeats of the previous one: whole trailing pieces, then a word-aligned tail. */
function overlapOf(current: string[], overlap: number): string[] {
  const carried: string[] = [];
  let length = 0;
  for (let i = current.length - 1; i >= 0; i--) {
    const p = current[i] ?? "";
    if (length + p.length > overlap) {
      // Korean legal sentences often run past the overlap on their own; carrying nothing would
      // leave neighbouring chunks without shared context, so carry this one's tail.
      const tail = wordTail(p, overlap - length);
      if (tail.trim()) carried.unshift(tail);
      break;
    }
    carried.unshift(p);
    length += p.length;
  }
  return carried;
}

/** Greedily packs pieces into chunks of at most `size` characters, overlapping neighbours. */
function merge(pieces: string[], size: number, overlap: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let length = 0;
  let fresh = false; // does `current` hold anything beyond the carried overlap?
  for (const piece of pieces) {
    if (length + piece.length > size && fresh) {
      out.push(current.join(""));
      const carried = overlapOf(current, overlap);
      const carriedLength = carried.reduce((n, p) => n + p.length, 0);
      // An overlap that leaves no room for the next piece is dropped rather than cut further.
      current = carriedLength + piece.length > size ? [] : carried;
      length = current.length > 0 ? carriedLength : 0;
    }
    current.push(piece);
    length += piece.length;
    fresh = true;
  }
  if (fresh) out.push(current.join(""));
  return out;
}

/** Splits one section's text into chunks of at most `size` characters (whitespace-trimmed). */
export function splitText(text: string, size: number, overlap: number): string[] {
  if (text.length <= size) return text.trim() ? [text.trim()] : [];
  return merge(atoms(text, size), size, Math.min(overlap, Math.floor(size / 2)))
    .map((c) => c.trim())
    .filter(Boolean);
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Stable chunk id: the same corpus, case, section and position always give the same id. */
export function chunkId(corpusId: string, caseNo: string, section: string, order: number): string {
  return sha256(`${corpusId}|${normalizeCaseNo(caseNo)}|${section}|${order}`).slice(0, 32);
}

/**
 * The ids of a decision's holdings — its first four 판시사항 and 판결요지 chunks — then of the first
 * `reasons` chunks of its 판례내용: what a claim citing the decision should match, read by id so a
 * very large decision's other chunks (tens of thousands) are never read.
 */
export function summaryChunkIds(corpusId: string, caseNo: string, reasons = 0): string[] {
  const orders = (n: number) => Array.from({ length: n }, (_, i) => i);
  return [
    ...orders(4).map((o) => chunkId(corpusId, caseNo, "판시사항", o)),
    ...orders(4).map((o) => chunkId(corpusId, caseNo, "판결요지", o)),
    ...orders(reasons).map((o) => chunkId(corpusId, caseNo, "판례내용", o)),
  ];
}

export function chunkDecision(
  decision: ParsedDecision,
  options: { corpusId: string; chunkSize?: number; chunkOverlap?: number },
): Chunk[] {
  const size = Math.max(1, options.chunkSize ?? 800);
  const overlap = Math.max(0, options.chunkOverlap ?? 100);
  const { meta } = decision;
  const { enBanc, lowerCourt } = decisionMarks(decision);
  return decision.sections.flatMap((section) =>
    splitText(section.text, size, overlap).map((text, sectionOrder) => ({
      id: chunkId(options.corpusId, meta.caseNo, section.name, sectionOrder),
      corpusId: options.corpusId,
      ...decisionHeading(meta),
      section: section.name,
      sectionOrder,
      text,
      contentHash: sha256(text),
      enBanc,
      lowerCourt,
    })),
  );
}
