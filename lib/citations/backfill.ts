import { replaceDecisionGraphs } from "../db/citations";
import { listDocuments } from "../db/corpora";
import { loadDecisionRecord } from "../ingest/decision-archive";
import { parseJsonRecord } from "../ingest/parse-json";
import { yieldIfBusy } from "../jobs/time-slice";
import { decisionGraph } from "./graph";

/**
 * Builds the citation graph of a corpus indexed before the graph existed (or rebuilds it after a
 * parser change) from the corpus's own archive — no re-indexing, no embeddings. Each batch's rows
 * are replaced in one transaction, so running it twice gives the same graph.
 */
export async function backfillCitations(
  corpusId: string,
  dataDir: string,
  onProgress?: (done: number, total: number) => void,
): Promise<{ documents: number; edges: number; overrulings: number; missing: string[] }> {
  const BATCH = 200;
  let skip = 0;
  let documents = 0;
  let edges = 0;
  let overrulings = 0;
  const missing: string[] = [];
  for (;;) {
    const { total, rows } = await listDocuments(corpusId, { skip, take: BATCH });
    if (rows.length === 0) break;
    skip += rows.length;
    const graphs = [];
    for (const row of rows) {
      const record = loadDecisionRecord(dataDir, corpusId, row.caseNo);
      if (!record) {
        missing.push(row.caseNo);
        continue;
      }
      const graph = decisionGraph(parseJsonRecord(JSON.stringify(record)));
      // The document's number as stored is the key the viewer and the answer look it up by.
      graphs.push({ ...graph, caseNo: row.caseNo });
      edges += graph.edges.length;
      overrulings += graph.overrulings.length;
      await yieldIfBusy();
    }
    await replaceDecisionGraphs(corpusId, graphs);
    documents += graphs.length;
    onProgress?.(skip, total);
  }
  return { documents, edges, overrulings, missing };
}
