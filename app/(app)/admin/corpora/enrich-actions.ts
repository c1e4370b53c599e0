"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { setContextSwitches } from "@/lib/enrich/enrich-control";
import { queueEnrichment } from "@/lib/enrich/enrich-jobs";
import { type EnrichmentJobView, enrichmentJobView } from "@/lib/enrich/view";
import { failure } from "@/lib/errors";
import { auditBy, currentUser } from "../../../(auth)/auth";

/** The corpus page's enrichment panel (components/corpora/enrichment-panel.tsx); cancel/resume are actions.ts's. */

export interface EnrichState {
  error?: string;
  job?: EnrichmentJobView;
}

const StartInput = z.object({
  corpusId: z.string().min(1).max(64),
  kind: z.enum(["context", "atoms"]),
  mode: z.enum(["live", "batch"]).default("live"),
  retryOnly: z.boolean().default(false),
});

/** Starts an enrichment job in this server's background (its own queue: imports never wait on it). */
export async function startEnrichmentAction(input: z.input<typeof StartInput>): Promise<EnrichState> {
  let job: EnrichmentJobView | null;
  try {
    const admin = requireAdmin(await currentUser());
    const parsed = StartInput.safeParse(input);
    if (!parsed.success) return { error: "잘못된 요청입니다." };
    const started = await queueEnrichment({ ...parsed.data, by: await auditBy(admin) });
    job = await enrichmentJobView(started.job.id);
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${input.corpusId}`);
  return job ? { job } : {};
}

const SwitchInput = z.object({
  corpusId: z.string().min(1).max(64),
  bm25: z.boolean(),
  dense: z.boolean(),
});

export async function setContextSwitchesAction(input: z.input<typeof SwitchInput>): Promise<EnrichState> {
  try {
    const admin = requireAdmin(await currentUser());
    const parsed = SwitchInput.safeParse(input);
    if (!parsed.success) return { error: "잘못된 요청입니다." };
    await setContextSwitches(parsed.data.corpusId, parsed.data, await auditBy(admin));
  } catch (error) {
    return { error: failure(error).message };
  }
  revalidatePath(`/admin/corpora/${input.corpusId}`);
  return {};
}
