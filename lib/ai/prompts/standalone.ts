/**
 * Follow-up questions ("그럼 사실혼이면요?") only make sense with the conversation. Before the
 * pipeline runs, the follow-up is rewritten into a question that stands alone (the paper's method
 * is single-turn; this makes it multi-turn without changing the method itself).
 */
export function standalonePrompt(
  history: { role: "user" | "assistant"; content: string }[],
  followUp: string,
): { system: string; prompt: string } {
  const transcript = history
    .slice(-6)
    .map((m) => `${m.role === "user" ? "사용자" : "어시스턴트"}: ${m.content.slice(0, 1200)}`)
    .join("\n");
  return {
    system: [
      "대화의 맥락을 반영하여, 마지막 질문을 앞의 대화 없이도 이해할 수 있는 하나의 완결된 질문으로 다시 씁니다.",
      "질문의 뜻을 바꾸거나 답을 덧붙이지 말고, 다시 쓴 질문 한 문장만 출력합니다.",
    ].join("\n"),
    prompt: `대화:\n${transcript}\n\n마지막 질문: ${followUp.trim()}\n\n완결된 질문:`,
  };
}
