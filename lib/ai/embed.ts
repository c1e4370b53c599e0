import { embedMany } from "ai";
import { AppError } from "../errors";
import { aiConfig, EMBEDDINGS_RETRY, type EmbeddingsConfig } from "./config";
import { Deadline } from "./deadline";
import { toAiError } from "./errors";
import { observeCall } from "./faults";
import { embeddingModel } from "./providers";
import { withRetries } from "./retry";

/**
 * Vectors for texts, in order, requested in batches of `batchSize` (one request at a time: a local
 * embedding server is usually one GPU). Each batch is retried on 429/5xx with exponential back-off
 * honouring Retry-After (`config.retry`); each attempt has its own `timeoutMs`.
 */
export async function embedTexts(
  texts: string[],
  options: { signal?: AbortSignal; config?: EmbeddingsConfig } = {},
): Promise<number[][]> {
  const config = options.config ?? aiConfig().embeddings;
  const model = embeddingModel(config); // throws ai:not_configured without one
  if (!config) return [];
  const what = `embeddings (${config.model})`;
  const size = Math.max(1, config.batchSize);
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += size) {
    const batch = texts.slice(i, i + size);
    const target = config;
    const vectors = await observeCall("embeddings", target, () =>
      withRetries(
        async () => {
          const deadline = new Deadline(config.timeoutMs, options.signal);
          try {
            const { embeddings } = await embedMany({
              model,
              values: batch,
              maxRetries: 0,
              abortSignal: deadline.signal,
              dimensions: config.dimensions,
            });
            return embeddings;
          } catch (error) {
            throw toAiError(error, { caller: options.signal, timedOut: deadline.timedOut }, what);
          } finally {
            deadline.dispose();
          }
        },
        config.retry ?? EMBEDDINGS_RETRY,
        options.signal,
      ),
    );
    checkBatch(vectors, batch.length, config.dimensions, what);
    out.push(...vectors);
  }
  return out;
}

/** A short or ragged answer would silently misalign vectors and chunks in the index. */
function checkBatch(vectors: number[][], expected: number, dimensions: number | undefined, what: string): void {
  if (vectors.length !== expected) {
    throw new AppError("ai:bad_response", { detail: `${what}: ${vectors.length} vectors for ${expected} texts` });
  }
  const width = dimensions ?? vectors[0]?.length ?? 0;
  if (width === 0 || vectors.some((v) => v.length !== width || v.some((x) => !Number.isFinite(x)))) {
    throw new AppError("ai:bad_response", { detail: `${what}: vectors are not all ${width}-dimensional numbers` });
  }
}
