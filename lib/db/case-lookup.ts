import { caseNumbersMatch, normalizeCaseNo, splitCaseNo } from "../text/case-number";
import { type Db, db } from "./client";

/**
 * Documents for a case number as a lawyer or a 참조판례 list writes it. A joined decision is
 * stored under its number as written ("94므826, 833"), so "94므833" — or "94므826,833" — must find
 * it too: exact matches first, then documents whose number shares a case with the one asked for.
 */
export async function findDocumentsForCaseNo(caseNo: string, client: Db = db()) {
  const include = { corpus: { select: { name: true } } } as const;
  const exact = await client.document.findMany({ where: { caseNo }, include });
  if (exact.length > 0) return exact;
  const first = splitCaseNo(caseNo)[0] ?? normalizeCaseNo(caseNo);
  // Same year and case-type letters: "94므" narrows the scan to a handful of rows.
  const prefix = /^\d{2,4}[가-힣]+/.exec(first)?.[0];
  if (!prefix) return [];
  const candidates = await client.document.findMany({ where: { caseNo: { startsWith: prefix } }, include });
  return candidates.filter((d) => caseNumbersMatch(d.caseNo, caseNo));
}
