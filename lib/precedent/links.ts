import type { AnswerRecord } from "../chat/types";
import { caseNumbersMatch } from "../ingest/case-number";
import type { Chunk } from "../ingest/types";
import { splitSentences } from "./sentences";
import { bestPassage } from "./support";

/**
 * Links into the precedent viewer. A citation link carries the passages of that decision the
 * answer drew on (its own best passage first: the page scrolls there), the answer's sentence that
 * cited it (`s`: the viewer marks the passage's sentence(s) that support it) and the chat it came
 * from (`from`: "back to the answer").
 */

export interface PrecedentLinkOptions {
  /** What the passage is expected to support: the citing sentence of the answer, or the question. */
  hint?: string;
  /** The chat the link is followed from. */
  chatId?: string;
}

/** Long enough for a citing sentence; a URL stays well under any limit (≈ 9 bytes a syllable). */
export const HINT_MAX = 240;

export function precedentHref(
  caseNo: string,
  corpusId: string,
  chunkIds: string[],
  options: PrecedentLinkOptions = {},
): string {
  const params = new URLSearchParams({ corpus: corpusId, hl: chunkIds.join(",") });
  const hint = options.hint?.replace(/\s+/g, " ").trim().slice(0, HINT_MAX);
  if (hint) params.set("s", hint);
  if (options.chatId) params.set("from", options.chatId);
  return `/precedents/${encodeURIComponent(caseNo)}?${params}#passage-${chunkIds[0] ?? ""}`;
}

// Case numbers, the court and the ruling words around them, and Markdown marks: no support in them.
const NOISE = /\d{2,4}\s?[가-힣]{1,3}\s?\d{1,7}(?:\s*,\s*\d{1,7})*|대법원|선고|판결|결정|[*_#>`[\]()]/g;
const MIN_HINT_CHARS = 24;

/**
 * The part of the answer a citation stands for: its sentence, without the case numbers; the
 * sentence before it too when the citing one says little on its own ("관련 판례: 76므41").
 */
export function citationHint(answer: string, start: number): string {
  const sentences = splitSentences(answer);
  const index = sentences.findIndex((r) => start < r.end);
  const at = index < 0 ? sentences.length - 1 : index;
  const clean = (i: number) => {
    const r = sentences[i];
    if (!r) return "";
    return answer
      .slice(r.start, r.end)
      .replace(NOISE, " ")
      .replace(/\s+/g, " ")
      .replace(/\s([.,?!])/g, "$1")
      .trim();
  };
  let hint = clean(at);
  if (hint.length < MIN_HINT_CHARS && at > 0) hint = `${clean(at - 1)} ${hint}`.trim();
  return hint;
}

export interface ResolvedCitation {
  /** The answer's words the citation stands for (see citationHint). */
  hint: string;
  /** The decision's passage that supports them best (undefined when none of its passages was kept). */
  passage?: Chunk;
  /** The other passages of the same decision the answer was given. */
  others: Chunk[];
}

/**
 * For every part of an answer (undefined for text and for a flagged number): the passage each
 * citation stands on — the passage of its decision that best supports the sentence citing it, so
 * two citations of one case in different sentences open different passages.
 */
export function resolveCitations(record: AnswerRecord): (ResolvedCitation | undefined)[] {
  const chunks = record.context.map((c) => c.chunk);
  const answer = record.parts.map((p) => p.text).join("");
  let offset = 0;
  return record.parts.map((part) => {
    const start = offset;
    offset += part.text.length;
    if (part.type !== "citation" || !part.valid) return undefined;
    const own = chunks.find((c) => c.id === part.chunkId);
    const sameCase = (c: Chunk) => caseNumbersMatch(c.caseNo, part.caseNo) && (!own || c.corpusId === own.corpusId);
    const candidates = chunks.filter(sameCase);
    const hint = citationHint(answer, start);
    const passage = (hint ? bestPassage(candidates, hint) : undefined) ?? own ?? candidates[0];
    return { hint, passage, others: candidates.filter((c) => c.id !== passage?.id) };
  });
}

/** The link of every part of an answer (undefined for text and for a flagged number). */
export function citationHrefs(record: AnswerRecord, options: { chatId?: string } = {}): (string | undefined)[] {
  return resolveCitations(record).map((resolved, i) => {
    const part = record.parts[i];
    if (!resolved || part?.type !== "citation" || !part.valid) return undefined;
    const { hint, passage, others } = resolved;
    if (!passage) return precedentHref(part.caseNo, "", [part.chunkId], { hint, chatId: options.chatId });
    const ids = [passage.id, ...others.map((c) => c.id)];
    return precedentHref(passage.caseNo, passage.corpusId, ids, { hint, chatId: options.chatId });
  });
}
