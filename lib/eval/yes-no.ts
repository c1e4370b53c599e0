import { blankCitations } from "../text/case-citation";
import { splitSentences } from "../text/sentences";

/**
 * Reads a yes/no verdict from a Korean answer (KL-BQA accuracy, METHOD §1 benchmarks).
 *
 * The yes/no note asks the model to open with an explicit 예 or 아니요, so that word decides when it is
 * there — even if a later clause or a later conclusion adds an exception ("예, 다만 … 없습니다" is
 * still 예). Without it, the answer's sentences are read in order and the **first one that carries a
 * verdict** decides: an announcement ("살펴보겠습니다", "다음과 같습니다"), a bare citation or a
 * question carries none and is passed over; a sentence that declines to decide ("사안에 따라
 * 다릅니다") is the answer's opening — no verdict — and the reading stops there.
 *
 * A sentence's verdict is its **final predicate** read as a whole: the negations in its last clause
 * are counted (two cancel out: "없는 것은 아닙니다", "부정할 수 없습니다"), 부정/배척/기각 in predicate
 * position count as a negation, and the result is compared with the question's own predicate,
 * because a Korean answer agrees with a negated question in its own form ("거부할 수 없나요?" →
 * "거부할 수 없습니다" is a yes). Never a keyword anywhere in the text: "부정행위" is a noun, not a no,
 * and a no in a subordinate clause ("요건을 갖추지 못하면 …", "충족되지 않아 …") is not the verdict.
 *
 * A marked conclusion may override that opening (see `conclusionOf`). Sentences are cut by lib/text's
 * splitter with citations blanked, so a date ("2019. 1. 31. 선고") or a case citation never ends one.
 * Returns null when the answer commits to neither (counted as wrong and listed in the report).
 */
export type YesNo = "yes" | "no";

