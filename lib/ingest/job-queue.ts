import { join } from "node:path";
import { embedTexts } from "../ai/embed";
import { listUnfinishedJobs } from "../db/jobs";
import { env } from "../env";
import { createSerialQueue } from "../serial-queue";
import { getStore } from "../store";
import { EmbeddingCache } from "./embedding-cache";
import type { Embedder } from "./index-decisions";
import { type JobContext, runIngestionJob } from "./run-job";

/**
 * Ingestion jobs run inside the server process, one at a time (two cores: a second job would only
 * slow the first). Their state lives in the database, so after a restart `resumeUnfinishedJobs`
 * picks up whatever was queued or running.
 */

let cache: EmbeddingCache | undefined;

/** The embedder for new ingestion, or undefined when no embeddings endpoint is configured. */
export function defaultEmbedder(): Embedder | undefined {
  const settings = env();
  if (!settings.EMBEDDINGS_BASE_URL || !settings.EMBEDDINGS_MODEL) return undefined;
  cache ??= new EmbeddingCache(join(settings.DATA_DIR, "embedding-cache.db"));
  const dims = settings.EMBEDDINGS_DIMENSIONS ?? "native";
  return { model: `${settings.EMBEDDINGS_MODEL}@${dims}`, cache, embed: (texts) => embedTexts(texts) };
}

export async function defaultJobContext(): Promise<JobContext> {
  const settings = env();
  return {
    store: await getStore(),
    embedder: defaultEmbedder(),
    chunkSize: settings.CHUNK_SIZE,
    chunkOverlap: settings.CHUNK_OVERLAP,
    dataDir: settings.DATA_DIR,
  };
}

const jobs = createSerialQueue(async (id) => runIngestionJob(id, await defaultJobContext()));

/** Queues a job to run in the background of this process; returns at once. */
export function enqueueJob(jobId: string): void {
  jobs.enqueue(jobId);
}

let resumed = false;

/** Called once at server start (instrumentation.ts). */
export async function resumeUnfinishedJobs(): Promise<number> {
  if (resumed) return 0;
  resumed = true;
  const unfinished = await listUnfinishedJobs();
  for (const job of unfinished) enqueueJob(job.id);
  return unfinished.length;
}
