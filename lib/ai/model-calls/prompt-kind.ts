import { analystPrompt } from "../prompts/analyst";
import { answerPrompt, llmOnlyPrompt } from "../prompts/answer";
import { atomsMessages, contextMessages } from "../prompts/enrich";
import { hydePrompt } from "../prompts/hyde";
import { judgePrompt } from "../prompts/judge";
import { multiQueryPrompt } from "../prompts/multi-query";
import { synonymPrompt } from "../prompts/synonyms";
import { verifyCitationsPrompt } from "../prompts/verify-citations";
import type { ModelRole } from "./types";

/**
 * Which of our prompts a chat request was built from, told by the first line of its system prompt
 * (each prompt opens with its own role sentence). The simple replay format keeps one reply per
 * (question, kind); the role alone cannot tell them apart (synonyms, multi-query rewrites and the
 * analytical query are all the analyst's calls).
 */
export type PromptKind =
  | "analyst"
  | "judge"
  | "synonym"
  | "multi-query"
  | "hyde"
  | "answer"
  | "verify"
  | "context"
  | "atoms";

export const CHAT_KINDS: readonly PromptKind[] = [
  "analyst",
  "judge",
  "synonym",
  "multi-query",
  "hyde",
  "answer",
  "verify",
];
export const ENRICH_KINDS: readonly PromptKind[] = ["context", "atoms"];

/** The role that sends each kind (what a replay file "configures"). */
export const KIND_ROLE: Record<PromptKind, ModelRole> = {
  analyst: "analyst",
  synonym: "analyst",
  "multi-query": "analyst",
  context: "analyst",
  atoms: "analyst",
  judge: "judge",
  hyde: "judge",
  verify: "judge",
  answer: "answer",
};

export const KIND_LABEL: Record<PromptKind, string> = {
  analyst: "분석 질의",
  judge: "판사(가상 판결 이유)",
  synonym: "관련 용어",
  "multi-query": "다중 질의",
  hyde: "가상 판결문",
  answer: "답변",
  verify: "인용 검증",
  context: "청크 맥락",
  atoms: "원자 질문",
};

const firstLine = (p: { system: string }) => p.system.split("\n")[0]?.trim() ?? "";
const head = { caseNo: "", caseName: "", court: "", decisionDate: "" };

let signatures: [string, PromptKind][] | undefined;

function known(): [string, PromptKind][] {
  signatures ??= [
    [firstLine(analystPrompt("")), "analyst"],
    [firstLine(judgePrompt("", "")), "judge"],
    [firstLine(synonymPrompt("")), "synonym"],
    [firstLine(multiQueryPrompt("")), "multi-query"],
    [firstLine(hydePrompt("")), "hyde"],
    [firstLine(answerPrompt("", [])), "answer"],
    [firstLine(llmOnlyPrompt("")), "answer"],
    [firstLine(verifyCitationsPrompt([])), "verify"],
    [firstLine(contextMessages(head, "", { section: "", text: "" })), "context"],
    [firstLine(atomsMessages(head, { section: "", text: "" })), "atoms"],
  ];
  return signatures;
}

interface Message {
  role?: string;
  content?: unknown;
}

/** The system prompt of a chat request ("" when there is none). */
export function systemPromptOf(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  const system = messages.find((m) => m.role === "system")?.content;
  return typeof system === "string" ? system : "";
}

/** The kind of a chat request, or undefined for a prompt this build does not know (standalone, atomic…). */
export function promptKindOf(body: Record<string, unknown>): PromptKind | undefined {
  const line = systemPromptOf(body).split("\n")[0]?.trim() ?? "";
  if (!line) return undefined;
  return known().find(([signature]) => signature === line)?.[1];
}
