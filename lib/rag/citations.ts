import { type CaseCitation, readCaseCitations } from "../text/case-citation";
import { splitCaseNo } from "../text/case-number";
import { normalizeCourt } from "../text/court-name";
import type { DecisionHeading, ScoredChunk } from "../text/decision";

/**
 * Citations that can be trusted: every case number in an answer — read by the one citation reader
 * (lib/text/case-citation.ts), in every form lawyers write — gets one of three statuses
 * (docs/method.md, "인용 검증"):
 *  - evidence: among the passages the answer was written from → links to its passage;
 *  - corpus:   not among them, but a real decision in a corpus → links to the decision, marked as
 *              outside the evidence (never the invented-number wording);
 *  - unknown:  in no corpus → flagged as possibly invented or misremembered, never linked.
 * A court or date written with the number that disagrees with the decision found is said too.
 */

/** A decision in a corpus that an answer cites although it was not among the answer's passages. */
export interface FoundDecision extends DecisionHeading {
  corpusId: string;
}

/** The court and date written with a cited number ("대법원 1995. 2. 3. 선고 94다42778 판결"). */
export interface WrittenCitation {
  court?: string;
  /** YYYY-MM-DD. */
  date?: string;
}

interface CitationBase {
  type: "citation";
  text: string;
  caseNo: string;
  written?: WrittenCitation;
  /** The written court or date disagrees with the decision's (citationMismatch), in plain Korean. */
  mismatch?: string;
}

export type AnswerPart =
  | { type: "text"; text: string }
  | (CitationBase & { valid: true; chunkId: string })
  | (CitationBase & {
      valid: false;
      /** The corpora were searched for the number (false/absent: only the passages were). */
      checked?: boolean;
      /** The decision found in a corpus (status "corpus"). */
      found?: FoundDecision;
    });

export type CitationPart = Extract<AnswerPart, { type: "citation" }>;
export type CitationStatus = "evidence" | "corpus" | "unknown";

export function citationStatus(part: CitationPart): CitationStatus {
  if (part.valid) return "evidence";
  return part.found ? "corpus" : "unknown";
}

/** The short label beside a cited number, the same on screen, in Word, print and copied text. */
export const STATUS_LABEL: Record<CitationStatus, string> = {
  evidence: "근거 판례",
  corpus: "검색 근거 밖 판례",
  unknown: "확인 필요",
};

export const OUTSIDE_NOTE =
  "말뭉치에 있는 실제 판례이지만 이 답변의 근거로 검색된 판례가 아닙니다. 원문을 열어 답변 내용과 맞는지 확인하세요.";
export const UNKNOWN_NOTE =
  "어느 말뭉치에도 없는 사건번호입니다. 모델이 잘못 기억했거나 지어냈을 수 있으니 원문으로 확인하세요.";
/** A flagged number of an answer whose corpora were not searched (stored before, or stopped). */
export const UNCHECKED_NOTE =
  "검색된 판례에 없는 사건번호입니다. 모델이 잘못 기억했거나 지어냈을 수 있으니 원문으로 확인하세요.";

/** Why a citation carries its mark, in plain Korean (no note for a citation of the evidence). */
export function statusNote(part: CitationPart): string | undefined {
  if (part.valid) return undefined;
  if (part.found) return OUTSIDE_NOTE;
  return part.checked ? UNKNOWN_NOTE : UNCHECKED_NOTE;
}

