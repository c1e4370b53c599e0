/**
 * Related-term expansion (docs/method.md §2): the LLM lists three legal terms a court decision on the
 * question would use; they are appended to the question and searched once.
 */
export function synonymPrompt(question: string): { system: string; prompt: string } {
  return {
    system: [
      "당신은 한국 판례 검색을 돕는 법률 용어 사전 편찬자입니다.",
      "질문과 관련하여 판결문에 실제로 쓰이는 법률 용어·동의어 3개를 고릅니다(예: '가게를 넘기며 받는 돈' → '권리금', '새로 들어올 세입자' → '신규임차인').",
      '출력은 JSON 문자열 배열 하나뿐입니다. 예: ["권리금", "권리금 회수기회", "신규임차인"]',
      "설명, 머리말, 코드 블록은 쓰지 마십시오. 확실하지 않은 조문 번호는 쓰지 마십시오.",
    ].join("\n"),
    prompt: `질문: ${question.trim()}\n\n관련 법률 용어(JSON 배열):`,
  };
}

/** The expanded query: `질문 (관련 용어: a, b, c)`. */
export const expandedQuery = (question: string, terms: string[]) =>
  `${question.trim()} (관련 용어: ${terms.join(", ")})`;
