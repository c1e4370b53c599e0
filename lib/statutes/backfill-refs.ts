import { listDocuments } from "../db/corpora";
import { replaceStatuteRefs } from "../db/statutes";
import { loadDecisionRecord } from "../ingest/decision-archive";
import { parseJsonRecord } from "../ingest/parse-json";
import { yieldIfBusy } from "../jobs/time-slice";
import { decisionStatuteRefs } from "./decision-refs";

/**
 * Writes the 참조조문 links (DecisionStatuteRef) of a corpus's decisions imported before they were
 * stored, from the corpus's own archive, as lib/citations/backfill.ts does for the citation graph:
 * nothing is re-indexed. Each batch is replaced in one transaction, so running it twice gives the
 * same rows.
 */
export async function backfillStatuteRefs(
  corpusId: string,
  dataDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<{ documents: number; refs: number; missing: string[] }> {
  const BATCH = 200;
  let skip = 0;
  let documents = 0;
  let refs = 0;
  const missing: string[] = [];
  for (;;) {
    const { total, rows } = await listDocuments(corpusId, { skip, take: BATCH });
    if (rows.length === 0) break;
    skip += rows.length;
    const batch = [];
    for (const row of rows) {
      const record = loadDecisionRecord(dataDir, corpusId, row.caseNo);
      if (!record) {
        missing.push(row.caseNo);
        continue;
      }
      const links = decisionStatuteRefs(parseJsonRecord(JSON.stringify(record)));
      // Stored under the document's number as written: the key the viewer looks it up by.
      batch.push({ caseNo: row.caseNo, refs: links });
      refs += links.length;
      await yieldIfBusy();
    }
    await replaceStatuteRefs(corpusId, batch);
    documents += batch.length;
    onProgress?.(skip, total);
  }
  return { documents, refs, missing };
}
