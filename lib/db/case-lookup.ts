import { parseCaseNo } from "../text/case-citation";
import { splitCaseNo } from "../text/case-number";
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

/** A document with its corpus's name, as every lookup here returns it. */
export type CaseDocument = Awaited<ReturnType<typeof exactDocuments>>[number];

function exactDocuments(caseNo: string, client: Db) {
  return client.document.findMany({ where: { caseNo }, include });
}

export async function findDocumentsForCaseNo(caseNo: string, client: Db = db()): Promise<CaseDocument[]> {
  const exact = await exactDocuments(caseNo, client);
  if (exact.length > 0) return exact;
  // Spaced, or one case of a joined number: each case looked up as many numbers are.
  const found = await findDocumentsForCaseNos(splitCaseNo(caseNo), client);
  const seen = new Set<string>();
  return [...found.values()].flat().filter((d) => !seen.has(d.id) && seen.add(d.id));
}

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
