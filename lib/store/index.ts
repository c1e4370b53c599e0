import { join, resolve } from "node:path";
import { env } from "../env";
import { ANN_OFF, type AnnOptions } from "./ann-options";
import { EmbeddedStore } from "./embedded-store";
import { QdrantStore } from "./qdrant-store";
import type { VectorStore } from "./types";

export interface StoreSettings {
  kind: "embedded" | "qdrant";
  dataDir: string;
  /** One URL or several separated by commas (qdrant-nodes.ts). */
  qdrantUrl?: string;
  qdrantApiKey?: string;
  qdrantTimeoutMs?: number;
  qdrantRetries?: number;
  qdrantCollection: string;
  denseSize?: number;
  qdrantShards?: number;
  qdrantReplicationFactor?: number;
  /** How long a store write waits for another process's write (SQLITE_BUSY), in ms. */
  busyTimeoutMs?: number;
  /** The embedded store's folder under dataDir (default "store"; enrichment's side indexes use others). */
  subdir?: string;
  /** The embedded store's dense graphs (ann-options.ts). */
  ann?: Partial<AnnOptions>;
}

export function createStore(settings: StoreSettings): VectorStore {
  if (settings.kind === "qdrant") {
    return new QdrantStore({
      url: settings.qdrantUrl ?? "",
      apiKey: settings.qdrantApiKey,
      timeoutMs: settings.qdrantTimeoutMs,
      retries: settings.qdrantRetries,
      collection: settings.qdrantCollection,
      denseSize: settings.denseSize,
      layout: { shards: settings.qdrantShards, replicationFactor: settings.qdrantReplicationFactor },
    });
  }
  // A path from the settings, known only at run time: without the comment Turbopack traces the whole
  // project into the server build ("Dynamic filesystem access causes tracing of the whole project").
  return new EmbeddedStore(join(/*turbopackIgnore: true*/ resolve(settings.dataDir), settings.subdir ?? "store"), {
    busyTimeoutMs: settings.busyTimeoutMs,
    ann: settings.ann,
  });
}

/** The embedded store's dense graphs as the settings ask (EMBEDDED_ANN…). */
export const annSettings = (s: ReturnType<typeof env>): Partial<AnnOptions> =>
  s.EMBEDDED_ANN ? { minVectors: s.EMBEDDED_ANN_MIN_VECTORS, ef: s.EMBEDDED_ANN_EF } : ANN_OFF;

// One store per process (the embedded one holds its index in a worker thread); kept on globalThis so
// Next.js dev reloads don't open a second copy.
const holder = globalThis as unknown as { __store?: VectorStore };

export async function getStore(): Promise<VectorStore> {
  if (!holder.__store) {
    const s = env();
    holder.__store = createStore({
      kind: s.VECTOR_STORE,
      dataDir: s.DATA_DIR,
      qdrantUrl: s.QDRANT_URL,
      qdrantApiKey: s.QDRANT_API_KEY,
      qdrantTimeoutMs: s.QDRANT_TIMEOUT_MS,
      qdrantRetries: s.QDRANT_RETRIES,
      qdrantCollection: s.QDRANT_COLLECTION,
      denseSize: s.EMBEDDINGS_DIMENSIONS,
      qdrantShards: s.QDRANT_SHARDS,
      qdrantReplicationFactor: s.QDRANT_REPLICATION_FACTOR,
      busyTimeoutMs: s.DB_BUSY_TIMEOUT_MS,
      ann: annSettings(s),
    });
  }
  return holder.__store;
}

/** This process's store if something opened it already (a metrics scrape opens nothing). */
export function openedStore(): VectorStore | undefined {
  return holder.__store;
}
