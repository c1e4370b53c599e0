/**
 * Reads a yes/no verdict from a Korean answer (KL-BQA accuracy, METHOD §1 benchmarks).
 *
 * The yes/no note asks the model to open with an explicit 예 or 아니요, so that word decides when it is
 * there — even if a later clause adds an exception ("예, 다만 … 없습니다" is still 예). Without it, the
 * first sentence's **final predicate** is read as a whole: the negations in its last clause are counted
 * (two cancel out: "없는 것은 아닙니다"), and the result is compared with the question's own predicate,
 * because a Korean answer agrees with a negated question in its own form ("거부할 수 없나요?" →
 * "거부할 수 없습니다" is a yes). Never a keyword anywhere in the text: "부정행위" is a noun, not a no,
 * and a no in a subordinate clause ("요건을 갖추지 못하면 …") is not the verdict.
 * Returns null when the answer commits to neither (counted as wrong and listed in the report).
 */
export type YesNo = "yes" | "no";

/** List numbering, markdown emphasis, quotes and a "결론:" label in front of the first word. */
const LEAD = /^[\s*#>_"'“”‘’「『【[(-]*(?:\d+[.)]\s*)?[*_]*(?:(?:결론|답변|답)\s*[:：]\s*[*_"'“”]*)?/;
const FIRST_YES = /^(?:예|네)(?=$|[\s,.!·:;)\]*_]|\s*[(（])/;
const FIRST_NO = /^(?:아니요|아니오|아뇨)(?=$|[\s,.!·:;)\]*_]|\s*[(（])/;
/** "네 가지 요건" — 네 as a numeral, not a yes. */
const NUMERAL_NE = /^네\s*(?:가지|개|명|번|차례|사람|곳|건|단계|요건)/;
/** A first sentence that is a verdict by itself. */
const WHOLE_YES = /^(?:그렇습니다|맞습니다|그렇다|맞다|옳습니다)$/;
const WHOLE_NO = /^(?:아닙니다|아니다|그렇지 않습니다|그렇지 않다|틀립니다)$/;

/** Statements that decline to decide, or talk about the answer instead of giving it. */
const HEDGES = [
  /(?:단정|일률적으로\s*(?:판단|말)|판단|예단|확정)(?:하기|할\s*수는?)\s*(?:어렵|없)/,
  /(?:경우|사안|사정|사실관계|구체적\s*사정)에?\s*따라\s*(?:다르|다릅|다를|달라|결론이\s*달라)/,
  /(?:검색된|제시된|주어진)\s*판례(?:만으로는|에는|에서는).*(?:알\s*수\s*없|확인(?:할\s*수\s*없|되지\s*않)|판단(?:할\s*수\s*없|하기\s*어렵)|부족)/,
  /근거가\s*(?:부족|충분하지)/,
  /(?:살펴|검토해|설명해|정리해|알아)\s*(?:보겠|드리겠)|(?:말씀|설명)드리겠|겠습니다$/,
];

/** Clause boundaries: the verdict is the last clause's predicate, not a condition or concession before it. */
const CLAUSE_BREAK =
  /,|(?:으나|지만|는데|은데|므로|으므로|니까|면서|으면|거나|아니라|경우에는|경우에도|경우라도|때에는|때에도|때는|더라도|라도)\s|(?<=[가-힣])면\s/g;

/**
 * Negation in predicate position only: a final or quoted verb (없습니다, 없다고, 없는 것), never a
 * modifier ("이유 없는 파기", "인정되지 않는 경우"), an adverb (없이), a connective (않고) or a noun (부정행위).
 */
const END = "(?:습|다(?:고|는)?(?![가-힣])|어요|음|나|니|죠|는\\s*것|을\\s*것|을\\s*수)";
const NEGATION = new RegExp(
  [
    `없(?=${END})`,
    `않(?=${END}|는다|아)`,
    `아니(?=다|합|한다|하다|하므|에요|야|라고|라는)`,
    "아닙",
    "아닌(?=가|지)",
    "못(?=\\s*[가-힣])",
    "불가능",
    "부정(?=되|됩|된다|하여야|해야|하는\\s*것)",
    `어렵(?=${END}|고)`,
  ].join("|"),
  "g",
);
/** "~하지 않을 수 없다" means "must": the two negations are one positive. */
const MUST = /지\s*않을\s*수\s*(?:없|밖에)/g;
const DECLARATIVE = /(?:니다|다|요|음|함|됨|임|있음|없음)$/;

function stripLead(text: string): string {
  return text.replace(LEAD, "");
}

/** The first sentence, skipping heading-only lines ("## 결론", "결론:"). */
export function firstSentence(answer: string): string {
  const lines = answer.split(/\n/).map((l) => l.trim());
  const body = lines.filter((l) => l && !/^#+\s|^[*_]*(?:결론|답변|요약)[*_]*\s*[:：]?[*_]*$/.test(l)).join("\n");
  const text = stripLead(body.trim());
  const end = text.search(/(?<=[.!?。])(?:\s|$)|\n/);
  return (end > 0 ? text.slice(0, end) : text).trim();
}

/** The sentence without citations in brackets, list markers, and final punctuation. */
function clean(sentence: string): string {
  return sentence
    .replace(/\([^()]*\)|（[^（）]*）|\[[^\]]*\]/g, " ")
    .replace(/[*_"'“”‘’]/g, "")
    .replace(/[\s.!?。~]+$/, "")
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
  if (!text || HEDGES.some((h) => h.test(text))) return null;
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

export function extractYesNo(answer: string, question?: string): YesNo | null {
  const first = firstSentence(answer);
  if (!first) return null;
  if (FIRST_NO.test(first)) return "no";
  if (FIRST_YES.test(first) && !NUMERAL_NE.test(first)) return "yes";
  const bare = clean(first);
  if (WHOLE_YES.test(bare)) return "yes";
  if (WHOLE_NO.test(bare)) return "no";
  const polarity = predicatePolarity(first);
  if (polarity === null) return null;
  // Agreeing with the question's own form is a yes, whether that form is affirmative or negated.
  return polarity === questionPolarity(question) ? "yes" : "no";
}