/** List numbering, markdown emphasis, quotes and a "결론:" label in front of the first word. */
const LEAD = /^[\s*#>_"'“”‘’「『【[(-]*(?:\d{1,2}[.)](?!\s?\d)\s*)?[*_]*(?:(?:결론|답변|답)\s*[:：]\s*[*_"'“”]*)?/;
const CONCLUSION_LABEL = /^[\s*#>_"'“”‘’「『【[(-]*(?:\d{1,2}[.)](?!\s?\d)\s*)?[*_]*결론\s*[:：]/;
/** A heading line of its own ("## 결론", "**결론**", "결론:"): no sentence; a conclusion heading marks the next. */
const HEADING = /^#+\s|^[*_]*(?:결론|답변|요약|정리)[*_]*\s*[:：]?[*_]*$/;
const CONCLUSION_HEADING = /결론|요약|정리/;
// Not ")" after the word: "예) 갑이 …" introduces an example.
const FIRST_YES = /^(?:예|네)(?=$|[\s,.!·:;\]*_]|\s*[(（])/;
const FIRST_NO = /^(?:아니요|아니오|아뇨)(?=$|[\s,.!·:;)\]*_]|\s*[(（])/;
/**
 * 네 as a numeral ("네 가지", "네 번째 요건", "네 명의 상속인"), not a yes: a counter or a noun a
 * numeral goes with, then at most a particle, then no more Hangul ("네 건물" is "yes, the building").
 */
const NUMERAL_NE =
  /^네\s*(?:가지|개|명|번째|번|차례|사람|곳|건|단계|군데|요건|유형|쟁점|배|권|장|채|필지)(?:의|이|가|을|를|은|는|에|와|과|도|만|째)?(?![가-힣])/;
/** A first sentence that is a verdict by itself. */
const WHOLE_YES = /^(?:그렇습니다|맞습니다|그렇다|맞다|옳습니다)$/;
const WHOLE_NO = /^(?:아닙니다|아니다|그렇지 않습니다|그렇지 않다|틀립니다)$/;

/** Statements that decline to decide: the answer's opening, with no verdict. */
const DECLINES = [
  /(?:단정|일률적으로\s*(?:판단|말)|판단|예단|확정)(?:하기|할\s*수는?)\s*(?:어렵|없)/,
  /(?:경우|사안|사정|사실관계|구체적\s*사정)에?\s*따라\s*(?:다르|다릅|다를|달라|결론이\s*달라)/,
  /(?:검색된|제시된|주어진)\s*판례(?:만으로는|에는|에서는).*(?:알\s*수\s*없|확인(?:할\s*수\s*없|되지\s*않)|판단(?:할\s*수\s*없|하기\s*어렵)|부족)/,
  /근거가\s*(?:부족|충분하지)/,
];
/** Statements about the answer rather than the answer (an announcement, an introduction): passed over. */
const META = [
  /(?:살펴|검토해|설명해|정리해|알아)\s*(?:보겠|드리겠)|(?:말씀|설명)드리겠|겠습니다$/,
  /(?:다음|아래)과\s*같(?:습니다|다|이|음)/,
];

/**
 * Conclusion markers. A strong one (결론적으로, 요컨대, 종합하면, a "결론:" label or the first
 * sentence under a 결론 heading) is the answer's own summary of its verdict wherever it stands. An
 * inference marker (따라서, 그러므로) is a conclusion only in the answer's last sentence: mid-answer it
 * marks a step of the reasoning ("따라서 채무자는 이행지체 책임을 집니다"), often about another
 * predicate than the question's, and reading it as the verdict would compare the wrong predicate.
 */
const CONCLUSION =
  /^(?:결론적으로|결론(?:은|으로|을\s*말하면)|요컨대|종합하면|종합(?:하여|해)\s*보면|종합적으로|정리하면|결국)\s*[,:：]?\s*/;
const INFERENCE = /^(?:따라서|그러므로|그렇다면|이에\s*따라)\s*[,:：]?\s*/;

/**
 * Clause boundaries: the verdict is the last clause's predicate, not a condition, a reason or a
 * concession before it ("충족되지 않아 …", "출석하지 않아도 …") — except "~지 않아도 됩니다" (need not)
 * and "~지 않아 보입니다" (seems not), one predicate each.
 */
const CLAUSE_BREAK =
  /,|(?:으나|지만|는데|은데|므로|으므로|니까|면서|으면|거나|아니라|경우에는|경우에도|경우라도|때에는|때에도|때는|더라도|라도)\s|(?:아도|어도|해도|여도)\s(?!되|됩|괜찮|무방)|(?:않아|않아서|않았으므로|없어|없어서|못해|못해서|못하여|아니어서|아니라서)\s(?!보이|보입|보인|보임)|(?<=[가-힣])(?:면|며)\s/g;

/**
 * Negation in predicate position only: a final or quoted verb (없습니다, 없다고, 없는 것, 않았습니다),
 * never a modifier ("이유 없는 파기", "인정되지 않는 경우"), an adverb (없이), a connective (않고) or a
 * noun (부정행위). 부정/부인/배척/기각/각하/불허 as verbs ("부정합니다", "기각됩니다") say no as well;
 * 긍정/인정 need nothing (no negation is a yes).
 */
const END = "(?:습|다(?:고|는)?(?![가-힣])|어요|음|나|니|죠|는\\s*것|을\\s*것|을\\s*수)";
const VERB_END = "(?:되|됩|된다|됐|할|합|한다|하였|했|하여야|해야|하는\\s*것|하는[가지]|하나|하니|하지|함|됨)";
const NEGATION = new RegExp(
  [
    `없(?=${END}|었|어\\s*보)`,
    `않(?=${END}|는다|아|았)`,
    `아니(?=다|합|한다|하다|하므|하였|했|하는\\s*것|었|에요|야|라고|라는)`,
    "아닙",
    "아닌(?=가|지)",
    "못(?=\\s*[가-힣])",
    "불가능",
    "불가(?=합|하다|함)",
    `(?:부정|부인|배척|기각|각하|불허)(?=${VERB_END})`,
    "부정(?=적(?:입|이다|이라|으로\\s*(?:봅|보아야|판단)))",
    "소극(?=적(?:입|이다|이라)|입니다|이다)",
    `어렵(?=${END}|고)`,
    "어려(?=웠|울\\s*것|워\\s*보)",
  ].join("|"),
  "g",
);
/** "~하지 않을 수 없다" means "must": the two negations are one positive. */
const MUST = /지\s*않을\s*수\s*(?:없|밖에)/g;
const DECLARATIVE = /(?:니다|다|요|음|함|됨|임|있음|없음)$/;

function stripLead(text: string): string {
  return text.replace(LEAD, "");
}

export interface AnswerSentence {
  text: string;
  /** Marked as the answer's conclusion (a strong marker, a "결론:" label, the first sentence under a 결론 heading). */
  conclusion: boolean;
}

/**
 * The answer's sentences in order. A line break ends one (an answer's lines are its paragraphs and
 * list items); within a line, lib/text's splitter cuts, on the line with its citations blanked, so
 * neither a date ("2019. 1. 31.") nor a citation ("2018. 3. 15. 선고 2017다1 판결") ends a sentence.
 */
export function answerSentences(answer: string): AnswerSentence[] {
  const out: AnswerSentence[] = [];
  let underHeading = false;
  for (const raw of answer.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (HEADING.test(line)) {
      underHeading = CONCLUSION_HEADING.test(line);
      continue;
    }
    let labelled = CONCLUSION_LABEL.test(line) || underHeading;
    underHeading = false;
    // From the end of the one before: a citation blanked at a sentence's start stays in it.
    let from = 0;
    for (const range of splitSentences(blankCitations(line))) {
      const text = stripLead(line.slice(from, range.end).trim()).trim();
      from = range.end;
      if (!text) continue;
      out.push({ text, conclusion: labelled || CONCLUSION.test(text) });
      labelled = false;
    }
  }
  return out;
}

/** The first sentence, skipping heading-only lines ("## 결론", "결론:"). */
export function firstSentence(answer: string): string {
  return answerSentences(answer)[0]?.text ?? "";
}

/** The sentence without citations in brackets, list markers, and final punctuation. */
function clean(sentence: string): string {
  return sentence
    .replace(/\([^()]*\)|（[^（）]*）|\[[^\]]*\]/g, " ")
    .replace(/[*_"'“”‘’]/g, "")
    .replace(/[\s.!?。~…]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

function lastClause(sentence: string): string {
  const parts = sentence.split(CLAUSE_BREAK).filter((p) => p.trim());
  return (parts.at(-1) ?? sentence).trim();
}

function negations(clause: string): number {
  const musts = clause.match(MUST)?.length ?? 0;
  const without = clause.replace(/없이|않고|아니하고/g, " ");
  return (without.match(NEGATION)?.length ?? 0) - musts * 2;
}

/** Polarity of a sentence's predicate: true = affirmative, false = negative, null = no verdict. */
export function predicatePolarity(sentence: string): boolean | null {
  const text = clean(sentence);
  if (!text || DECLINES.some((h) => h.test(text)) || META.some((h) => h.test(text))) return null;
  const clause = lastClause(text);
  if (!DECLARATIVE.test(clause) && !/[나까죠지요]$/.test(clause)) return null;
  return negations(clause) % 2 === 0;
}

/** Polarity of the question's own predicate ("…할 수 없나요?" is negated); affirmative when unknown. */
export function questionPolarity(question: string | undefined): boolean {
  if (!question) return true;
  const text = clean(question.replace(/\?+\s*$/, ""));
  return negations(lastClause(text)) % 2 === 0;
}

/**
 * What one sentence says: an explicit verdict (a first word 예/아니요, or "그렇습니다" alone), a
 * verdict read from its predicate, a refusal to decide, or nothing (an announcement, a question).
 */
type Reading =
  | { kind: "explicit" | "predicate"; verdict: YesNo }
  | { kind: "declined"; verdict: null }
  | { kind: "none"; verdict: null };

function readSentence(sentence: string, agrees: boolean): Reading {
  const text = sentence.replace(CONCLUSION, "").replace(INFERENCE, "");
  if (FIRST_NO.test(text)) return { kind: "explicit", verdict: "no" };
  if (FIRST_YES.test(text) && !NUMERAL_NE.test(text)) return { kind: "explicit", verdict: "yes" };
  const bare = clean(text);
  if (WHOLE_YES.test(bare)) return { kind: "explicit", verdict: "yes" };
  if (WHOLE_NO.test(bare)) return { kind: "explicit", verdict: "no" };
  if (/[?？]\s*[*_"'”’)]*$/.test(text)) return { kind: "none", verdict: null };
  if (DECLINES.some((h) => h.test(bare))) return { kind: "declined", verdict: null };
  const polarity = predicatePolarity(text);
  if (polarity === null) return { kind: "none", verdict: null };
  // Agreeing with the question's own form is a yes, whether that form is affirmative or negated.
  return { kind: "predicate", verdict: polarity === agrees ? "yes" : "no" };
}

/**
 * The verdict of the answer's marked conclusion after the opening, if it carries one: the last strong
 * conclusion, or a 따라서/그러므로 sentence that ends the answer. Only a verdict overrides (a hedged
 * conclusion leaves the opening's reading), and never an explicit 예/아니요 opening: the note asks the
 * model to commit in its first word, and a later "결론적으로" restating it with an exception is not
 * a change of mind.
 */
function conclusionOf(sentences: AnswerSentence[], after: number, agrees: boolean): YesNo | undefined {
  for (let i = sentences.length - 1; i > after; i--) {
    const s = sentences[i] as AnswerSentence;
    const marked = s.conclusion || (i === sentences.length - 1 && INFERENCE.test(s.text));
    if (!marked) continue;
    const reading = readSentence(s.text, agrees);
    if (reading.verdict) return reading.verdict;
  }
  return undefined;
}

export function extractYesNo(answer: string, question?: string): YesNo | null {
  const sentences = answerSentences(answer);
  const agrees = questionPolarity(question);
  for (let i = 0; i < sentences.length; i++) {
    const reading = readSentence((sentences[i] as AnswerSentence).text, agrees);
    if (reading.kind === "none") continue;
    if (reading.kind === "explicit") return reading.verdict;
    return conclusionOf(sentences, i, agrees) ?? reading.verdict;
  }
  return null;
}
