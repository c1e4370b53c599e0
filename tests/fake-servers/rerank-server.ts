import { createServer } from "node:http";
import { closeServer, guarded, listen, overlapScore, readJson, sendJson, sleep } from "./shared";

/**
 * A local rerank server on POST /rerank and /v1/rerank: Jina/Cohere style (`{ model, query,
 * documents: string[] | {text}[], top_n }` → `{ results: [{ index, relevance_score, document }] }`)
 * or, with `style: "tei"`, text-embeddings-inference style (`{ query, texts }` → `[{ index, score }]`).
 * Each style reads only its own field, as the real servers do. Scores are the share of the query's
 * character bigrams found in the document: deterministic and meaningful.
 */

export interface FakeRerankOptions {
  port?: number;
  style?: "jina" | "tei";
  /** Delay before the first byte. */
  latencyMs?: number;
  /** Every request answers this error. */
  error?: { status: number; body?: unknown; headers?: Record<string, string> };
  /** Never answers. */
  hang?: boolean;
  /** Requires `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** Fail the first N requests with 429 (Retry-After: 0). */
  failFirst?: number;
}

export interface RecordedRerankRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export async function startFakeRerank(options: FakeRerankOptions = {}) {
  const requests: RecordedRerankRequest[] = [];
  let current = { ...options };
  let failuresLeft = options.failFirst ?? 0;

  const server = createServer(
    guarded(async (req, res) => {
      const method = req.method ?? "GET";
      const path = (req.url ?? "").split("?")[0] ?? "";
      const body = method === "POST" ? ((await readJson(req).catch(() => ({}))) as Record<string, unknown>) : {};
      requests.push({ method, path, body });
      if (current.apiKey && req.headers.authorization !== `Bearer ${current.apiKey}`) {
        return sendJson(res, 401, { error: "invalid api key" });
      }
      if (current.latencyMs) await sleep(current.latencyMs);
      if (current.hang) return;
      if (current.error) {
        const { status, body: errorBody, headers } = current.error;
        return sendJson(res, status, errorBody ?? { error: "scripted error" }, headers);
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return sendJson(res, 429, { error: "rate limited" }, { "retry-after": "0" });
      }
      if (method !== "POST" || !/^(\/v1)?\/rerank$/.test(path))
        return sendJson(res, 404, { error: `no route ${path}` });

      const tei = current.style === "tei";
      const raw = tei ? body.texts : body.documents;
      if (typeof body.query !== "string" || !Array.isArray(raw)) {
        const fields = tei ? "query, texts" : "query, documents";
        return sendJson(res, 422, { error: `missing ${fields}` });
      }
      const docs = (raw as (string | { text?: string })[]).map((d) => (typeof d === "string" ? d : (d.text ?? "")));
      const scored = docs
        .map((text, index) => ({ index, score: overlapScore(body.query as string, text) }))
        .sort((a, b) => b.score - a.score || a.index - b.index);
      if (tei) return sendJson(res, 200, scored);
      const topN = typeof body.top_n === "number" ? body.top_n : scored.length;
      sendJson(res, 200, {
        model: body.model,
        results: scored
          .slice(0, topN)
          .map((s) => ({ index: s.index, relevance_score: s.score, document: { text: docs[s.index] } })),
        usage: { total_tokens: docs.length },
      });
    }),
  );

  const url = await listen(server, options.port);
  return {
    /** Origin without a path, as RERANK_BASE_URL expects it (the client appends /rerank). */
    url,
    requests,
    /** Changes the behaviour of later requests (e.g. start hanging). */
    configure(next: Partial<FakeRerankOptions>) {
      current = { ...current, ...next };
      if (next.failFirst !== undefined) failuresLeft = next.failFirst;
    },
    close: () => closeServer(server),
  };
}

export type FakeRerank = Awaited<ReturnType<typeof startFakeRerank>>;
