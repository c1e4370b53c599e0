// The rest of a firm beside bench-load.ts's lawyers: lawyers on 판례 검색, assistants sending MCP
// batches, and a monitor polling /api/health (the probe). Each returns what it measured; nothing here
// asserts.

/** Plain legal search words, one per searcher, so that no two searches are the same request. */
const SEARCH_WORDS = [
  "손해배상",
  "부당이득 반환",
  "임대차 보증금",
  "소멸시효",
  "해고 무효",
  "상계",
  "불법행위 과실",
  "근저당권 말소",
  "명의신탁",
  "사해행위 취소",
  "채무불이행",
  "공동불법행위",
];

export interface TimedResult {
  ok: boolean;
  ms: number;
}

/** A lawyer's 판례 검색: the search page rendered for `q`, read to its end as a browser would. */
export async function searchPage(base: string, cookie: string, index: number): Promise<TimedResult> {
  const q = SEARCH_WORDS[index % SEARCH_WORDS.length] ?? "손해배상";
  const t0 = performance.now();
  try {
    const response = await fetch(`${base}/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
    const html = await response.text();
    // The result list (or the honest empty state) is in the page: a page with neither did not search.
    const ok = response.ok && /data-testid="search-(results|none)"/.test(html);
    return { ok, ms: performance.now() - t0 };
  } catch {
    return { ok: false, ms: performance.now() - t0 };
  }
}

/** An assistant's MCP batch of `calls` search_precedents calls; ok when every call has its result. */
export async function mcpBatch(base: string, token: string, calls: number, batch: number): Promise<TimedResult> {
  const body = Array.from({ length: calls }, (_, i) => ({
    jsonrpc: "2.0",
    id: i + 1,
    method: "tools/call",
    params: {
      name: "search_precedents",
      arguments: { query: SEARCH_WORDS[(batch * calls + i) % SEARCH_WORDS.length] ?? "손해배상" },
    },
  }));
  const t0 = performance.now();
  try {
    const response = await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-03-26",
      },
      body: JSON.stringify(body),
    });
    const results = (await response.json()) as { result?: { isError?: boolean } }[];
    const ok =
      response.ok &&
      Array.isArray(results) &&
      results.length === calls &&
      results.every((r) => r.result && !r.result.isError);
    return { ok, ms: performance.now() - t0 };
  } catch {
    return { ok: false, ms: performance.now() - t0 };
  }
}

export interface ProbeFigures {
  /** The longest time /api/health took to answer: how long any request waited on the busy server. */
  maxGapMs: number;
  p95Ms: number;
  samples: number;
  failures: number;
}

/**
 * A monitor asking /api/health one request after the other (every `everyMs` at most) until stopped.
 * The health route does almost nothing, so its time is the time the server made it wait.
 */
export function healthProbe(base: string, everyMs = 100): { stop: () => Promise<ProbeFigures> } {
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const ok = await fetch(`${base}/api/health`)
        .then(async (r) => {
          await r.arrayBuffer();
          return r.ok;
        })
        .catch(() => false);
      const ms = performance.now() - t0;
      times.push(ms);
      if (!ok) failures++;
      if (ms < everyMs) await new Promise((r) => setTimeout(r, everyMs - ms));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
      return { maxGapMs: sorted.at(-1) ?? Number.NaN, p95Ms: p95, samples: times.length, failures };
    },
  };
}
