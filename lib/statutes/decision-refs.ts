import type { ParsedDecision } from "../text/decision";
import { type StatuteLink, statuteLinks } from "../text/statute-ref";

export type { StatuteLink };

/**
 * The statute articles a decision's 참조조문 names (lib/text/statute-ref.ts statuteLinks). A former
 * law ("구 민법 …") is linked to the statute under its name: the viewer shows the article with its
 * 시행일자.
 */
export function decisionStatuteRefs(decision: ParsedDecision): StatuteLink[] {
  const section = decision.sections.find((s) => s.name === "참조조문");
  return section ? statuteLinks(section.text) : [];
}