function dotted(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[1]}. ${Number(m[2])}. ${Number(m[3])}.` : date;
}

/**
 * What a citation writes that the decision contradicts: its court or its date ("선고일이 다릅니다:
 * 인용 1995. 2. 3. · 판례 1995. 2. 10."). Undefined when nothing written disagrees.
 */
export function citationMismatch(
  written: WrittenCitation | undefined,
  decision: Pick<DecisionHeading, "court" | "decisionDate"> | undefined,
): string | undefined {
  if (!written || !decision) return undefined;
  const out: string[] = [];
  if (written.court && decision.court && normalizeCourt(decision.court) !== normalizeCourt(written.court)) {
    out.push(`법원이 다릅니다: 인용 ${written.court} · 판례 ${decision.court}`);
  }
  if (written.date && decision.decisionDate && written.date !== decision.decisionDate) {
    out.push(`선고일이 다릅니다: 인용 ${dotted(written.date)} · 판례 ${dotted(decision.decisionDate)}`);
  }
  return out.length ? out.join(" / ") : undefined;
}

function writtenOf(c: CaseCitation): WrittenCitation | undefined {
  if (!c.court && !c.date) return undefined;
  return { ...(c.court ? { court: c.court } : {}), ...(c.date ? { date: c.date } : {}) };
}

/**
 * The checker for one answer: splits any text into plain text and citations. `found` holds the
 * decisions found in a corpus for numbers outside the passages (resolveOutsideCitations), and
 * `checked` says the corpora were searched. The answer renderer and the exports run it over each
 * text node of the parsed Markdown, so links and marks there are decided exactly as in
 * `splitCitations` (what is stored and evaluated).
 */
export function citationFinder(
  context: ScoredChunk[],
  found: ReadonlyMap<string, FoundDecision> = new Map(),
  checked = false,
): (text: string) => AnswerPart[] {
  const known = new Map<string, ScoredChunk["chunk"]>();
  for (const { chunk } of context) {
    for (const part of splitCaseNo(chunk.caseNo)) if (!known.has(part)) known.set(part, chunk);
  }
  return (answer) => {
    const parts: AnswerPart[] = [];
    let last = 0;
    for (const citation of readCaseCitations(answer)) {
      const written = writtenOf(citation);
      for (const number of citation.numbers) {
        if (number.start > last) parts.push({ type: "text", text: answer.slice(last, number.start) });
        const text = answer.slice(number.start, number.end);
        const base = { type: "citation" as const, text, caseNo: number.caseNo, ...(written ? { written } : {}) };
        const chunk = known.get(number.caseNo);
        const decision = chunk ? undefined : found.get(number.caseNo);
        const mismatch = citationMismatch(written, chunk ?? decision);
        const marks = mismatch ? { mismatch } : {};
        if (chunk) parts.push({ ...base, ...marks, valid: true, chunkId: chunk.id });
        else
          parts.push({
            ...base,
            ...marks,
            valid: false,
            ...(checked ? { checked } : {}),
            ...(decision ? { found: decision } : {}),
          });
        last = number.end;
      }
    }
    if (last < answer.length) parts.push({ type: "text", text: answer.slice(last) });
    return parts;
  };
}

/** The decisions found outside the passages, and whether the corpora were searched, of stored parts. */
export function outsideOf(parts: AnswerPart[]): { found: Map<string, FoundDecision>; checked: boolean } {
  const found = new Map<string, FoundDecision>();
  let checked = false;
  for (const p of parts) {
    if (p.type !== "citation" || p.valid) continue;
    if (p.checked) checked = true;
    if (p.found) found.set(p.caseNo, p.found);
  }
  return { found, checked };
}

/** The checker of a stored answer: its passages and what its corpus search found. */
export function recordCitationFinder(record: { context: ScoredChunk[]; parts: AnswerPart[] }) {
  const { found, checked } = outsideOf(record.parts);
  return citationFinder(record.context, found, checked);
}

export function splitCitations(answer: string, context: ScoredChunk[]): AnswerPart[] {
  return citationFinder(context)(answer);
}

/** Cited numbers outside the passages looked up in the corpora at most, per answer. */
export const MAX_OUTSIDE_LOOKUPS = 40;

/**
 * Looks the numbers outside the passages up in the corpora (`find`: case numbers → the decision
 * holding each) and marks every such citation: found (status "corpus") or checked and not found
 * ("unknown"). A failed lookup leaves the parts as they were (flagged, not claimed invented).
 */
export async function resolveOutsideCitations(
  parts: AnswerPart[],
  find: (caseNos: string[]) => Promise<Map<string, FoundDecision>>,
): Promise<AnswerPart[]> {
  const wanted = [...new Set(parts.flatMap((p) => (p.type === "citation" && !p.valid ? [p.caseNo] : [])))].slice(
    0,
    MAX_OUTSIDE_LOOKUPS,
  );
  if (wanted.length === 0) return parts;
  const asked = new Set(wanted);
  const found = await find(wanted);
  return parts.map((p) => {
    if (p.type !== "citation" || p.valid || !asked.has(p.caseNo)) return p;
    const decision = found.get(p.caseNo);
    if (!decision) return { ...p, checked: true };
    const mismatch = citationMismatch(p.written, decision);
    return { ...p, checked: true, found: decision, ...(mismatch ? { mismatch } : {}) };
  });
}

export function citationSummary(parts: AnswerPart[]): { cited: string[]; unknown: string[]; outside: string[] } {
  const cited = new Set<string>();
  const unknown = new Set<string>();
  const outside = new Set<string>();
  for (const p of parts) {
    if (p.type !== "citation") continue;
    if (p.valid) cited.add(p.caseNo);
    else (p.found ? outside : unknown).add(p.caseNo);
  }
  return { cited: [...cited], unknown: [...unknown], outside: [...outside] };
}
