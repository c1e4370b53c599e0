/**
 * Knowledge-aware decomposition (docs/method.md §4, PIKE-RAG), the two calls of each round: propose
 * atomic sub-questions from the question and what was gathered so far (none when nothing more is
 * needed), then pick the single most useful (tag, chunk) among the tags found (or none).
 */

export interface Gathered {
  caseNo: string;
  section: string;
  text: string;
}

const EXCERPT = 400;

function gatheredBlock(gathered: Gathered[]): string {
  if (gathered.length === 0) return "지금까지 모은 근거: 없음";
  const items = gathered.map(
    (g, i) =>
      `[${i + 1}] ${g.caseNo} ${g.section}: ${g.text.length > EXCERPT ? `${g.text.slice(0, EXCERPT)}…` : g.text}`,
  );
  return `지금까지 모은 근거 ${gathered.length}건:\n${items.join("\n")}`;
}

export function atomicProposePrompt(question: string, gathered: Gathered[], asked: string[]) {
  return {
    system: [
      "당신은 한국 판례 검색을 위한 질문 분해 도우미입니다.",
      "질문에 답하는 데 아직 모자란 정보를 찾기 위한 작은 하위 질문(한 질문에 한 가지 사실이나 법리)을 씁니다.",
      "이미 모은 근거로 답할 수 있는 것, 이미 물은 것은 다시 묻지 마십시오. 더 필요한 정보가 없으면 빈 배열 []을 출력합니다.",
      '출력은 JSON 문자열 배열 하나뿐입니다(하위 질문 0~3개). 예: ["…?", "…?"] 설명이나 코드 블록은 쓰지 마십시오.',
    ].join("\n"),
    prompt: [
      `질문: ${question.trim()}`,
      gatheredBlock(gathered),
      asked.length ? `이미 물은 하위 질문: ${asked.join(" / ")}` : "",
      "하위 질문(JSON 배열):",
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}

export interface PickCandidate {
  n: number;
  tag: string;
  caseNo: string;
  section: string;
}

export function atomicPickPrompt(question: string, gathered: Gathered[], candidates: PickCandidate[]) {
  return {
    system: [
      "당신은 한국 판례 검색을 위한 근거 선택 도우미입니다.",
      "질문과 지금까지 모은 근거를 보고, 후보 질문 태그 가운데 답에 가장 도움이 될 근거 하나를 고릅니다(태그는 그 판례 부분이 답하는 질문입니다).",
      '출력은 JSON 하나뿐입니다: {"pick": 번호} 또는 더 필요한 근거가 없으면 {"pick": null}.',
    ].join("\n"),
    prompt: [
      `질문: ${question.trim()}`,
      gatheredBlock(gathered),
      `후보:\n${candidates.map((c) => `${c.n}. ${c.tag} (${c.caseNo} ${c.section})`).join("\n")}`,
      "선택(JSON):",
    ].join("\n\n"),
  };
}
