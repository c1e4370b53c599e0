import { aiConfig, configuredComponents } from "../ai/config";
import { filesDir } from "../env";
import { chunkId, summaryChunkIds } from "../ingest/chunk";
import { getStore } from "../store";
import type { VectorStore } from "../store/types";
import { startMarksBackfill } from "./marks-backfill";
import type { SearchDeps } from "./search-types";

/** The search page's store and archive; starts reading missing decision marks in the background. */
export async function searchDeps(): Promise<SearchDeps & { dense: boolean }> {
  const dataDir = filesDir();
  void startMarksBackfill(dataDir);
  return { store: await getStore(), dataDir, dense: configuredComponents(aiConfig()).embeddings };
}

/**
 * A decision's own summary as a passage for 비슷한 판례: its 판시사항 and 판결요지 (the first few
 * chunks of each, read by id: a very large decision's other chunks are never read), else the start
 * of its 판례내용.
 */
export async function passageOfDecision(store: VectorStore, corpusId: string, caseNo: string, max: number) {
  let chunks = await store.getChunks(corpusId, caseNo, summaryChunkIds(corpusId, caseNo));
  if (chunks.length === 0) {
    const reasons = [0, 1].map((order) => chunkId(corpusId, caseNo, "판례내용", order));
    chunks = await store.getChunks(corpusId, caseNo, reasons);
  }
  return chunks
    .map((c) => c.text)
    .join("\n")
    .slice(0, max);
}
