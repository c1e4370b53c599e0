import { blankCitations } from "./case-citation";
import { splitSentences } from "./sentences";

// Citations (read by the one reader, court, date and 판결 included), the court and ruling words left
// around them, and Markdown marks: no support in them. Dates ("1994. 11. 25.") too.
const NOISE = /\d{4}\s?\.\s?\d{1,2}\s?\.\s?\d{1,2}\.?|대법원|전원합의체|선고|판결|결정|[*_#>`[\]()]/g;
const MIN_HINT_CHARS = 24;

/**
 * The part of the answer a citation stands for: its sentence, without the case numbers; the
 * sentence before it too when the citing one says little on its own ("관련 판례: 76므41"): shorter
 * than `minChars` once cleaned.
 */
export function citationHint(answer: string, start: number, minChars = MIN_HINT_CHARS): string {
  const sentences = splitSentences(answer);
  const index = sentences.findIndex((r) => start < r.end);
  const at = index < 0 ? sentences.length - 1 : index;
  const clean = (i: number) => {
    const r = sentences[i];
    if (!r) return "";
    return blankCitations(answer.slice(r.start, r.end))
      .replace(NOISE, " ")
      .replace(/\s+/g, " ")
      .replace(/\s([.,?!])/g, "$1")
      .trim();
  };
  let hint = clean(at);
  if (hint.length < minChars && at > 0) hint = `${clean(at - 1)} ${hint}`.trim();
  return hint;
}
