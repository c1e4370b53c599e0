/**
 * Sentences of Korean legal prose, as ranges of the text (offsets, so a caller can mark them in
 * place). A sentence ends at "." "?" "!" "。" followed by whitespace; a dot inside a date
 * ("1976. 12. 28. 선고") or after a list number ("1. 드론") does not end one. Decisions carry stray
 * line breaks mid-sentence, so a line break ends one only after a closing mark, before a list
 * marker ("[2]", "가.", "(1)", "【"), or at a blank line.
 */

export interface Range {
  start: number;
  end: number;
}

// "1976. 12. 28." / "1976.12.28." up to the dot just read, and a bare "1." / "(2)." / "가." list marker.
const DATE_BEFORE = /\d{2,4}\.\s?\d{1,2}\.\s?\d{1,2}$|\d{2,4}\.\s?\d{1,2}$|\d{2,4}$/;
const LIST_MARKER = /(?:^|\s)(?:\d{1,2}|[가-하]|\(\d{1,2}\))$/;

const CLOSED = /[.?!。:：】」』)]\s*$/;
const OPENS_ITEM = /^\s*(?:【|\[|［|[①-⑳]|[-•·]\s|\(?\d{1,2}[.)]|\(?[가-하][.)]|\(\d{1,2}\)|$)/;

function lineEndsSentence(text: string, start: number, newline: number): boolean {
  const before = text.slice(start, newline);
  const after = text.slice(newline + 1, text.indexOf("\n", newline + 1) >>> 0);
  // A short line ending in a comma is a heading of its own ("(나) 제2점에 대하여,").
  const heading = /,\s*$/.test(before) && before.trim().length <= 30;
  return !before.trim() || CLOSED.test(before) || heading || OPENS_ITEM.test(after);
}

function endsSentence(text: string, dot: number): boolean {
  const ch = text[dot];
  if (ch !== ".") return true;
  const before = text.slice(Math.max(0, dot - 16), dot);
  if (DATE_BEFORE.test(before) && /^\s?\d/.test(text.slice(dot + 1, dot + 3))) return false; // 1976. 12.
  if (/\d{2,4}\.\s?\d{1,2}\.\s?\d{1,2}$/.test(before)) return false; // 1976. 12. 28. 선고
  if (LIST_MARKER.test(before)) return false; // "1. 드론 배송" / "가. 원심"
  return true;
}

/** The sentences of `text`, trimmed, in order; whitespace between them belongs to none. */
export function splitSentences(text: string): Range[] {
  const out: Range[] = [];
  let start = 0;
  const push = (end: number) => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s] ?? "")) s++;
    while (e > s && /\s/.test(text[e - 1] ?? "")) e--;
    if (e > s) out.push({ start: s, end: e });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === "\n") {
      if (lineEndsSentence(text, start, i)) {
        push(i);
        start = i + 1;
      }
    } else if (/[.?!。]/.test(ch) && /\s/.test(text[i + 1] ?? " ") && endsSentence(text, i)) {
      // Closing quotes and brackets after the stop stay with the sentence.
      push(i + 1);
      start = i + 1;
    }
  }
  push(text.length);
  return out;
}

/** The sentence of `text` that contains offset `at` (the last one when `at` is past the end). */
export function sentenceAt(text: string, at: number): Range | undefined {
  const all = splitSentences(text);
  return all.find((r) => at < r.end) ?? all.at(-1);
}
