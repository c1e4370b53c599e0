import { findDocumentsForCaseNos } from "../db/case-lookup";
import type { DocFilter } from "../db/search-docs";
import { chunkId } from "../ingest/chunk";
import type { VectorStore } from "../store/types";
import { readCaseNumbers } from "../text/case-citation";
import type { ScoredChunk } from "../text/decision";

/**
 * The decisions a passage cites (a brief's "대법원 … 선고 … 판결", a decision's reasons), read by the
 * one citation reader: the strongest sign of what it is about — the leading case a lawyer cites is
 * the one to read first. Returned as a ranked list of their summary passages (판결요지 first) for
 * 비슷한 판례 to fuse with its keyword list, in the order the passage cites them.
 */

/** Cited numbers looked up at most per passage. */
const MAX_CITED = 20;

function passes(
  doc: { corpusId: string; court: string; caseType: string; decisionDate: string },
  f?: DocFilter,
): boolean {
  if (!f) return true;
  if (f.corpusIds && !f.corpusIds.includes(doc.corpusId)) return false;
  if (f.courts && !f.courts.includes(doc.court)) return false;
  if (f.caseTypes && !f.caseTypes.includes(doc.caseType)) return false;
  if (f.dateFrom && doc.decisionDate < f.dateFrom) return false;
  if (f.dateTo && doc.decisionDate > f.dateTo) return false;
  return true;
}

export async function citedDecisionList(text: string, store: VectorStore, filter?: DocFilter): Promise<ScoredChunk[]> {
  const numbers = readCaseNumbers(text).slice(0, MAX_CITED);
  if (numbers.length === 0) return [];
  const found = await findDocumentsForCaseNos(numbers);
  const out: ScoredChunk[] = [];
  const seen = new Set<string>();
  for (const n of numbers) {
    for (const doc of found.get(n) ?? []) {
      const key = `${doc.corpusId}\u0001${doc.caseNo}`;
      if (seen.has(key) || !passes(doc, filter)) continue;
      seen.add(key);
      const ids = ["판결요지", "판시사항", "판례내용"].map((section) => chunkId(doc.corpusId, doc.caseNo, section, 0));
      const [chunk] = await store.getChunks(doc.corpusId, doc.caseNo, ids);
      if (chunk) out.push({ chunk, score: 1 });
    }
  }
  return out;
}
