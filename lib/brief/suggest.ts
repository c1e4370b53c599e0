import { decisionHref } from "../chat/citation-links";
import { logError } from "../errors";
import { yieldIfBusy } from "../jobs/time-slice";
import { SIMILAR_MAX_CHARS, similarDecisions } from "../search/similar";
import type { VectorStore } from "../store/types";
import { splitCaseNo } from "../text/case-number";
import type { BriefSuggestion } from "./types";

/**
 * 함께 검토할 판례: for each section (or long paragraph) of the draft, the decisions most like it —
 * the 비슷한 판례 engine, keyword search only (the draft is never sent to an embeddings model) —
 * that the draft does not cite, with the key words they share.
 */

/** A paragraph shorter than this joins the next one: a heading or a line says too little alone. */
const MIN_SECTION_CHARS = 300;
/** Sections searched at most (the longest), and decisions suggested for each. */
const MAX_SECTIONS = 12;
const PER_SECTION = 3;

export interface Section {
  index: number;
  start: number;
  text: string;
}

/** The draft cut at blank lines, short paragraphs joined to the next, in order. */
export function draftSections(text: string): Section[] {
  const out: Section[] = [];
  let pending: { start: number; text: string } | undefined;
  let at = 0;
  for (const para of text.split(/\n\s*\n/)) {
    const start = text.indexOf(para, at);
    at = start + para.length;
    if (!para.trim()) continue;
    pending = pending ? { start: pending.start, text: `${pending.text}\n\n${para}` } : { start, text: para };
    if (pending.text.trim().length >= MIN_SECTION_CHARS) {
      out.push({ index: out.length, ...pending });
      pending = undefined;
    }
  }
  if (pending?.text.trim()) {
    const last = out.at(-1);
    if (last && pending.text.trim().length < MIN_SECTION_CHARS) last.text = `${last.text}\n\n${pending.text}`;
    else out.push({ index: out.length, ...pending });
  }
  return out;
}

export async function suggestForSections(
  text: string,
  cited: Set<string>,
  store: VectorStore,
): Promise<BriefSuggestion[]> {
  const sections = draftSections(text)
    .sort((a, b) => b.text.length - a.text.length)
    .slice(0, MAX_SECTIONS)
    .sort((a, b) => a.index - b.index);
  // Every section's hits first; then each decision goes to the section it is most alike (its best
  // rank there), up to PER_SECTION a section — not to whichever section happened to list it first.
  const candidates: { section: Section; rank: number; hit: Awaited<ReturnType<typeof similarDecisions>>[number] }[] =
    [];
  for (const section of sections) {
    const hits = await similarDecisions(section.text.slice(0, SIMILAR_MAX_CHARS), {
      store,
      dense: false,
      limit: 12,
    }).catch((error: unknown) => {
      logError(error);
      return [];
    });
    hits.forEach((hit, rank) => {
      if (!splitCaseNo(hit.caseNo).some((p) => cited.has(p))) candidates.push({ section, rank, hit });
    });
    await yieldIfBusy();
  }
  const out: BriefSuggestion[] = [];
  const suggested = new Set<string>();
  const perSection = new Map<number, number>();
  for (const { section, hit: h } of candidates.sort((a, b) => a.rank - b.rank || b.hit.score - a.hit.score)) {
    const key = `${h.corpusId}\u0001${h.caseNo}`;
    const count = perSection.get(section.index) ?? 0;
    if (suggested.has(key) || count >= PER_SECTION) continue;
    suggested.add(key);
    perSection.set(section.index, count + 1);
    out.push({
      section: section.index,
      sectionStart: section.text.replace(/\s+/g, " ").trim().slice(0, 40),
      caseNo: h.caseNo,
      caseName: h.caseName,
      court: h.court,
      decisionDate: h.decisionDate,
      corpusId: h.corpusId,
      sharedTerms: h.sharedTerms,
      url: decisionHref(h.caseNo, h.corpusId),
    });
  }
  out.sort((a, b) => a.section - b.section);
  return out;
}
