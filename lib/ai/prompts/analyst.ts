/**
 * Step 1 (docs/method.md §1): the LLM as a legal analyst rewrites the question into the vocabulary of
 * court decisions — the key legal terms and the main legal issue — so that retrieval meets the
 * decisions' own words ("사실상의 지배" rather than "living there").
 * The examples in the prompt are about matters outside the dev benchmark and the sample decisions, so
 * a figure measured on them is not helped by a worked answer (tests/ai/prompts.test.ts checks).
 */
export function analystPrompt(question: string): { system: string; prompt: string } {
  return {
    system: [
      "당신은 한국 법원 판례를 검색하는 법률 분석가입니다.",
      "사용자의 질문에서 핵심 법률 쟁점과 판례에서 쓰는 법률 용어를 뽑아, 판례 검색에 쓸 분석 질의를 작성합니다.",
      "일상 표현은 판결문에서 쓰는 법률 용어로 바꾸고(예: '그 집에 살았다' → '사실상의 지배', '키우던 개가 이웃을 물었다' → '동물 점유자의 책임'),",
      "관련 법령 조문이 분명하면 함께 적되, 확실하지 않은 조문 번호는 지어내지 마십시오.",
      "출력은 분석 질의 한두 문장만 씁니다. 머리말, 설명, 목록 기호는 쓰지 않습니다.",
    ].join("\n"),
    prompt: `질문: ${question.trim()}\n\n분석 질의:`,
  };
}
