import { readHanja } from "./hanja-reading";
import { normalizeForTokens } from "./tokenize-ko";

/**
 * A text folded for matching a word as a lawyer types it: NFKC, lower case, hanja read as Hangul
 * (身體的 finds 신체적) and spaces removed ("손해 배상" and "손해배상" are one phrase). Every
 * character keeps its length through the first three steps, so only the spaces move offsets.
 * The one fold used by 판례 검색's matching, in the index (사건명) and on the page (snippets).
 */
export function foldForMatch(text: string): string {
  return readHanja(normalizeForTokens(text)).replace(/\s+/gu, "");
}
