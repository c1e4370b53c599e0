import type { VectorStore } from "../store/types";
import type { ScoredChunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";

/** Decision text placed inside Markdown: characters that would start emphasis, code, links or HTML are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`).replace(/\s+/g, " ");
}

/**
 * The answer when no LLM is configured (or it failed, or ran out of time): the top decisions in
 * ranked order, each once (a decision held by two corpora, or found through several passages,
 * is listed once), with their 판시사항 and 판결요지, which is what a lawyer reads first in a
 * decision anyway. Written as Markdown, like a model's answer.
 */
export async function retrievalOnlyAnswer(
  chunks: ScoredChunk[],
  store: VectorStore,
  maxCases = 5,
  /** The line above the list (a declined answer says why it lists them). */
  intro = "언어 모델 없이 검색한 결과입니다. 관련도가 높은 판례 순입니다.",
): Promise<string> {
  const seen = new Set<string>();
  const firsts = chunks.filter(({ chunk }) => {
    const key = decisionKey(chunk);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (firsts.length === 0)
    return "질문과 관련된 판례를 찾지 못했습니다. 표현을 바꾸거나 쟁점을 더 구체적으로 적어 보세요.";
  const blocks = await Promise.all(
    firsts.slice(0, maxCases).map(async ({ chunk }, i) => {
      const doc = await store.getDocumentChunks(chunk.corpusId, chunk.caseNo);
      const section = (name: string) =>
        escapeMarkdown(
          doc
            .filter((c) => c.section === name)
            .map((c) => c.text)
            .join(" ")
            .slice(0, 600),
        );
      const lines = [
        `${i + 1}. **${chunk.court} ${chunk.decisionDate} 선고 ${chunk.caseNo}** ${escapeMarkdown(chunk.caseName)}`,
      ];
      const holding = section("판시사항");
      const summary = section("판결요지");
      if (holding) lines.push(`   - 판시사항: ${holding}`);
      if (summary) lines.push(`   - 판결요지: ${summary}`);
      if (!holding && !summary)
        lines.push(`   - 관련 부분(${chunk.section}): ${escapeMarkdown(chunk.text.slice(0, 400))}`);
      return lines.join("\n");
    }),
  );
  return `${intro}\n\n${blocks.join("\n\n")}`;
}
