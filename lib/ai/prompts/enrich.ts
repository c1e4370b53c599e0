/**
 * Ingestion-time enrichment prompts (docs/method.md §3, §4). Each is versioned: the version is part of
 * every cache key (EnrichmentCache), so a changed prompt never passes off an old output as its own.
 * Bump the version with any edit here (tests/enrich/parse-output.test.ts checks the keys and the prefix).
 *
 * Prompt caching: the decision text goes first and whole, identical for every chunk of that
 * decision (system message + first user message); the chunk comes last. Endpoints that cache
 * prompt prefixes then bill and compute the decision once per decision, not once per chunk.
 */

export const CONTEXT_PROMPT_VERSION = 1;
export const ATOMS_PROMPT_VERSION = 1;

export type EnrichKind = "context" | "atoms";

export const PROMPT_VERSIONS: Record<EnrichKind, number> = {
  context: CONTEXT_PROMPT_VERSION,
  atoms: ATOMS_PROMPT_VERSION,
};

export interface EnrichMessages {
  system: string;
  /** The stable prefix: the same for every chunk of a decision. */
  prefix: string;
  /** What changes per chunk (last, after the prefix). */
  chunk: string;
}

export interface DecisionHead {
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
}

const head = (d: DecisionHead) =>
  `${d.court} ${d.decisionDate ? `${d.decisionDate} 선고 ` : ""}${d.caseNo}${d.caseName ? ` ${d.caseName}` : ""}`.trim();

export function contextMessages(
  decision: DecisionHead,
  decisionText: string,
  chunk: { section: string; text: string },
) {
  return {
    system: [
      "당신은 한국 판례 검색 색인을 위한 판결문 맥락 작성자입니다.",
      "판결문 전체와 그 일부(청크)를 받으면, 그 청크가 판결문 안에서 어떤 자리에 있는지 알려 주는 짧은 맥락을 씁니다.",
      "맥락에는 어느 사건(법원, 사건번호, 사건명)인지, 청크가 다루는 쟁점과 법리, 판결문의 어느 부분(판시사항, 판결요지, 이유 중 어느 대목 등)인지를 담습니다.",
      "한국어 한두 문장, 50~100토큰으로 씁니다. 맥락만 출력하고 머리말, 따옴표, 설명은 쓰지 마십시오. 판결문에 없는 내용은 쓰지 마십시오.",
    ].join("\n"),
    prefix: `<판결문>\n${head(decision)}\n\n${decisionText.trim()}\n</판결문>`,
    chunk: `<청크 부분="${chunk.section}">\n${chunk.text.trim()}\n</청크>\n\n이 청크의 검색용 맥락(한두 문장):`,
  } satisfies EnrichMessages;
}

export function atomsMessages(decision: DecisionHead, chunk: { section: string; text: string }) {
  return {
    system: [
      "당신은 한국 판례 검색 색인을 위한 원자 질문 작성자입니다.",
      "판결문의 한 부분을 받으면, 그 부분만 읽고 답할 수 있는 질문을 모두 씁니다(한 질문에 한 가지 사실이나 법리).",
      "질문은 변호사가 실제로 물을 법한 완결된 한국어 문장으로 쓰고, 사건을 가리킬 때는 '이 사건' 대신 쟁점을 직접 씁니다.",
      '출력은 JSON 문자열 배열 하나뿐입니다(질문 2~8개). 예: ["…?", "…?"] 설명이나 코드 블록은 쓰지 마십시오.',
    ].join("\n"),
    prefix: `사건: ${head(decision)}`,
    chunk: `<부분 이름="${chunk.section}">\n${chunk.text.trim()}\n</부분>\n\n이 부분이 답하는 질문들(JSON 배열):`,
  } satisfies EnrichMessages;
}

/** What a context may be at most (characters); a longer reply is cut at a sentence end. */
export const CONTEXT_MAX_CHARS = 600;
/** Atomic questions kept per chunk, and the longest one. */
export const ATOMS_MAX = 8;
export const ATOM_MAX_CHARS = 200;
