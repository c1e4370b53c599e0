import { env } from "../env";
import { annSettings, createStore, type StoreSettings } from "../store";
import type { VectorStore } from "../store/types";

/**
 * Enrichment's two side indexes, each a store of the same kind as the main one (so Qdrant users get
 * them in Qdrant too), beside it rather than inside it:
 *  - "context": the contextual index. Every chunk of an enriched corpus again, with its original
 *    text, but BM25 tokens and the vector made from context + text. The main index is untouched, so
 *    contextual BM25 and contextual embeddings are switched per corpus at query time (ablation)
 *    without re-indexing, and the quoted passage is always the original text.
 *  - "atoms": the tag index. Its "chunks" are the atomic questions (text = the question), carrying
 *    their chunk's metadata (so the chat's filters apply) and pointing to it by id (atomTagId).
 * Embedded: DATA_DIR/store-context, DATA_DIR/store-atoms. Qdrant: <QDRANT_COLLECTION>_context, _atoms.
 */
export type SideIndex = "context" | "atoms";

export function sideStoreSettings(kind: SideIndex, s = env()): StoreSettings {
  return {
    kind: s.VECTOR_STORE,
    dataDir: s.DATA_DIR,
    subdir: `store-${kind}`,
    qdrantUrl: s.QDRANT_URL,
    qdrantApiKey: s.QDRANT_API_KEY,
    qdrantTimeoutMs: s.QDRANT_TIMEOUT_MS,
    qdrantRetries: s.QDRANT_RETRIES,
    qdrantCollection: `${s.QDRANT_COLLECTION}_${kind}`,
    qdrantShards: s.QDRANT_SHARDS,
    qdrantReplicationFactor: s.QDRANT_REPLICATION_FACTOR,
    denseSize: s.EMBEDDINGS_DIMENSIONS,
    busyTimeoutMs: s.DB_BUSY_TIMEOUT_MS,
    ann: annSettings(s),
  };
}

// One of each per process (the embedded store holds its index in a worker thread), as getStore().
const holder = globalThis as unknown as { __sideStores?: Partial<Record<SideIndex, VectorStore>> };

export function getSideStore(kind: SideIndex): VectorStore {
  holder.__sideStores ??= {};
  holder.__sideStores[kind] ??= createStore(sideStoreSettings(kind));
  return holder.__sideStores[kind];
}

export async function closeSideStores(): Promise<void> {
  const stores = Object.values(holder.__sideStores ?? {});
  holder.__sideStores = {};
  await Promise.all(stores.map((s) => s.close()));
}

export { atomTagId, chunkIdOfTag } from "./tag-id";
