import { resolveCitations } from "../chat/citation-links";
import type { AnswerRecord } from "../chat/types";
import { supportingSentences } from "../precedent/support";
import type { Range } from "../text/sentences";
import { formatCitation } from "./citation";
import { blockText, markdownBlocks } from "./markdown-lite";

/**
 * An answer as it leaves the app — DOCX, the print sheet, the copied text all say the same: the
 * question, the answer, the formatted citation of every decision it cites (each once, in the order
 * first cited) and the passages it stood on, with their supporting sentences marked.
 */

export interface ExportedPassage {
  id: string;
  section: string;
  text: string;
  /** The supporting sentence(s), as ranges of `text`. */
  support: Range[];
}

export interface ExportedCitation {
  caseNo: string;
  /** "대법원 1976. 12. 28. 선고 76므41 판결". */
  citation: string;
  caseName: string;
  passages: ExportedPassage[];
}

export interface AnswerExport {
  question: string;
  answer: string;
  citations: ExportedCitation[];
  /** Numbers the answer gave that none of the retrieved decisions bears (flagged in the app). */
  unverified: string[];
  /** The lawyer stopped it, or the server did: it may be incomplete. */
  incomplete: boolean;
}

export function buildAnswerExport(input: {
  question: string;
  answer: string;
  record?: AnswerRecord;
  incomplete?: boolean;
}): AnswerExport {
  const { record } = input;
  const citations = new Map<string, ExportedCitation>();
  const unverified = new Set<string>();
  const resolved = record ? resolveCitations(record) : [];
  record?.parts.forEach((part, i) => {
    if (part.type !== "citation") return;
    if (!part.valid) {
      unverified.add(part.caseNo);
      return;
    }
    const passage = resolved[i]?.passage;
    const key = passage ? `${passage.corpusId}|${passage.caseNo}` : part.caseNo;
    let entry = citations.get(key);
    if (!entry) {
      entry = {
        caseNo: passage?.caseNo ?? part.caseNo,
        citation: passage ? formatCitation(passage) : part.caseNo,
        caseName: passage?.caseName ?? "",
        passages: [],
      };
      citations.set(key, entry);
    }
    if (passage && !entry.passages.some((p) => p.id === passage.id)) {
      const hint = resolved[i]?.hint ?? "";
      entry.passages.push({
        id: passage.id,
        section: passage.section,
        text: passage.text,
        support: hint ? supportingSentences(passage.text, hint).ranges : [],
      });
    }
  });
  return {
    question: input.question,
    answer: input.answer,
    citations: [...citations.values()],
    unverified: [...unverified],
    incomplete: input.incomplete ?? false,
  };
}

/** The answer's text, Markdown read into plain lines. */
export function plainAnswer(answer: string): string {
  return markdownBlocks(answer).map(blockText).join("\n");
}

/**
 * What 복사 puts on the clipboard: question, answer, and the citations with the sentence each
 * decision supports — ready to paste into a brief or a memo.
 */
export function formatAnswerText(exported: AnswerExport): string {
  const lines = ["[질문]", exported.question.trim(), "", "[답변]", plainAnswer(exported.answer)];
  if (exported.incomplete) lines.push("(중단된 답변입니다. 내용이 완결되지 않았을 수 있습니다.)");
  if (exported.citations.length > 0) {
    lines.push("", "[인용 판례]");
    exported.citations.forEach((c, i) => {
      lines.push(`${i + 1}. ${c.citation}${c.caseName ? ` (${c.caseName})` : ""}`);
      for (const p of c.passages) {
        const sentences = p.support.map((r) => p.text.slice(r.start, r.end)).join(" ");
        if (sentences) lines.push(`   “${sentences}” [${p.section}]`);
      }
    });
  }
  if (exported.unverified.length > 0) {
    lines.push("", `[확인 필요] 검색된 판례에 없는 사건번호: ${exported.unverified.join(", ")}`);
  }
  return lines.join("\n");
}

/** A file name for the export: date and the start of the question ("판례리서치_20261123_회원권 이용료를….docx"). */
export function exportFileName(question: string, date: Date, extension: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "Asia/Seoul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const day = ["year", "month", "day"].map((t) => parts.find((p) => p.type === t)?.value ?? "").join("");
  const words = question
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 30)
    .trim();
  return `판례리서치_${day}${words ? `_${words}` : ""}.${extension}`;
}
