import { aiConfig, configuredComponents } from "../ai/config";
import { filesDir } from "../env";
import { chunkId } from "../ingest/chunk";
import { getStore } from "../store";
import type { VectorStore } from "../store/types";
import { startMarksBackfill } from "./marks-backfill";
import type { SearchDeps } from "./search";

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
  const ids = (section: string) => [0, 1, 2, 3].map((order) => chunkId(corpusId, caseNo, section, order));
  let chunks = await store.getChunks(corpusId, caseNo, [...ids("판시사항"), ...ids("판결요지")]);
  if (chunks.length === 0) chunks = await store.getChunks(corpusId, caseNo, ids("판례내용").slice(0, 2));
  return chunks
    .map((c) => c.text)
    .join("\n")
    .slice(0, max);
}
