import { z } from "zod";
import { AppError } from "../errors";
import { aiConfig, type RerankConfig } from "./config";
import { observeCall } from "./faults";
import { fetchJson } from "./http";

/**
 * Jina / Cohere / vLLM: `{ results: [{ index, relevance_score }] }` (Voyage names it `data`);
 * text-embeddings-inference: `[{ index, score }]`. The shape is read from the answer, so one
 * setting (RERANK_BASE_URL) works with any of them.
 */
const hitsOf = z.array(z.object({ index: z.number().int(), relevance_score: z.number() }));
const jinaShape = z.union([z.object({ results: hitsOf }), z.object({ data: hitsOf })]);
const teiShape = z.array(z.object({ index: z.number().int(), score: z.number() }));

export interface RerankHit {
  index: number;
  score: number;
}

function readHits(json: unknown): RerankHit[] | undefined {
  const jina = jinaShape.safeParse(json);
  if (jina.success) {
    const rows = "results" in jina.data ? jina.data.results : jina.data.data;
    return rows.map((r) => ({ index: r.index, score: r.relevance_score }));
  }
  const tei = teiShape.safeParse(json);
  return tei.success ? tei.data.map((r) => ({ index: r.index, score: r.score })) : undefined;
}

/** Scores every document against the query in one call; returns hits sorted by score, best first. */
export async function rerank(
  query: string,
  documents: string[],
  options: { topN?: number; signal?: AbortSignal; config?: RerankConfig } = {},
): Promise<RerankHit[]> {
  const config = options.config ?? aiConfig().rerank;
  if (!config) throw new AppError("ai:not_configured", { userMessage: "리랭커가 설정되어 있지 않습니다." });
  if (documents.length === 0) return [];
  const topN = Math.min(options.topN ?? documents.length, documents.length);
  const call = () =>
    fetchJson(`${config.baseURL}/rerank`, {
      // Both field names are sent: Jina/Cohere read `documents`, TEI reads `texts`; each ignores the other.
      body: { model: config.model, query, documents, texts: documents, top_n: topN },
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      signal: options.signal,
      fetch: config.calls?.fetchFor("rerank"),
    });
  const { json } = await observeCall("reranker", config, call);
  const hits = readHits(json);
  if (!hits) throw new AppError("ai:bad_response", { detail: "rerank: unknown response shape" });
  if (hits.some((h) => h.index < 0 || h.index >= documents.length || !Number.isFinite(h.score))) {
    throw new AppError("ai:bad_response", { detail: "rerank: index out of range" });
  }
  // Sorted here even when the server sorted: TEI and some proxies return input order.
  return [...hits].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, topN);
}
