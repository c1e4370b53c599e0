import type { Env } from "../env";

/**
 * What enrichment costs, from the token counts the endpoint reports and the admin's prices per 1M
 * tokens. Input read from the endpoint's prompt cache is billed at the cached price (OpenAI: half;
 * many self-hosted endpoints: nothing extra to pay either way — set the prices to 0). Batch mode is
 * billed at `batchDiscount` × the live price.
 */
export interface Prices {
  inputPer1M: number;
  outputPer1M: number;
  /** Defaults to the input price (an endpoint with no cache discount). */
  cachedInputPer1M?: number;
  batchDiscount: number;
}

export interface TokenUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

export function pricesFromEnv(settings: Env): Prices {
  return {
    inputPer1M: settings.ENRICH_PRICE_INPUT_PER_1M,
    outputPer1M: settings.ENRICH_PRICE_OUTPUT_PER_1M,
    cachedInputPer1M: settings.ENRICH_PRICE_CACHED_INPUT_PER_1M,
    batchDiscount: settings.ENRICH_BATCH_DISCOUNT,
  };
}

export function callCost(usage: TokenUsage, prices: Prices, mode: "live" | "batch" = "live"): number {
  const cached = Math.min(Math.max(0, usage.cachedInputTokens), usage.inputTokens);
  const fresh = usage.inputTokens - cached;
  const cost =
    (fresh * prices.inputPer1M +
      cached * (prices.cachedInputPer1M ?? prices.inputPer1M) +
      usage.outputTokens * prices.outputPer1M) /
    1_000_000;
  return mode === "batch" ? cost * prices.batchDiscount : cost;
}

export interface Projection {
  /** Cost per chunk the model wrote so far (null before the first). */
  perChunk: number | null;
  /** Estimated cost of the whole job: spent + remaining chunks × per chunk. */
  total: number | null;
  /** Seconds left at this run's pace of model-written chunks (null before any). */
  etaSeconds: number | null;
}

/**
 * The job's projection: chunks still to do are assumed to need the model (an upper bound: some
 * may turn out to be in the cache), to cost what the generated ones did, and to come at this run's
 * pace (model-written chunks per second since the run started; a resumed job's own pace).
 */
export function project(input: {
  total: number;
  /** Chunks resolved (written by the model or found in the cache). */
  done: number;
  generated: number;
  failed: number;
  cost: number;
  /** Seconds since this run started, and chunks the model wrote in it. */
  elapsedSeconds: number;
  generatedThisRun?: number;
}): Projection {
  const remaining = Math.max(0, input.total - input.done - input.failed);
  const perChunk = input.generated > 0 ? input.cost / input.generated : null;
  const pace = input.generatedThisRun ?? input.generated;
  const etaSeconds =
    remaining === 0 ? 0 : pace > 0 && input.elapsedSeconds > 0 ? (input.elapsedSeconds / pace) * remaining : null;
  return { perChunk, total: perChunk === null ? null : input.cost + remaining * perChunk, etaSeconds };
}
