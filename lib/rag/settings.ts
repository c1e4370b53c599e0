import { z } from "zod";

/** Every number of the method is a setting with the paper's value as default (METHOD.md §1). */
export const pipelineSettingsSchema = z.object({
  /** Hybrid retrieval: dense vs BM25 weights (the paper's best split is 4:6). */
  denseWeight: z.number().min(0).max(1).default(0.4),
  sparseWeight: z.number().min(0).max(1).default(0.6),
  /** How the two retrieval scores are combined: weighted normalised scores, or weighted RRF. */
  hybridFusion: z.enum(["score", "rrf"]).default("score"),
  /** Chunks per query list (N), kept after RRF (M), kept after reranking (k). */
  topN: z.number().int().positive().default(30),
  topM: z.number().int().positive().default(30),
  topK: z.number().int().positive().default(20),
  rrfK: z.number().positive().default(60),
  temperature: z.number().min(0).max(2).default(0),
});

export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

export const DEFAULT_SETTINGS: PipelineSettings = pipelineSettingsSchema.parse({});
