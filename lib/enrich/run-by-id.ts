import { getEnrichmentJob } from "../db/enrichment";
import type { JobRecord } from "../db/jobs";
import { AppError } from "../errors";
import { getStore } from "../store";
import { enrichJobContext } from "./enrich-control";
import type { EnrichJobContext } from "./job-context";
import { runEnrichmentJob } from "./run-enrich-job";
import { closeSideStores } from "./side-stores";

/** Runs an enrichment job with this process's settings (the job child, the CLI), then closes the stores. */
export async function runEnrichmentJobById(
  jobId: string,
  owner: string,
  extra: Partial<EnrichJobContext> = {},
): Promise<JobRecord> {
  const row = await getEnrichmentJob(jobId);
  if (!row) throw new AppError("not_found:resource", { detail: `enrichment job ${jobId}` });
  const ctx = await enrichJobContext(row.kind, row.mode);
  try {
    return await runEnrichmentJob(jobId, { ...ctx, ...extra, owner });
  } finally {
    await closeSideStores();
    await (await getStore()).close();
  }
}
