import type { ParsedDecision } from "../text/decision";
import { readStatuteRefs } from "../text/statute-ref";

export interface StatuteLink {
  /** "민법", "소득세법 시행령". */
  law: string;
  /** "제750조", "제839조의2". */
  article: string;
}

/**
 * The statute articles a decision's 참조조문 names, each (law, article) once, in the order written.
 * Articles the list writes with no statute before them ("제3조" after a 부칙) name no law and are
 * left out: a link to a guessed statute would be worse than none. A former law ("구 민법 …") is
 * linked to the statute under its name: the viewer shows the article with its 시행일자.
 */
export function decisionStatuteRefs(decision: ParsedDecision): StatuteLink[] {
  const section = decision.sections.find((s) => s.name === "참조조문");
  if (!section) return [];
  const seen = new Set<string>();
  const out: StatuteLink[] = [];
  for (const ref of readStatuteRefs(section.text, { list: true })) {
    if (!ref.law) continue;
    // Old decisions write "상속세법시행령": stored as the statute is named, "상속세법 시행령".
    const law = ref.law.replace(/\s*(시행령|시행규칙)$/u, " $1");
    const key = `${law}\u0000${ref.article}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ law, article: ref.article });
  }
  return out;
}
