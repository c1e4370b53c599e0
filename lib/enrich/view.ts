import { enrichmentSummary, getCorpusEnrichment, lastIngestStart } from "../db/corpus-enrichment";
import {
  type ChunkFailure,
  type EnrichKind,
  type EnrichmentCounts,
  type EnrichmentJobRecord,
  enrichmentCounts,
  getEnrichmentJob,
  listEnrichmentJobs,
} from "../db/enrichment";
import { getJob, type JobStatus } from "../db/jobs";
import { env } from "../env";
import { project } from "./cost";
import { enrichChatConfig } from "./enrich-control";

/**
 * What the admin page shows of a corpus's enrichment (plain data for client components: no paths,
 * no owners): per kind, the chunks enriched or failed and whether the side index is in line with
 * the corpus; the switches; the latest enrichment job with its counts, tokens, cost and ETA.
 */
export interface EnrichmentJobView extends EnrichmentCounts {
  id: string;
  status: JobStatus;
  message: string | null;
  cancelRequested: boolean;
  kind: EnrichKind;
  mode: "live" | "batch";
  model: string;
  retryOnly: boolean;
  /** Estimated cost of the whole job and seconds left (null until there is a pace to go by). */
  projectedCost: number | null;
  etaSeconds: number | null;
  failures: ChunkFailure[];
  batches: { id: string; status: string; requests: number }[];
}

export interface KindState {
  done: number;
  failed: number;
  /** "none": never enriched; "current": in line with the corpus; "stale": an import since. */
  index: "none" | "current" | "stale";
}

export interface CorpusEnrichmentView {
  context: KindState;
  atoms: KindState;
  switches: { bm25: boolean; dense: boolean };
  job: EnrichmentJobView | null;
  prices: { input: number; output: number; cachedInput: number | null; batchDiscount: number };
  model: string | null;
}

const SHOWN_FAILURES = 100;

export async function enrichmentJobView(jobId: string): Promise<EnrichmentJobView | null> {
  const [job, row] = await Promise.all([getJob(jobId), getEnrichmentJob(jobId)]);
  if (!job || !row) return null;
  return toView(job, row);
}

function toView(job: NonNullable<Awaited<ReturnType<typeof getJob>>>, row: EnrichmentJobRecord): EnrichmentJobView {
  const running = job.status === "running";
  const p = project({
    ...row,
    elapsedSeconds: row.runStartedAt ? (Date.now() - row.runStartedAt.getTime()) / 1000 : 0,
    generatedThisRun: row.generated - row.runGeneratedStart,
  });
  return {
    id: job.id,
    status: job.status,
    message: job.message,
    cancelRequested: job.cancelRequested,
    kind: row.kind,
    mode: row.mode,
    model: row.model,
    retryOnly: row.retryOnly,
    ...enrichmentCounts(row),
    projectedCost: p.total,
    etaSeconds: running ? p.etaSeconds : null,
    failures: row.failures.slice(0, SHOWN_FAILURES),
    batches: row.batches.filter((b) => b.id).map((b) => ({ id: b.id, status: b.status, requests: b.requests })),
  };
}

export async function corpusEnrichmentView(corpusId: string): Promise<CorpusEnrichmentView> {
  const settings = env();
  const [row, context, atoms, imported, latest] = await Promise.all([
    getCorpusEnrichment(corpusId),
    enrichmentSummary(corpusId, "context"),
    enrichmentSummary(corpusId, "atoms"),
    lastIngestStart(corpusId),
    listEnrichmentJobs(corpusId, 1),
  ]);
  const state = (summary: { done: number; failed: number }, synced: Date | null): KindState => ({
    done: summary.done,
    failed: summary.failed,
    index: !synced ? "none" : imported && imported > synced ? "stale" : "current",
  });
  const last = latest[0];
  const job = last ? await getJob(last.jobId) : null;
  return {
    context: state(context, row.contextSyncedAt),
    atoms: state(atoms, row.atomsSyncedAt),
    switches: { bm25: row.contextBm25, dense: row.contextDense },
    job: job && last ? toView(job, last) : null,
    prices: {
      input: settings.ENRICH_PRICE_INPUT_PER_1M,
      output: settings.ENRICH_PRICE_OUTPUT_PER_1M,
      cachedInput: settings.ENRICH_PRICE_CACHED_INPUT_PER_1M ?? null,
      batchDiscount: settings.ENRICH_BATCH_DISCOUNT,
    },
    model: enrichChatConfig()?.model ?? null,
  };
}
