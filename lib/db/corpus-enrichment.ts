import { createHash } from "node:crypto";
import { type Db, db } from "./client";
import { type EnrichKind, getCached } from "./enrichment";

/**
 * A corpus's enrichment (lib/enrich), apart from its jobs (enrichment.ts): each chunk's state per
 * kind, the corpus switches, and the decisions an enrichment job walks.
 */

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

/**
 * How many of the corpus's decisions have a context in the contextual index (at least one chunk's
 * context written and indexed), of all its decisions: a job stopped part-way, or one whose model
 * calls failed for some decisions, leaves the rest searched by their plain text.
 */
export async function contextCoverage(
  corpusId: string,
  client: Db = db(),
): Promise<{ decisions: number; withContext: number }> {
  const [documents, enriched] = await Promise.all([
    client.document.findMany({ where: { corpusId }, select: { caseNo: true } }),
    client.chunkEnrichment.findMany({
      where: { corpusId, kind: "context", status: "done", indexed: true },
      select: { caseNo: true },
      distinct: ["caseNo"],
    }),
  ]);
  const withContext = new Set(enriched.map((r) => r.caseNo));
  return { decisions: documents.length, withContext: documents.filter((d) => withContext.has(d.caseNo)).length };
}

/**
 * Whether the corpus has atomic questions in its tag index (any, even from a job that was stopped):
 * what the atomic strategy searches. One indexed lookup ([corpusId, kind, status]).
 */
export async function corpusHasAtoms(corpusId: string, client: Db = db()): Promise<boolean> {
  const row = await client.chunkEnrichment.findFirst({
    where: { corpusId, kind: "atoms", status: "done", indexed: true },
    select: { chunkId: true },
  });
  return row !== null;
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
