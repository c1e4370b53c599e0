import { createServer } from "node:http";
import { closeServer, listen, overlapScore, readJson, sendJson, sleep } from "./shared";

/**
 * A local rerank server: Jina/Cohere style (`{ query, documents, top_n }` → `{ results: [{ index,
 * relevance_score }] }`) or, with `style: "tei"`, text-embeddings-inference style (`{ query, texts }`
 * → `[{ index, score }]`). Scores are bigram overlap with the query: deterministic and meaningful.
 */

export interface FakeRerankOptions {
  port?: number;
  style?: "jina" | "tei";
  latencyMs?: number;
  error?: { status: number; body?: unknown };
  hang?: boolean;
  apiKey?: string;
}

export async function startFakeRerank(options: FakeRerankOptions = {}) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  let current = { ...options };

  const server = createServer(async (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const body = req.method === "POST" ? ((await readJson(req).catch(() => ({}))) as Record<string, unknown>) : {};
    requests.push({ path, body });
    if (current.apiKey && req.headers.authorization !== `Bearer ${current.apiKey}`) {
      return sendJson(res, 401, { error: "invalid api key" });
    }
    if (current.latencyMs) await sleep(current.latencyMs);
    if (current.hang) return;
    if (current.error) return sendJson(res, current.error.status, current.error.body ?? { error: "scripted error" });
    if (req.method !== "POST" || !/\/rerank$/.test(path)) return sendJson(res, 404, { error: `no route ${path}` });

    const query = String(body.query ?? "");
    const raw = (body.documents ?? body.texts ?? []) as (string | { text: string })[];
    const docs = raw.map((d) => (typeof d === "string" ? d : d.text));
    const scored = docs
      .map((text, index) => ({ index, score: overlapScore(query, text) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    if (current.style === "tei") return sendJson(res, 200, scored);
    const topN = typeof body.top_n === "number" ? body.top_n : scored.length;
    sendJson(res, 200, {
      model: body.model,
      results: scored
        .slice(0, topN)
        .map((s) => ({ index: s.index, relevance_score: s.score, document: { text: docs[s.index] } })),
      usage: { total_tokens: docs.length },
    });
  });

  const url = await listen(server, options.port);
  return {
    url,
    requests,
    configure(next: Partial<FakeRerankOptions>) {
      current = { ...current, ...next };
    },
    close: () => closeServer(server),
  };
}

export type FakeRerank = Awaited<ReturnType<typeof startFakeRerank>>;
