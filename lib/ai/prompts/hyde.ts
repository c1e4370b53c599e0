/**
 * HyDE (docs/method.md §2): the LLM writes a hypothetical passage of a decision answering the question;
 * its embedding is the dense query (a passage lies nearer to passages than a question does).
 * Unlike RAR's judge it gets no analyst query and writes no reasoning: the whole reply is the passage.
 */
export function hydePrompt(question: string): { system: string; prompt: string } {
  return {
    system: [
      "당신은 한국 법원의 판결문 초안 작성자입니다.",
      "질문의 쟁점을 판단한 가상의 판결문 한 단락(판시사항과 판결 이유에 해당하는 4~6문장)을 판결문 문체(~한다, ~할 것이다)로 씁니다.",
      "단락만 출력하고, 머리말이나 설명은 쓰지 마십시오. 확실하지 않은 조문 번호, 사건번호, 날짜는 쓰지 마십시오.",
    ].join("\n"),
    prompt: `질문: ${question.trim()}\n\n가상 판결문 단락:`,
  };
}
