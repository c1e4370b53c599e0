import { precedentHref } from "../chat/citation-links";
import type { AnswerState } from "../chat/state";
import { VERDICT_LABEL } from "../rag/support/types";

/**
 * A finished answer as the API gives it (REST and MCP alike): the text, and every citation with
 * its support mark and a link back to the viewer — or, for a number the answer invented (not among
 * the decisions it was given), the flag and the reason, as the chat shows them.
 */
export interface ApiCitation {
  caseNo: string;
  /** Among the decisions the answer was given; false: the model wrote a number it was not given. */
  inContext: boolean;
  /** The support check's mark: "근거 확인" | "근거 약함" | "근거 없음" (absent when it did not run). */
  support?: string;
  verdict?: "supported" | "partly" | "unsupported";
  reason?: string;
  /** The viewer at the cited passage (absolute when a base URL is known). */
  url?: string;
  flagged?: string;
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

export const FLAG_REASON = "검색된 판례에 없는 사건번호입니다. 직접 확인하기 전에는 인용하지 마세요.";

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
      const verdict = support.find((c) => c.offset === offset) ?? support.find((c) => c.caseNo === part.caseNo);
      const key = `${part.caseNo}@${verdict?.sentence ?? offset}`;
      if (!seen.has(key)) {
        seen.add(key);
        if (part.valid) {
          const chunk = context.find((c) => c.id === part.chunkId);
          citations.push({
            caseNo: part.caseNo,
            inContext: true,
            support: verdict ? VERDICT_LABEL[verdict.verdict] : undefined,
            verdict: verdict?.verdict,
            reason: verdict?.reason,
            url: chunk
              ? abs(precedentHref(part.caseNo, chunk.corpusId, [part.chunkId], { hint: verdict?.quote }))
              : undefined,
          });
        } else {
          citations.push({ caseNo: part.caseNo, inContext: false, flagged: FLAG_REASON });
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
