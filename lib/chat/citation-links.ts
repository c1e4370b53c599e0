import { bestPassage } from "../precedent/support";
import type { CitationSupport, SupportVerdict } from "../rag/support/types";
import { caseNumbersMatch } from "../text/case-number";
import { citationHint } from "../text/citation-hint";
import type { Chunk } from "../text/decision";
import { citedChunkIds } from "./evidence";
import type { AnswerRecord } from "./types";

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
  /**
   * The support check's verdict on the citation (`v`): with one, `hint` is the decision's own
   * verified sentence (or absent for "unsupported": nothing is marked as support) and `claim` (`c`)
   * the answer's sentence it was checked against.
   */
  verdict?: SupportVerdict;
  claim?: string;
  /** Of `chunkIds`, those the answer cited (`u`): the viewer tints them and the linked one only. */
  used?: string[];
}

/** Long enough for a citing sentence; a URL stays well under any limit (≈ 9 bytes a syllable). */
export const HINT_MAX = 240;
const CLAIM_MAX = 160;

const squeeze = (text: string | undefined, max: number) => text?.replace(/\s+/g, " ").trim().slice(0, max);

export function precedentHref(
  caseNo: string,
  corpusId: string,
  chunkIds: string[],
  options: PrecedentLinkOptions = {},
): string {
  const params = new URLSearchParams({ corpus: corpusId, hl: chunkIds.join(",") });
  const hint = squeeze(options.hint, HINT_MAX);
  if (hint) params.set("s", hint);
  if (options.verdict) params.set("v", options.verdict);
  const claim = squeeze(options.claim, CLAIM_MAX);
  if (options.verdict && claim) params.set("c", claim);
  const used = options.used?.filter((id) => id !== chunkIds[0] && chunkIds.includes(id));
  if (used?.length) params.set("u", used.join(","));
  if (options.chatId) params.set("from", options.chatId);
  return `/precedents/${encodeURIComponent(caseNo)}?${params}#passage-${chunkIds[0] ?? ""}`;
}

/**
 * A decision cited from outside the answer's passages (status "corpus"): its page in the viewer,
 * opened at the top — there is no passage of the answer to open it at.
 */
export function decisionHref(caseNo: string, corpusId: string, chatId?: string): string {
  const params = new URLSearchParams({ corpus: corpusId, ...(chatId ? { from: chatId } : {}) });
  return `/precedents/${encodeURIComponent(caseNo)}?${params}`;
}

export interface ResolvedCitation {
  /**
   * What the passage is to support: the answer's words the citation stands for (see
   * citationHint) — or, once the support check ran, the decision's verified sentence, and "" for a
   * citation it found unsupported (nothing is then shown as its support).
   */
  hint: string;
  /** The decision's passage that supports them best (undefined when none of its passages was kept). */
  passage?: Chunk;
  /** The other passages of the same decision the answer was given. */
  others: Chunk[];
  /** The support check's judgement of this citation, when it ran. */
  support?: CitationSupport;
}

/**
 * For every part of an answer (undefined for text and for a flagged number): the passage each
 * citation stands on — the passage holding the sentence the support check verified, else the
 * passage of its decision that best supports the sentence citing it, so two citations of one case
 * in different sentences open different passages.
 */
export function resolveCitations(record: AnswerRecord): (ResolvedCitation | undefined)[] {
  const chunks = record.context.map((c) => c.chunk);
  const answer = record.parts.map((p) => p.text).join("");
  const checked = new Map(record.trace?.support?.citations.map((c) => [c.offset, c]));
  let offset = 0;
  return record.parts.map((part) => {
    const start = offset;
    offset += part.text.length;
    if (part.type !== "citation" || !part.valid) return undefined;
    const own = chunks.find((c) => c.id === part.chunkId);
    const sameCase = (c: Chunk) => caseNumbersMatch(c.caseNo, part.caseNo) && (!own || c.corpusId === own.corpusId);
    const candidates = chunks.filter(sameCase);
    const support = checked.get(start);
    if (support) {
      const verified = support.verdict !== "unsupported" ? support.quote : undefined;
      const passage = candidates.find((c) => c.id === support.chunkId) ?? own ?? candidates[0];
      return { hint: verified ?? "", passage, others: candidates.filter((c) => c.id !== passage?.id), support };
    }
    const hint = citationHint(answer, start);
    const passage = (hint ? bestPassage(candidates, hint) : undefined) ?? own ?? candidates[0];
    return { hint, passage, others: candidates.filter((c) => c.id !== passage?.id) };
  });
}

/** The link of every part of an answer (undefined for text and for a flagged number). */
export function citationHrefs(record: AnswerRecord, options: { chatId?: string } = {}): (string | undefined)[] {
  const all = resolveCitations(record);
  // Every passage some citation of the answer stands on: tinted in the viewer, the rest plain.
  const used = new Set([...citedChunkIds(record.parts), ...all.flatMap((r) => (r?.passage ? [r.passage.id] : []))]);
  return all.map((resolved, i) => {
    const part = record.parts[i];
    if (!resolved || part?.type !== "citation" || !part.valid) return undefined;
    const { hint, passage, others, support } = resolved;
    const link = { hint, chatId: options.chatId, verdict: support?.verdict, claim: support?.claim };
    if (!passage) return precedentHref(part.caseNo, "", [part.chunkId], link);
    const ids = [passage.id, ...others.map((c) => c.id)];
    return precedentHref(passage.caseNo, passage.corpusId, ids, { ...link, used: ids.filter((id) => used.has(id)) });
  });
}
