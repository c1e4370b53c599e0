/**
 * Notices about the answer itself (it could not be written, ran out of time, had nothing to
 * search, or searched an index still catching up with recent imports): shown on the answer card, where the lawyer reads the answer. The evidence panel beside
 * it shows only the other notices (about the search: a reranker or a query that failed) — on a wide
 * screen both are visible at once, and showing an answer notice in both said it twice (issue 23).
 */
const ANSWER_NOTICES = new Set([
  "answer_deadline",
  "answer_failed",
  "answer_cut",
  "no_corpus",
  "no_match",
  "no_results",
  // The answer may miss recently imported decisions (the index was still catching up).
  "index_incomplete",
  // A follow-up that could not be rewritten with the conversation was searched as asked.
  "standalone_failed",
  // 다시 시도 found the model still unreachable: the answer written before is kept.
  "model_still_down",
]);

export const isAnswerNotice = (code: string): boolean => ANSWER_NOTICES.has(code);

/** The model stopped before the answer was written (issue 24): said above the answer, not below it. */
export const isCutNotice = (code: string): boolean => code === "answer_failed" || code === "answer_cut";
