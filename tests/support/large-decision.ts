import { writeFileSync } from "node:fs";

/**
 * An archived decision (lib/ingest/decision-archive.ts's JSON) of a given size, for the viewer's
 * tests and benchmark: one section padded with numbered reasoning lines to `bytes` of UTF-8, with
 * a known block (by default LARGE_CITED under 【이 유】) 90% of the way in, where a citation points.
 * Importing such a file would take minutes and measure the import; the viewer reads only this.
 */

export const LARGE_CITED = "사업자는 비행 중 떨어진 물건으로 제3자에게 생긴 손해를 배상할 책임이 있다.";
export const LARGE_FIND = "지연손해금";

const line = (i: number) =>
  `${i}. 피고는 원고에게 금 ${i},000원 및 이에 대한 ${LARGE_FIND}을 지급하라는 청구에 관하여 본다. 증거에 의하면 다음 사실이 인정된다.\n`;

export interface LargeDecisionOptions {
  /** The section padded (default 판례내용); the record's other sections are kept. */
  section?: string;
  /** Put 90% of the way into it (default: LARGE_CITED under 【이 유】). */
  block?: string;
}

export function largeDecisionJson(
  bytes: number,
  record: Record<string, string>,
  { section = "판례내용", block = `【이 유】\n${LARGE_CITED} 원고의 과실은 참작되었다.` }: LargeDecisionOptions = {},
): string {
  const lines: string[] = [];
  // Korean is 3 bytes a character in UTF-8, digits and spaces 1: each line is measured.
  for (let i = 1, size = 0; size < bytes; i++) {
    const l = line(i);
    lines.push(l);
    size += Buffer.byteLength(l);
  }
  lines.splice(Math.floor(lines.length * 0.9), 0, `${block}\n`);
  return JSON.stringify({
    판시사항: "드론 배송 중 떨어진 물건으로 생긴 손해의 배상 책임",
    판결요지: "드론 배송 사업자는 떨어진 물건으로 생긴 손해를 배상할 책임이 있다.",
    ...record,
    [section]: `${section === "판례내용" ? "【주 문】\n상고를 기각한다.\n\n" : ""}${lines.join("")}`,
  });
}

export function writeLargeDecision(
  path: string,
  bytes: number,
  record: Record<string, string>,
  options?: LargeDecisionOptions,
): void {
  writeFileSync(path, largeDecisionJson(bytes, record, options));
}
