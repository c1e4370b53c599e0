import { z } from "zod";

/**
 * The query-time strategies' numbers (docs/method.md §2, §5). Every query-writing call runs at
 * temperature 0 as the method's calls do (multi-query asks for its three angles in one call, so it
 * needs no sampling to differ; a firm may raise it). CC-RAG: the confidence weights, τ, Δk, the retry cap, the range of
 * the dynamic initial k and the context's token budget. Defaults come from the method where it
 * gives one; set from the environment by `strategySettingsFromEnv`.
 */
export const strategySettingsSchema = z.object({
  synonymTemperature: z.number().min(0).max(2).default(0),
  multiQueryTemperature: z.number().min(0).max(2).default(0),
  hydeTemperature: z.number().min(0).max(2).default(0),
  /**
   * HyDE's search (METHOD §2): "dense" embeds the hypothetical passage and searches by that vector
   * alone, as the method says; "hybrid" also runs BM25 on the original question and fuses the two
   * (an option, evaluation system `hyde-hybrid`; no real-model measurement favours it).
   */
  hydeSearch: z.enum(["dense", "hybrid"]).default("dense"),
  ccRag: z
    .object({
      /**
       * Weights of mean token log-prob, answer length, informativeness and lexical overlap. METHOD §5
       * gives the formula but no values: (1, 1, 1, 2) is the product's unmeasured choice (overlap
       * doubled because being grounded in the passages is what a lawyer relies on). Calibrate them on
       * your own benchmark (group cc-rag-ablations); docs/method.md §5 says what τ means under them.
       */
      wLogprob: z.number().default(1),
      wLength: z.number().default(1),
      wInformative: z.number().default(1),
      wOverlap: z.number().default(2),
      /**
       * The product's fifth term (not in the method): the share of citations the citation check flags
       * or the lexical support check finds unsupported, 1 as soon as one cited number is not among the
       * passages, subtracted with this weight. Default 5 = the four method weights' sum, so an answer
       * whose citations are all ungrounded scores at most sigmoid(0) = 0.5, below any τ above 0.5.
       */
      wUngrounded: z.number().min(0).default(5),
      /** τ = 0.8: METHOD §5 (the paper's value). */
      tau: z.number().min(0).max(1).default(0.8),
      deltaK: z.number().int().positive().default(3),
      maxRetries: z.number().int().min(0).default(2),
      kMin: z.number().int().positive().default(2),
      kMax: z.number().int().positive().default(10),
      tokenBudget: z.number().int().positive().default(3000),
    })
    .prefault({}),
  /**
   * Knowledge-aware iterative decomposition (docs/method.md §4): at most N rounds, k tags per
   * sub-question, tags kept above δ (cosine) — or above the calibrated BM25 threshold (raw BM25
   * per distinct query token; scripts/calibrate-atomic-bm25.ts) when tags are searched by BM25 only.
   */
  atomic: z
    .object({
      maxRounds: z.number().int().positive().default(5),
      topK: z.number().int().positive().default(4),
      threshold: z.number().min(-1).max(1).default(0.5),
      bm25Threshold: z.number().min(0).default(0.7),
    })
    .prefault({}),
});

export type StrategySettings = z.infer<typeof strategySettingsSchema>;

/** Every number of the method is a setting with the paper's value as default (docs/method.md §1). */
export const pipelineSettingsSchema = z.object({
  /** Hybrid retrieval: dense vs BM25 weights (the paper's best split is 4:6). */
  denseWeight: z.number().min(0).max(1).default(0.4),
  sparseWeight: z.number().min(0).max(1).default(0.6),
  /**
   * How the two retrieval lists are combined. Default "score", the method's own (METHOD §1, the
   * paper's eq. 4): R_hyb = w_d·R_dense + w_b·R_bm25 over scores min-max-normalised per list (the
   * paper does not say how it aligned the scales; per-list min-max is the usual reading). "rrf"
   * (weighted reciprocal rank fusion) is an option compared in the evaluation (`*-rrf` systems): the
   * only measurement behind it (scripts/measure-fusion.ts) used stand-in hashed-bigram embeddings,
   * which measures plumbing, not quality, so it cannot justify a departure from the method.
   */
  hybridFusion: z.enum(["score", "rrf"]).default("score"),
  /** Chunks per query list (N), kept after RRF (M), kept after reranking (k). */
  topN: z.number().int().positive().default(30),
  topM: z.number().int().positive().default(30),
  topK: z.number().int().positive().default(20),
  rrfK: z.number().positive().default(60),
  temperature: z.number().min(0).max(2).default(0),
  strategies: strategySettingsSchema.prefault({}),
});

export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

export const DEFAULT_SETTINGS: PipelineSettings = pipelineSettingsSchema.parse({});
