import { decisionHref, precedentHref } from "../chat/citation-links";
import type { AnswerState } from "../chat/state";
import { type CitationStatus, citationStatus, OUTSIDE_NOTE, UNKNOWN_NOTE } from "../rag/citations";
import { type CitationSupport, VERDICT_LABEL } from "../rag/support/types";

/**
 * A finished answer as the API gives it (REST and MCP alike): the text, and every citation with
 * its status (lib/rag/citations.ts), support mark and a link back to the viewer — a real decision
 * outside the answer's evidence with its note, a number no corpus holds with the flag and the
 * reason, as the chat shows them.
 */
export interface ApiCitation {
  caseNo: string;
  /** evidence: among the answer's passages; corpus: a real decision outside them; unknown: in no corpus. */
  status: CitationStatus;
  /** Among the decisions the answer was given (status "evidence"). */
  inContext: boolean;
  /** The support check's mark: "근거 확인" | "근거 약함" | "근거 없음" (absent when it did not run). */
  support?: string;
  verdict?: "supported" | "partly" | "unsupported";
  reason?: string;
  /** The viewer at the cited passage, or at the decision outside the evidence (absolute with a base URL). */
  url?: string;
  /** Status "unknown" only: why the number may be invented or misremembered. */
  flagged?: string;
  /** Status "corpus": what its being outside the evidence means. */
  note?: string;
  /** The court or date written with it that the decision contradicts. */
  mismatch?: string;
}

export interface ApiAnswer {
  chatId: string;
  messageId: string;
  status: AnswerState["status"];
  answer: string;
  strategy?: string;
  analyticalQuery?: string;
  rationaleQuery?: string;
  citations: ApiCitation[];
  precedents: { caseNo: string; caseName: string; court: string; decisionDate: string; url: string }[];
  notices: string[];
  error?: string;
}

/** The flag of an older answer, whose corpora were not searched (only its passages were). */
export const FLAG_REASON = "검색된 판례에 없는 사건번호입니다. 직접 확인하기 전에는 인용하지 마세요.";

const verdictOf = (v: CitationSupport | undefined) =>
  v ? { support: VERDICT_LABEL[v.verdict], verdict: v.verdict, reason: v.reason } : {};

export function summarizeAnswer(
  ids: { chatId: string; messageId: string },
  state: AnswerState,
  baseUrl: string,
): ApiAnswer {
  const context = (state.record?.context ?? state.context ?? []).map((s) => s.chunk);
  const abs = (path: string) => `${baseUrl}${path}`;
  const citations: ApiCitation[] = [];
  const seen = new Set<string>();
  const support = state.support?.citations ?? [];
  let offset = 0;
  for (const part of state.record?.parts ?? []) {
    if (part.type === "citation") {
      // A citation outside the evidence is judged only where it stands (its offset).
      const atOffset = support.find((c) => c.offset === offset);
      const verdict = part.valid ? (atOffset ?? support.find((c) => c.caseNo === part.caseNo)) : atOffset;
      const key = `${part.caseNo}@${verdict?.sentence ?? offset}`;
      if (!seen.has(key)) {
        seen.add(key);
        const status = citationStatus(part);
        const base = {
          caseNo: part.caseNo,
          status,
          inContext: part.valid,
          ...(part.mismatch ? { mismatch: part.mismatch } : {}),
        };
        if (part.valid) {
          const chunk = context.find((c) => c.id === part.chunkId);
          citations.push({
            ...base,
            ...verdictOf(verdict),
            url: chunk
              ? abs(precedentHref(part.caseNo, chunk.corpusId, [part.chunkId], { hint: verdict?.quote }))
              : undefined,
          });
        } else if (part.found) {
          const url = abs(decisionHref(part.found.caseNo, part.found.corpusId));
          citations.push({ ...base, ...verdictOf(verdict), url, note: OUTSIDE_NOTE });
        } else {
          citations.push({ ...base, flagged: part.checked ? UNKNOWN_NOTE : FLAG_REASON });
        }
      }
    }
    offset += part.text.length;
  }
  const precedents = new Map<string, ApiAnswer["precedents"][number]>();
  for (const chunk of context) {
    if (precedents.has(chunk.caseNo)) continue;
    precedents.set(chunk.caseNo, {
      caseNo: chunk.caseNo,
      caseName: chunk.caseName,
      court: chunk.court,
      decisionDate: chunk.decisionDate,
      url: abs(precedentHref(chunk.caseNo, chunk.corpusId, [chunk.id])),
    });
  }
  return {
    ...ids,
    status: state.status,
    answer: state.record?.answer ?? state.answer,
    strategy: state.strategy?.id,
    analyticalQuery: state.analytical || undefined,
    rationaleQuery: state.rationale || undefined,
    citations,
    precedents: [...precedents.values()],
    notices: state.notices.map((n) => n.message),
    error: state.error,
  };
}
