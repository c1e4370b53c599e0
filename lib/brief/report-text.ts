import { VERDICT_LABEL } from "../rag/support/types";
import { type BriefCitation, NOT_FOUND_NOTE, STATUS_LABELS } from "./types";

/**
 * The wording of a 서면 검증 report's 상태 and 근거, shared by the screen (components/brief) and the
 * Word file (report-docx.ts). Kept apart from the Word writer so the page's bundle does not carry it.
 */

/** "2099-01-15" → "2099. 1. 15." (the way a draft writes a date). */
export const dotted = (date?: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  return m ? `${m[1]}. ${Number(m[2])}. ${Number(m[3])}.` : (date ?? "");
};

/** What the 상태 column says: the status, both dates or courts when they differ, the marks. */
export function statusText(c: BriefCitation): string {
  const lines = [STATUS_LABELS[c.status]];
  if (c.status === "date_mismatch") lines.push(`서면 ${dotted(c.date)} · 판례 ${dotted(c.foundDate)}`);
  if (c.status === "court_mismatch") lines.push(`서면 ${c.court ?? ""} · 판례 ${c.foundCourt ?? ""}`);
  if (c.overruled) lines.push(`변경된 판례: ${c.overruled}`);
  if (c.enBanc) lines.push("전원합의체");
  return lines.join("\n");
}

/** What the 근거 column says: the support check's mark and reason, or why nothing was checked. */
export function groundText(c: BriefCitation): string {
  if (c.status === "not_found") return NOT_FOUND_NOTE;
  if (!c.support) return "근거를 확인하지 못했습니다.";
  const quote = c.support.quote ? `\n“${c.support.quote}”` : "";
  return `${VERDICT_LABEL[c.support.verdict]} — ${c.support.reason}${quote}`;
}
