import { createHash } from "node:crypto";
import { type Db, db } from "./client";

/**
 * Enrichment's rows (lib/enrich): the per-job state beside its IngestionJob, the content-addressed
 * cache of what the model wrote, each corpus chunk's state, and the corpus switches.
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

// ---- each corpus chunk's state ----

export interface ChunkState {
  chunkId: string;
  caseNo: string;
  cacheKey: string;
  status: "done" | "failed";
  error: string | null;
  attempts: number;
  indexed: boolean;
}

export async function loadChunkStates(
  corpusId: string,
  kind: EnrichKind,
  client: Db = db(),
): Promise<Map<string, ChunkState>> {
  const rows = await client.chunkEnrichment.findMany({ where: { corpusId, kind } });
  return new Map(rows.map((r) => [r.chunkId, { ...r, status: r.status as ChunkState["status"] }]));
}

export async function saveChunkStates(
  corpusId: string,
  kind: EnrichKind,
  states: ChunkState[],
  client: Db = db(),
): Promise<void> {
  if (states.length === 0) return;
  await client.$transaction(
    states.map((s) =>
      client.chunkEnrichment.upsert({
        where: { corpusId_chunkId_kind: { corpusId, chunkId: s.chunkId, kind } },
        create: { corpusId, kind, ...s },
        update: {
          caseNo: s.caseNo,
          cacheKey: s.cacheKey,
          status: s.status,
          error: s.error,
          attempts: s.attempts,
          indexed: s.indexed,
        },
      }),
    ),
  );
}

/** Chunks of a decision that are no longer in it (re-chunked): forgotten. */
export async function dropChunkStates(corpusId: string, kind: EnrichKind, chunkIds: string[], client: Db = db()) {
  if (chunkIds.length === 0) return;
  await client.chunkEnrichment.deleteMany({ where: { corpusId, kind, chunkId: { in: chunkIds } } });
}

/** The model's output for chunks of a corpus, by chunk id (done ones only). */
export async function outputsFor(
  corpusId: string,
  kind: EnrichKind,
  chunkIds: string[],
  client: Db = db(),
): Promise<Map<string, string>> {
  if (chunkIds.length === 0) return new Map();
  const states = await client.chunkEnrichment.findMany({
    where: { corpusId, kind, status: "done", chunkId: { in: chunkIds } },
    select: { chunkId: true, cacheKey: true },
  });
  const cached = await getCached(
    states.map((s) => s.cacheKey),
    client,
  );
  const out = new Map<string, string>();
  for (const s of states) {
    const entry = cached.get(s.cacheKey);
    if (entry) out.set(s.chunkId, entry.output);
  }
  return out;
}

export interface EnrichmentSummary {
  done: number;
  failed: number;
  indexed: number;
  /** Which chunks are enriched with which output: changes whenever an output or the set changes. */
  digest: string;
}

export async function enrichmentSummary(
  corpusId: string,
  kind: EnrichKind,
  client: Db = db(),
): Promise<EnrichmentSummary> {
  const rows = await client.chunkEnrichment.findMany({
    where: { corpusId, kind },
    select: { chunkId: true, cacheKey: true, status: true, indexed: true },
    orderBy: { chunkId: "asc" },
  });
  const hash = createHash("sha256");
  let done = 0;
  let failed = 0;
  let indexed = 0;
  for (const r of rows) {
    if (r.status === "done") {
      done += 1;
      hash.update(`${r.chunkId}\u0000${r.cacheKey}\n`);
    } else failed += 1;
    if (r.indexed) indexed += 1;
  }
  return { done, failed, indexed, digest: hash.digest("hex").slice(0, 16) };
}

// ---- the corpus switches ----

export interface CorpusEnrichmentRecord {
  corpusId: string;
  contextBm25: boolean;
  contextDense: boolean;
  contextSyncedAt: Date | null;
  atomsSyncedAt: Date | null;
}

export async function getCorpusEnrichment(corpusId: string, client: Db = db()): Promise<CorpusEnrichmentRecord> {
  const row = await client.corpusEnrichment.findUnique({ where: { corpusId } });
  return row ?? { corpusId, contextBm25: false, contextDense: false, contextSyncedAt: null, atomsSyncedAt: null };
}

export async function listCorpusEnrichment(client: Db = db()): Promise<CorpusEnrichmentRecord[]> {
  return client.corpusEnrichment.findMany();
}

export async function setCorpusEnrichment(
  corpusId: string,
  data: Partial<Omit<CorpusEnrichmentRecord, "corpusId">>,
  client: Db = db(),
): Promise<void> {
  await client.corpusEnrichment.upsert({ where: { corpusId }, create: { corpusId, ...data }, update: data });
}

/** When the last non-enrichment job of the corpus started (its writes may postdate a sync). */
export async function lastIngestStart(corpusId: string, client: Db = db()): Promise<Date | null> {
  const row = await client.ingestionJob.findFirst({
    where: { corpusId, kind: { not: "enrich" }, startedAt: { not: null } },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  return row?.startedAt ?? null;
}

/** Everything enrichment holds for a corpus (it is being deleted). The cache stays: it is by content. */
export async function deleteCorpusEnrichment(corpusId: string, client: Db = db()): Promise<void> {
  await client.chunkEnrichment.deleteMany({ where: { corpusId } });
  await client.enrichmentJob.deleteMany({ where: { corpusId } });
  await client.corpusEnrichment.deleteMany({ where: { corpusId } });
}

export interface EnrichDocument {
  caseNo: string;
  caseName: string;
  court: string;
  decisionDate: string;
  contentHash: string;
  chunkCount: number;
}

/** The corpus's decisions, in a stable order (a resumed job walks them the same way). */
export async function listEnrichDocuments(corpusId: string, client: Db = db()): Promise<EnrichDocument[]> {
  return client.document.findMany({
    where: { corpusId },
    select: { caseNo: true, caseName: true, court: true, decisionDate: true, contentHash: true, chunkCount: true },
    orderBy: { caseNo: "asc" },
  });
}
