/**
 * Text clean-up shared by the parsers. The source (law.go.kr via precedent-kr) breaks lines inside
 * 참조조문/참조판례 lists and leaves stray spaces before commas; those lists are rejoined so each
 * reference reads whole. Body sections keep their paragraphs.
 */

/** Joins a reference list into one line: "산림법 제75조, \n \n 제80조" → "산림법 제75조, 제80조". */
export function normalizeReferenceList(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\s+([,，])/g, "$1")
    .replace(/([,，])(?=\S)/g, "$1 ")
    .replace(/\s*\/\s*/g, " / ")
    .replace(/(판결|결정)(?=[가-하]\.\s)/g, "$1 / ") // "판결다. 대법원…": a missing separator between items
    .replace(/[\s/,]+$/, "")
    .trim();
}

/** Trims each line's trailing space, collapses runs of blank lines, keeps paragraphs. */
export function normalizeBody(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const TRUNCATION = /^…\[TRUNCATED IN THIS SAMPLE/m;

/** The sample data marks shortened decisions; the text ends at that marker. */
export function cutAtTruncation(text: string): string {
  const match = TRUNCATION.exec(text);
  return match ? text.slice(0, match.index) : text;
}
