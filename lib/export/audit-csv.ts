import { type AuditEntry, type AuditFilter, listAuditEntries } from "../db/audit";
import { AUDIT_TARGET_LABELS, actionLabel, auditTime } from "./audit-log";

/**
 * The audit log as CSV for a spreadsheet: UTF-8 with a byte-order mark (without it Excel reads the
 * file as the system's legacy code page and the Korean turns to mojibake), CRLF line ends and
 * RFC 4180 quoting. Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR first) get a
 * leading apostrophe: a failed sign-in records the email as typed, so a cell can be an attacker's.
 */

export const CSV_BOM = "\uFEFF";
export const AUDIT_CSV_HEADER = [
  "일시 (한국 시간)",
  "작업",
  "작업 코드",
  "사용자",
  "대상 종류",
  "대상",
  "대상 ID",
  "내용",
  "접속 주소",
];
/** Rows in one file; beyond it the file ends with a line saying so (narrow the dates). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
const PAGE = 500;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function auditCsvRow(entry: AuditEntry): string[] {
  return [
    auditTime(entry.createdAt),
    actionLabel(entry.action),
    entry.action,
    entry.actorEmail,
    entry.target ? (AUDIT_TARGET_LABELS[entry.target.kind] ?? entry.target.kind) : "",
    entry.target?.label ?? "",
    entry.target?.id ?? "",
    entry.detail,
    entry.ip ?? "",
  ];
}

/**
 * The file's text, newest first, page by page (each page one indexed query, so a large log is
 * neither held in memory nor read in one long query that holds up other requests).
 */
export async function* auditCsvChunks(filter: AuditFilter, maxRows = AUDIT_CSV_MAX_ROWS): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(AUDIT_CSV_HEADER);
  let written = 0;
  let before: { createdAt: Date; id: string } | undefined;
  while (written < maxRows) {
    const entries = await listAuditEntries({ ...filter, before, take: Math.min(PAGE, maxRows - written) });
    if (entries.length === 0) return;
    yield entries.map((e) => csvLine(auditCsvRow(e))).join("");
    written += entries.length;
    const last = entries.at(-1) as AuditEntry;
    before = { createdAt: last.createdAt, id: last.id };
  }
  const more = await listAuditEntries({ ...filter, before, take: 1 });
  if (more.length > 0) {
    yield csvLine([`(기록이 ${maxRows}건을 넘어 여기서 끊었습니다. 기간을 좁혀 다시 내려받아 주세요.)`]);
  }
}

/** The same as a byte stream for a route handler's Response. */
export function auditCsvStream(filter: AuditFilter, maxRows?: number): ReadableStream<Uint8Array> {
  const chunks = auditCsvChunks(filter, maxRows);
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
