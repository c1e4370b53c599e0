/**
 * Step 2: the LLM as a judge writes a short hypothetical passage of a decision's reasoning, given
 * the question AND the analyst's query ("contextual scaffolding", which keeps it on the issue and
 * cuts invented article numbers), reasoning step by step first (chain of thought). Only the final
 * passage, after RATIONALE_MARKER, is used as a retrieval query.
 */
export const RATIONALE_MARKER = "[판결 이유]";

export function judgePrompt(
  question: string,
  analyticalQuery: string | undefined,
  options: { chainOfThought?: boolean } = {},
): { system: string; prompt: string } {
  const cot = options.chainOfThought ?? true;
  return {
    system: [
      "당신은 대한민국 대법원 판사입니다. 주어진 질문에 대하여 판결문의 '이유' 부분에 들어갈 법리 설시를 가상으로 작성합니다.",
      cot
        ? "먼저 쟁점, 적용 법령, 판단 기준을 단계별로 차분히 검토하십시오. 그 다음 줄에"
        : "검토 과정은 쓰지 말고 곧바로",
      `'${RATIONALE_MARKER}'라고 쓰고, 그 뒤에 판결문 문체(~한다, ~할 것이다)로 3~5문장의 법리를 씁니다.`,
      "확실하지 않은 조문 번호, 사건번호, 날짜는 쓰지 마십시오.",
    ].join("\n"),
    prompt: [
      `질문: ${question.trim()}`,
      analyticalQuery ? `분석 질의(핵심 쟁점과 법률 용어): ${analyticalQuery.trim()}` : "",
      cot ? "단계별 검토:" : RATIONALE_MARKER,
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}

/** The passage after the last marker; without a marker, the last paragraph (the model ignored the format). */
export function extractRationale(output: string): string {
  const at = output.lastIndexOf(RATIONALE_MARKER);
  if (at >= 0) return output.slice(at + RATIONALE_MARKER.length).trim();
  const paragraphs = output
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.at(-1) ?? output.trim();
}
