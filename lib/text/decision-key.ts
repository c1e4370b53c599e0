import { splitCaseNo } from "./case-number";
import type { Chunk } from "./decision";

/**
 * One decision, whichever corpus holds it and however its number is spaced: its court and its
 * case number(s). Two corpora that both imported 대법원 94므826, 833 hold the same decision.
 */
export function decisionKey(chunk: Pick<Chunk, "court" | "caseNo">): string {
  return `${chunk.court}|${splitCaseNo(chunk.caseNo).join(",")}`;
}
