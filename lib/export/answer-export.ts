import { citationHrefs, resolveCitations } from "../chat/citation-links";
import type { AnswerRecord } from "../chat/types";
import { supportingSentences } from "../precedent/support";
import { outsideOf, STATUS_LABEL } from "../rag/citations";
import type { Range } from "../text/sentences";
import { answerBlocks, type Block, blocksText } from "./answer-blocks";
import { formatCitation } from "./citation";

/**
 * An answer as it leaves the app — DOCX, the print sheet, the copied text all say the same: the
 * question, the answer as the screen renders it (tables, lists, bold; each case number with its
 * status and support mark, a flagged one with ⚠ and why), the formatted citation of every decision it cites
 * (each once, in the order first cited, linked to the viewer) and the passages it stood on, with
 * their supporting sentences marked.
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
  /** Its page in the viewer (a path of this app), opened at the passage the answer cited. */
  href?: string;
  passages: ExportedPassage[];
}

export interface AnswerExport {
  question: string;
  answer: string;
  /** The answer's Markdown read as the screen renders it, citations marked. */
  blocks: Block[];
  /** The strategy that answered ("RAR (분석·근거 질의)"), when the answer records it. */
  strategy?: string;
  citations: ExportedCitation[];
  /** Numbers the answer gave that no corpus holds (status "unknown", flagged in the app). */
  unverified: string[];
  /** The corpora were searched for `unverified` (false: an older answer, only its passages were). */
  checked: boolean;
  /** Real decisions of a corpus the answer cites that were not among its passages (status "corpus"). */
  outside: string[];
  /** The lawyer stopped it, or the server did: it may be incomplete. */
  incomplete: boolean;
  /** The model stopped mid-answer: why, as the chat showed it (the answer is what was written until then). */
  cutOff?: string;
}

/** A whole conversation: every question and its answer, in order. */
export interface ConversationExport {
  title: string;
  turns: AnswerExport[];
}

export function buildAnswerExport(input: {
  question: string;
  answer: string;
  record?: AnswerRecord;
  incomplete?: boolean;
  /** The chat it belongs to (the viewer's links lead back to it). */
  chatId?: string;
  /** The imported statutes: a reference to one links to its article (in Word). */
  laws?: readonly string[];
}): AnswerExport {
  const { record, chatId } = input;
  const hrefs = record ? citationHrefs(record, { chatId }) : [];
  const citations = new Map<string, ExportedCitation>();
  const unverified = new Set<string>();
  const outside = new Set<string>();
  const resolved = record ? resolveCitations(record) : [];
  record?.parts.forEach((part, i) => {
    if (part.type !== "citation") return;
    if (!part.valid) {
      (part.found ? outside : unverified).add(part.caseNo);
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
        ...(hrefs[i] ? { href: hrefs[i] } : {}),
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
    blocks: answerBlocks(input.answer, record, chatId, input.laws),
    ...(record?.trace?.strategy?.label ? { strategy: record.trace.strategy.label } : {}),
    citations: [...citations.values()],
    unverified: [...unverified],
    checked: record ? outsideOf(record.parts).checked : false,
    outside: [...outside],
    incomplete: (input.incomplete ?? false) || Boolean(record?.cutOff),
    ...(record?.cutOff ? { cutOff: record.cutOff } : {}),
  };
}

/** The answer's text, Markdown read into plain lines, each case number with its mark. */
export function plainAnswer(exported: Pick<AnswerExport, "blocks">): string {
  return blocksText(exported.blocks).join("\n");
}

export const INCOMPLETE_NOTE = "중단된 답변입니다. 내용이 완결되지 않았을 수 있습니다.";

/** The note an incomplete answer carries in every export: the chat's own words when the model was cut off. */
export function incompleteNote(exported: Pick<AnswerExport, "incomplete" | "cutOff" | "answer">): string | undefined {
  if (exported.cutOff) {
    const reason = `${exported.cutOff.trim().replace(/[.。]$/, "")}.`;
    return exported.answer.trim()
      ? `답변이 중간에 끊겼습니다: ${reason} 아래는 그때까지 작성된 부분입니다.`
      : `답변 작성에 실패했습니다: ${reason}`;
  }
  return exported.incomplete ? INCOMPLETE_NOTE : undefined;
}

/**
 * The closing note on numbers no corpus holds (each is also flagged inline); `checked` false: an
 * older answer whose corpora were not searched, so only "not among the passages" can be said.
 */
export const unverifiedNote = (numbers: string[], checked = false) =>
  `답변의 사건번호 ${numbers.join(", ")}은(는) ${checked ? "어느 말뭉치에도" : "검색된 판례에"} 없습니다. 모델이 잘못 기억했거나 지어냈을 수 있으니 원문으로 확인하세요.`;

/** The closing note on real decisions cited from outside the passages (never the invented wording). */
export const outsideNote = (numbers: string[]) =>
  `답변의 사건번호 ${numbers.join(", ")}은(는) 말뭉치에 있는 실제 판례이지만 이 답변의 근거로 검색된 판례가 아닙니다. 원문을 열어 답변 내용과 맞는지 확인하세요.`;

/**
 * What 복사 puts on the clipboard: question, answer, and the citations with the sentence each
 * decision supports — ready to paste into a brief or a memo.
 */
export function formatAnswerText(exported: AnswerExport): string {
  const lines = ["[질문]", exported.question.trim(), "", "[답변]", plainAnswer(exported)];
  const note = incompleteNote(exported);
  if (note) lines.push(`(${note})`);
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
  if (exported.outside.length > 0) {
    lines.push("", `[${STATUS_LABEL.corpus}] ${outsideNote(exported.outside)}`);
  }
  if (exported.unverified.length > 0) {
    lines.push("", `[확인 필요] ${unverifiedNote(exported.unverified, exported.checked)}`);
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
