import { CASE_NO_PATTERN } from "./case-number";

export interface ReferencedCase {
  /** As written, normalized: "94므826, 833". */
  text: string;
  /** Each case of it: ["94므826", "94므833"] (a joined number's later parts take its year and letters). */
  parts: string[];
}

// After a case number, the later parts of a joined one: ", 833" (not ", 1992. 4. 24." nor ", 공1993하").
const JOINED_TAIL = /^\s*[,，]\s*(\d{1,6})(?![\d.가-힣])/;

// "1986.3.25 선고 85다카728": the day, 선고 and the year read like a case number ("25선고85").
const NOT_CASE_LETTERS = new Set(["선고", "자"]);

/** The cases cited in a 참조판례 list, in order, without repeats; joined numbers kept together. */
export function referencedCases(text: string): ReferencedCase[] {
  const seen = new Set<string>();
  const out: ReferencedCase[] = [];
  const pattern = new RegExp(CASE_NO_PATTERN.source, "g");
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (NOT_CASE_LETTERS.has(m[2] ?? "")) {
      // Not a number: look again from just after its first digits ("25 선고 85다카728" holds one).
      pattern.lastIndex = m.index + 1;
      continue;
    }
    const prefix = `${m[1]}${m[2]}`;
    const parts = [`${prefix}${m[3]}`];
    let rest = text.slice((m.index ?? 0) + m[0].length);
    for (let tail = JOINED_TAIL.exec(rest); tail; tail = JOINED_TAIL.exec(rest)) {
      parts.push(`${prefix}${tail[1]}`);
      rest = rest.slice(tail[0].length);
    }
    const fresh = parts.filter((p) => !seen.has(p));
    if (fresh.length === 0) continue;
    for (const p of fresh) seen.add(p);
    out.push({ text: [parts[0], ...parts.slice(1).map((p) => p.slice(prefix.length))].join(", "), parts });
  }
  return out;
}

/** Case numbers cited in a 참조판례 list, in order, without repeats (joined numbers split into their parts). */
export function referencedCaseNumbers(text: string): string[] {
  return referencedCases(text).flatMap((c) => c.parts);
}
