import type { OverruleScope, OverrulingEdge } from "../text/citation-types";
import type { ParsedDecision } from "../text/decision";
import { splitSentences } from "../text/sentences";
import { citationUnits, normalizeCourt } from "./parse";

/**
 * Overrulings (판례 변경) a decision states. An en banc decision (전원합의체) that departs from
 * earlier decisions names them in one sentence of its reasons, in a standard formula and its
 * variants:
 *   "…대법원 1990. 2. 27. 선고 88다카23331 판결은 이 판결의 견해에 배치되는 범위에서 이를 변경하기로 한다."
 *   "…판결 등은 이 판결과 배치되는 범위 내에서 모두 변경하기로 한다." / "…저촉되는 한도 내에서 …"
 *   "…판결의 견해는 이를 폐기하기로 한다." (older) / "…판결은 이를 변경한다."
 * The decisions cited before the verb in that sentence are overruled — "to the extent they
 * conflict" (partial) when the sentence says so, outright otherwise. law.go.kr also marks them in
 * the 참조판례 list with "(변경)". A lower court's "원심판결을 변경한다" names no earlier precedent
 * (no citation before the verb) and a contract "변경" has no ruling words: neither counts.
 */

// The verb of the formula: "변경하기로 한다", "변경하기로 하는바", "폐기한다" …
const VERB = /(?:변경|폐기)(?:하기로\s*(?:한다|하는바|하며|하고|함|하였다)|한다|함)/;
// Words of the formula around the verb: an overruling speaks of views, precedents, conflict.
const RULING_WORDS = /견해|배치|저촉|어긋나|판례|같은\s?취지|이와\s?달리|폐기/;
const PARTIAL = /(?:배치|저촉|어긋나|반하|다른)[가-힣\s]{0,12}(?:범위|한도|부분)/;
// "(변경)" right after a citation in 참조판례, past its report reference ("(공1990, 1234)").
const MARKED = /^(?:\s*\([^)]{0,30}\))*\s*\(\s*변경\s*\)/;

export function parseOverrulings(decision: ParsedDecision, ownParts: string[]): OverrulingEdge[] {
  const own = new Set(ownParts);
  const court = normalizeCourt(decision.meta.court);
  const out = new Map<string, OverrulingEdge>();
  const add = (caseNo: string, edge: Omit<OverrulingEdge, "caseNo">) => {
    if (own.has(caseNo)) return;
    const known = out.get(caseNo);
    // The body's statement says how far; a bare "(변경)" mark does not.
    if (!known || (known.scope === "full" && edge.scope === "partial")) out.set(caseNo, { caseNo, ...edge });
  };
  const section = (name: string) => decision.sections.find((s) => s.name === name)?.text ?? "";

  const body = section("판례내용");
  for (const r of splitSentences(body)) {
    const sentence = body.slice(r.start, r.end);
    const verb = VERB.exec(sentence);
    if (!verb || !RULING_WORDS.test(sentence)) continue;
    const scope: OverruleScope = PARTIAL.test(sentence) ? "partial" : "full";
    for (const u of citationUnits(sentence, { citingCourt: court, inherit: "adjacent" })) {
      if (u.start >= verb.index) break;
      for (const caseNo of u.parts) add(caseNo, { court: u.court || court, date: u.date, scope });
    }
  }

  const references = section("참조판례");
  for (const u of citationUnits(references, { citingCourt: court, inherit: "list" })) {
    if (!MARKED.test(references.slice(u.end))) continue;
    for (const caseNo of u.parts) add(caseNo, { court: u.court || court, date: u.date, scope: "full" });
  }
  return [...out.values()];
}
