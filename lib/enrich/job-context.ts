import type { EnrichmentCounts, EnrichmentJobRecord } from "../db/enrichment";
import type { Embedder } from "../ingest/index-decisions";
import type { VectorStore } from "../store/types";
import type { BatchPhase } from "./batch";
import type { Prices } from "./cost";
import type { EnrichLlm } from "./llm";
import type { BackOffGate } from "./pool";

/** What a process runs an enrichment job with (enrich-control.ts builds it; tests give their own). */
export interface EnrichJobContext {
  /** The main index (the chunks are read from it). */
  store: VectorStore;
  /** The side index of this job's kind (side-stores.ts). */
  side: VectorStore;
  /** Absent: no LLM configured (the job fails saying so). */
  llm?: EnrichLlm;
  embedder?: Embedder;
  dataDir: string;
  owner?: string;
  heartbeatMs?: number;
  concurrency: number;
  maxAttempts: number;
  prices: Prices;
  docMaxChars: number;
  /** Batch mode's client and pacing (batch.ts); absent: batch jobs run live. */
  batch?: BatchPhase;
  gate?: BackOffGate;
  /** Pause before the retry pass (ms). */
  retryDelayMs?: number;
  /** Consecutive failed calls that stop the job (default 25). */
  breakerLimit?: number;
  onProgress?: (counts: EnrichmentCounts, job: EnrichmentJobRecord) => void;
}
