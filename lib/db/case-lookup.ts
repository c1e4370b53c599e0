import { parseCaseNo } from "../text/case-citation";
import { normalizeCaseNo, splitCaseNo } from "../text/case-number";
import { type Db, db } from "./client";

/**
 * Documents for a case number as a lawyer or a 참조판례 list writes it. A joined decision is
 * stored under its number as written ("94므826, 833"), so "94므833" — or "94므826,833" — must find
 * it too: exact matches first (the caseNo index), then joined numbers only — those with a comma,
 * the same year and letters and the serial somewhere — so a national corpus (tens of thousands of
 * "2019다" decisions) is never scanned by prefix.
 */

const include = { corpus: { select: { name: true } } } as const;
/** Joined-number candidates read per lookup at most (each has a comma, the prefix and the serial). */
const JOINED_CANDIDATES = 500;

async function joinedCandidates(parts: string[], client: Db) {
  const narrow = parts.flatMap((p) => {
    const parsed = parseCaseNo(p);
    if (!parsed) return [];
    const prefix = `${parsed.year}${parsed.code}`;
    return [
      {
        AND: [
          { caseNo: { startsWith: prefix } },
          { caseNo: { contains: "," } },
          { caseNo: { contains: parsed.serial } },
        ],
      },
    ];
  });
  if (narrow.length === 0) return [];
  return client.document.findMany({ where: { OR: narrow }, include, take: JOINED_CANDIDATES });
}

export async function findDocumentsForCaseNo(caseNo: string, client: Db = db()) {
  const exact = await client.document.findMany({ where: { caseNo }, include });
  if (exact.length > 0) return exact;
  const parts = splitCaseNo(caseNo);
  const written = normalizeCaseNo(caseNo);
  const solid =
    parts.length === 1 && parts[0] !== caseNo
      ? await client.document.findMany({ where: { caseNo: parts[0] }, include })
      : [];
  if (solid.length > 0) return solid;
  const wanted = new Set(parts);
  return (await joinedCandidates(parts, client)).filter(
    (d) => normalizeCaseNo(d.caseNo) === written || splitCaseNo(d.caseNo).some((p) => wanted.has(p)),
  );
}

export type CaseDocument = Awaited<ReturnType<typeof findDocumentsForCaseNo>>[number];

/**
 * The documents holding each of many case numbers (normalised, one case each): number → its
 * documents, in one query for the exact ones and one for joined numbers. A number no document
 * holds is absent from the map.
 */
export async function findDocumentsForCaseNos(
  caseNos: string[],
  client: Db = db(),
): Promise<Map<string, CaseDocument[]>> {
  const out = new Map<string, CaseDocument[]>();
  const wanted = [...new Set(caseNos)];
  if (wanted.length === 0) return out;
  const add = (n: string, d: CaseDocument) => out.set(n, [...(out.get(n) ?? []), d]);
  for (const d of await client.document.findMany({ where: { caseNo: { in: wanted } }, include })) add(d.caseNo, d);
  const missing = new Set(wanted.filter((n) => !out.has(n)));
  if (missing.size > 0) {
    for (const d of await joinedCandidates([...missing], client)) {
      for (const p of splitCaseNo(d.caseNo)) if (missing.has(p)) add(p, d);
    }
  }
  return out;
}
