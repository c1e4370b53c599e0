import { type Db, db } from "./client";
import { ACTIVE_JOB_STATES } from "./jobs";

/** A job system kind as the queue knows it: imports (upload, cli, reindex rows), enrichment, evaluation. */
export type QueueKind = "ingest" | "enrich" | "eval";

export interface JobDepth {
  kind: QueueKind;
  status: (typeof ACTIVE_JOB_STATES)[number];
  count: number;
}

/**
 * Jobs queued or running now, by kind: every pair, zero included (the metrics' job queue depth).
 * Two grouped counts over indexed status columns: cheap enough for each scrape.
 */
export async function activeJobDepth(client: Db = db()): Promise<JobDepth[]> {
  const where = { status: { in: [...ACTIVE_JOB_STATES] } };
  const [ingestion, evals] = await Promise.all([
    client.ingestionJob.groupBy({ by: ["kind", "status"], where, _count: { _all: true } }),
    client.evalJob.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const depth: JobDepth[] = (["ingest", "enrich", "eval"] as const).flatMap((kind) =>
    ACTIVE_JOB_STATES.map((status) => ({ kind, status, count: 0 })),
  );
  const add = (kind: QueueKind, status: string, count: number) => {
    const entry = depth.find((d) => d.kind === kind && d.status === status);
    if (entry) entry.count += count;
  };
  for (const row of ingestion) add(row.kind === "enrich" ? "enrich" : "ingest", row.status, row._count._all);
  for (const row of evals) add("eval", row.status, row._count._all);
  return depth;
}
