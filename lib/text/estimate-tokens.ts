/**
 * Tokens a text will cost, estimated without the model's tokenizer: a Hangul syllable or a CJK
 * character as one token (current tokenizers spend about that or less on Korean), other characters
 * four to a token. It errs on the high side, so the budget is never exceeded.
 */
export function estimateTokens(text: string): number {
  const wide = (text.match(/[\p{Script=Hangul}\p{Script=Han}]/gu) ?? []).length;
  const other = text.replace(/[\p{Script=Hangul}\p{Script=Han}\s]/gu, "").length;
  return wide + Math.ceil(other / 4);
}
