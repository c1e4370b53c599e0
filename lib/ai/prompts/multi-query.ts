/**
 * Multi-query rewriting (docs/method.md §2): the LLM rewrites the question from three different angles
 * in one call (temperature 0 by default); each is searched beside the original.
 */
export function multiQueryPrompt(question: string): { system: string; prompt: string } {
  return {
    system: [
      "당신은 한국 판례 검색을 위한 검색 질의 재작성 도우미입니다.",
      "질문을 서로 다른 세 관점에서 다시 씁니다: (1) 판결문에서 쓰는 법률 용어로, (2) 적용될 법리나 요건 중심으로, (3) 당사자와 사실관계 중심으로.",
      '출력은 JSON 문자열 배열 하나뿐입니다. 예: ["…", "…", "…"]',
      "각 질의는 한 문장으로 쓰고, 설명이나 코드 블록은 쓰지 마십시오. 확실하지 않은 조문 번호나 사건번호는 쓰지 마십시오.",
    ].join("\n"),
    prompt: `질문: ${question.trim()}\n\n다시 쓴 검색 질의 3개(JSON 배열):`,
  };
}
