import { type Db, db } from "./client";

/**
 * Enrichment's job rows (lib/enrich): the per-job state beside its IngestionJob and the
 * content-addressed cache of what the model wrote. A corpus's own enrichment state (each chunk's
 * state, the switches, the decisions walked) is in corpus-enrichment.ts.
 */

export type EnrichKind = "context" | "atoms";
export type EnrichMode = "live" | "batch";

export interface ChunkFailure {
  chunkId: string;
  caseNo: string;
  message: string;
  attempts: number;
}

export interface BatchRef {
  id: string;
  inputFileId: string;
  requests: number;
  status: string;
  /** Results already applied (a resumed job does not read the output again). */
  applied?: boolean;
  /** The cache keys (custom_id) it asks for: a resumed job never submits them again. */
  keys?: string[];
}

export interface EnrichmentCounts {
  total: number;
  generated: number;
  done: number;
  failed: number;
  indexed: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  cost: number;
}

/** Only the counts of a job row (the view shows them; the row's paths and owner must not travel). */
export function enrichmentCounts(c: EnrichmentCounts): EnrichmentCounts {
  return {
    total: c.total,
    generated: c.generated,
    done: c.done,
    failed: c.failed,
    indexed: c.indexed,
    inputTokens: c.inputTokens,
    cachedInputTokens: c.cachedInputTokens,
    outputTokens: c.outputTokens,
    cost: c.cost,
  };
}

export interface EnrichmentJobRecord extends EnrichmentCounts {
  jobId: string;
  runStartedAt: Date | null;
  runGeneratedStart: number;
  corpusId: string;
  kind: EnrichKind;
  mode: EnrichMode;
  promptVersion: number;
  model: string;
  retryOnly: boolean;
  failures: ChunkFailure[];
  batches: BatchRef[];
  createdAt: Date;
  updatedAt: Date;
}

/** Stored failures are capped: 100,000 failing chunks must not make a 50 MB row. */
export const MAX_STORED_FAILURES = 500;

function parse<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type Row = Omit<EnrichmentJobRecord, "kind" | "mode" | "failures" | "batches"> & {
  kind: string;
  mode: string;
  failures: string;
  batches: string;
};

const toRecord = (row: Row): EnrichmentJobRecord => ({
  ...row,
  kind: row.kind as EnrichKind,
  mode: row.mode as EnrichMode,
  failures: parse<ChunkFailure[]>(row.failures, []),
  batches: parse<BatchRef[]>(row.batches, []),
});

export async function createEnrichmentRow(
  input: {
    jobId: string;
    corpusId: string;
    kind: EnrichKind;
    mode: EnrichMode;
    promptVersion: number;
    model: string;
    retryOnly?: boolean;
  },
  client: Db = db(),
): Promise<EnrichmentJobRecord> {
  return toRecord(await client.enrichmentJob.create({ data: input }));
}

export async function getEnrichmentJob(jobId: string, client: Db = db()): Promise<EnrichmentJobRecord | null> {
  const row = await client.enrichmentJob.findUnique({ where: { jobId } });
  return row ? toRecord(row) : null;
}

export async function listEnrichmentJobs(corpusId: string, take = 5, client: Db = db()) {
  const rows = await client.enrichmentJob.findMany({ where: { corpusId }, orderBy: { createdAt: "desc" }, take });
  return rows.map(toRecord);
}

/** Progress written by the job's periodic save (tokens, cost and `generated` only ever grow through recordCall). */
export type EnrichmentProgress = Pick<EnrichmentCounts, "total" | "done" | "failed" | "indexed">;

export async function updateEnrichmentJob(
  jobId: string,
  data: Partial<EnrichmentProgress> & {
    failures?: ChunkFailure[];
    batches?: BatchRef[];
    mode?: EnrichMode;
    runStartedAt?: Date;
    runGeneratedStart?: number;
  },
  client: Db = db(),
): Promise<void> {
  const { failures, batches, ...rest } = data;
  await client.enrichmentJob.update({
    where: { jobId },
    data: {
      ...rest,
      ...(failures ? { failures: JSON.stringify(failures.slice(0, MAX_STORED_FAILURES)) } : {}),
      ...(batches ? { batches: JSON.stringify(batches) } : {}),
    },
  });
}

// ---- the cache: what the model wrote, by content ----

export interface CacheEntry {
  key: string;
  kind: EnrichKind;
  promptVersion: number;
  output: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export async function getCached(keys: string[], client: Db = db()): Promise<Map<string, CacheEntry>> {
  if (keys.length === 0) return new Map();
  const rows = await client.enrichmentCache.findMany({ where: { key: { in: [...new Set(keys)] } } });
  return new Map(rows.map((r) => [r.key, { ...r, kind: r.kind as EnrichKind }]));
}

export async function putCached(entry: CacheEntry, client: Db = db()): Promise<void> {
  // The same content met twice (two corpora, a race): the first answer stays.
  await client.enrichmentCache.upsert({ where: { key: entry.key }, create: entry, update: {} });
}

/** Forgets what the model wrote (of one kind): the next job asks again. For benchmarks that time the model calls. */
export async function clearEnrichmentCache(kind: EnrichKind, client: Db = db()): Promise<void> {
  await client.enrichmentCache.deleteMany({ where: { kind } });
}

export interface CallUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  cost: number;
}

/**
 * One model answer paid for by a job: its output into the cache (when usable) and the job's
 * tokens, cost and count of generated chunks, in one transaction — a job killed at any moment
 * never loses a paid answer nor counts it twice.
 */
export async function recordCall(
  jobId: string,
  usage: CallUsage,
  entry: CacheEntry | undefined,
  client: Db = db(),
): Promise<void> {
  const update = client.enrichmentJob.update({
    where: { jobId },
    data: {
      inputTokens: { increment: usage.inputTokens },
      cachedInputTokens: { increment: usage.cachedInputTokens },
      outputTokens: { increment: usage.outputTokens },
      cost: { increment: usage.cost },
      ...(entry ? { generated: { increment: 1 } } : {}),
    },
  });
  if (!entry) {
    await update;
    return;
  }
  await client.$transaction([
    client.enrichmentCache.upsert({ where: { key: entry.key }, create: entry, update: {} }),
    update,
  ]);
}
