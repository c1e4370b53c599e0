import { createHash } from "node:crypto";
import { analystPrompt } from "../ai/prompts/analyst";
import { answerPrompt, llmOnlyPrompt } from "../ai/prompts/answer";
import { atomicPickPrompt, atomicProposePrompt } from "../ai/prompts/atomic";
import { hydePrompt } from "../ai/prompts/hyde";
import { judgePrompt } from "../ai/prompts/judge";
import { multiQueryPrompt } from "../ai/prompts/multi-query";
import { synonymPrompt } from "../ai/prompts/synonyms";
import type { Chunk } from "../text/decision";

/**
 * The prompt texts as the model sees them, rendered with placeholders: an edit to any prompt
 * function (wording, layout, the context block, the yes/no note) changes these strings, and so the
 * evaluation cache key. Rendered rather than read from source files: a production build has none.
 */
// The first word is what lib/eval/yes-no.ts reads; the second sentence fixes the Korean convention for a
// negated question ("…없나요?" answered "예" = "indeed, it cannot"), which the benchmark labels follow.
export const YES_NO_NOTE =
  "(답변의 첫 단어는 반드시 '예' 또는 '아니요'로 쓰고, 그다음에 이유를 설명하십시오. 질문이 '~할 수 없나요?'처럼 부정형이면, 질문에 적힌 그대로가 맞을 때 '예'입니다.)";

export interface PromptFunctions {
  analystPrompt: typeof analystPrompt;
  judgePrompt: typeof judgePrompt;
  answerPrompt: typeof answerPrompt;
  llmOnlyPrompt: typeof llmOnlyPrompt;
  synonymPrompt: typeof synonymPrompt;
  multiQueryPrompt: typeof multiQueryPrompt;
  hydePrompt: typeof hydePrompt;
  atomicProposePrompt: typeof atomicProposePrompt;
  atomicPickPrompt: typeof atomicPickPrompt;
  yesNoNote: string;
}

export const PROMPTS: PromptFunctions = {
  analystPrompt,
  judgePrompt,
  answerPrompt,
  llmOnlyPrompt,
  synonymPrompt,
  multiQueryPrompt,
  hydePrompt,
  atomicProposePrompt,
  atomicPickPrompt,
  yesNoNote: YES_NO_NOTE,
};

const Q = "⟪질문⟫";
const SAMPLE: Chunk = {
  id: "⟪id⟫",
  corpusId: "⟪corpus⟫",
  caseNo: "⟪사건번호⟫",
  caseName: "⟪사건명⟫",
  court: "⟪법원⟫",
  courtLevel: "⟪등급⟫",
  caseType: "⟪종류⟫",
  decisionDate: "⟪선고일⟫",
  section: "판결요지",
  sectionOrder: 0,
  text: "⟪본문⟫",
  contentHash: "⟪hash⟫",
};

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

/** One short hash per prompt the evaluation can send. */
export type PromptHashes = Record<
  "analyst" | "judge" | "answer" | "llmOnly" | "synonym" | "multiQuery" | "hyde" | "atomicPropose" | "atomicPick",
  string
>;

export function promptHashes(p: PromptFunctions = PROMPTS): PromptHashes {
  return {
    analyst: hash(p.analystPrompt(Q)),
    // Every variant a system can ask for: with/without the analyst's query, with/without chain of thought.
    judge: hash(
      [true, false].flatMap((cot) => [
        p.judgePrompt(Q, "⟪분석 질의⟫", { chainOfThought: cot }),
        p.judgePrompt(Q, undefined, { chainOfThought: cot }),
      ]),
    ),
    answer: hash([p.answerPrompt(Q, [{ chunk: SAMPLE, score: 1 }], p.yesNoNote), p.yesNoNote]),
    llmOnly: hash([p.llmOnlyPrompt(Q, p.yesNoNote), p.yesNoNote]),
    synonym: hash(p.synonymPrompt(Q)),
    multiQuery: hash(p.multiQueryPrompt(Q)),
    hyde: hash(p.hydePrompt(Q)),
    atomicPropose: hash([
      p.atomicProposePrompt(Q, [], []),
      p.atomicProposePrompt(Q, [{ caseNo: "⟪사건번호⟫", section: "판결요지", text: "⟪본문⟫" }], ["⟪하위 질문⟫"]),
    ]),
    atomicPick: hash(p.atomicPickPrompt(Q, [], [{ n: 1, tag: "⟪태그⟫", caseNo: "⟪사건번호⟫", section: "판결요지" }])),
  };
}
