import type { ScoredChunk } from "../../ingest/types";

/**
 * Step 6: the answer, from the reranked passages only, citing 사건번호 for every statement it
 * bases on a decision. Passages are numbered and labelled with case number, court, date and
 * section so the model can cite precisely — and so citations can be checked against them.
 */
export function contextBlock(chunks: ScoredChunk[]): string {
  return chunks
    .map(({ chunk }, i) =>
      [
        `[${i + 1}] 사건번호 ${chunk.caseNo} · ${chunk.court} ${chunk.decisionDate} 선고 · ${chunk.caseName} · ${chunk.section}`,
        chunk.text,
      ].join("\n"),
    )
    .join("\n\n");
}

/** The question as every answering system is asked it: with the caller's note (e.g. "answer yes or no first"). */
export function askedQuestion(question: string, note?: string): string {
  return note ? `질문: ${question.trim()}\n${note.trim()}` : `질문: ${question.trim()}`;
}

export function answerPrompt(
  question: string,
  chunks: ScoredChunk[],
  note?: string,
): { system: string; prompt: string } {
  return {
    system: [
      "당신은 한국 변호사를 돕는 법률 리서치 어시스턴트입니다.",
      "아래 '검색된 판례' 안의 내용만 근거로 질문에 답하십시오. 판례에 없는 내용은 추측하지 말고, 근거가 부족하면 그렇다고 밝히십시오.",
      "판례에 근거한 문장마다 괄호 안에 사건번호를 그대로 적으십시오(예: (대법원 2009다228)). 검색된 판례에 없는 사건번호는 절대 쓰지 마십시오.",
      "먼저 결론을 한두 문장으로 쓰고, 이어서 근거 판례의 법리를 정리합니다. 존댓말로, 간결하게 씁니다.",
    ].join("\n"),
    prompt: `검색된 판례:\n${contextBlock(chunks)}\n\n${askedQuestion(question, note)}\n\n답변:`,
  };
}

/**
 * The "LLM only" baseline: the same question and note, answered from the model's own knowledge
 * (no passages, so nothing to cite from — its citations are checked and flagged like any other).
 */
export function llmOnlyPrompt(question: string, note?: string): { system: string; prompt: string } {
  return {
    system:
      "당신은 한국 법률 전문가입니다. 질문에 답하십시오. 먼저 결론을 한두 문장으로 쓰고, 이어서 근거를 설명합니다.",
    prompt: `${askedQuestion(question, note)}\n\n답변:`,
  };
}
