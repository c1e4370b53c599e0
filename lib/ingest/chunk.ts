import { createHash } from "node:crypto";
import { normalizeCaseNo } from "./case-number";
import type { Chunk, ParsedDecision } from "./types";

/**
 * Structure-aware chunking (METHOD.md §1): one decision → its sections → chunks. A section is split
 * only when longer than `chunkSize`, recursively on paragraph, line, sentence, then space
 * boundaries, with `chunkOverlap` characters carried between neighbouring chunks.
 */

// Sentence ends in Korean legal prose: "…한다." "…있다." and ordinary "." "?" followed by space.
const SEPARATORS: RegExp[] = [/(?<=\n\n)/, /(?<=\n)/, /(?<=[.?!。])(?=\s)/, /(?<=\s)/];

function splitBy(text: string, level: number): string[] {
  const sep = SEPARATORS[level];
  if (!sep) {
    // No boundary left (one enormous token): cut by characters.
    return text.match(/[\s\S]{1,200}/g) ?? [text];
  }
  return text.split(sep).filter((p) => p.length > 0);
}

function merge(pieces: string[], size: number, overlap: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (length + piece.length > size && current.length > 0) {
      out.push(current.join(""));
      // Carry whole trailing pieces up to `overlap` characters into the next chunk.
      const carried: string[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const p = current[i] ?? "";
        if (carriedLength + p.length > overlap) break;
        carried.unshift(p);
        carriedLength += p.length;
      }
      // An overlap that leaves no room for the next piece would only repeat text: drop it.
      current = carriedLength + piece.length > size ? [] : carried;
      length = current.length > 0 ? carriedLength : 0;
    }
    current.push(piece);
    length += piece.length;
  }
  if (current.length > 0) out.push(current.join(""));
  return out;
}

export function splitText(text: string, size: number, overlap: number, level = 0): string[] {
  if (text.length <= size) return [text];
  const pieces = splitBy(text, level).flatMap((p) => (p.length > size ? splitText(p, size, overlap, level + 1) : [p]));
  return merge(pieces, size, overlap)
    .map((c) => c.trim())
    .filter(Boolean);
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export function chunkId(corpusId: string, caseNo: string, section: string, order: number): string {
  return sha256(`${corpusId}|${normalizeCaseNo(caseNo)}|${section}|${order}`).slice(0, 32);
}

export function chunkDecision(
  decision: ParsedDecision,
  options: { corpusId: string; chunkSize?: number; chunkOverlap?: number },
): Chunk[] {
  const size = options.chunkSize ?? 800;
  const overlap = Math.min(options.chunkOverlap ?? 100, Math.floor(size / 2));
  const { meta } = decision;
  return decision.sections.flatMap((section) =>
    splitText(section.text, size, overlap).map((text, sectionOrder) => ({
      id: chunkId(options.corpusId, meta.caseNo, section.name, sectionOrder),
      corpusId: options.corpusId,
      caseNo: meta.caseNo,
      caseName: meta.caseName,
      court: meta.court,
      courtLevel: meta.courtLevel,
      caseType: meta.caseType,
      decisionDate: meta.decisionDate,
      section: section.name,
      sectionOrder,
      text,
      contentHash: sha256(text),
    })),
  );
}
