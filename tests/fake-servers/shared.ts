import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A handler whose bugs answer 500 instead of becoming an unhandled rejection in the test run. */
export function guarded(handler: Handler): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server: ${String(error)}` } });
      else res.destroy();
    }
  };
}

export async function listen(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export function closeServer(server: Server): Promise<void> {
  // Hanging requests (timeout tests) must not keep close() waiting.
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Character bigrams of the Hangul/alphanumeric runs of a text: a crude, deterministic similarity basis. */
export function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length === 1) out.push(word);
    for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
  }
  return out;
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hashed bag of bigrams, L2-normalised: texts sharing words get a high cosine. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const g of bigrams(text)) {
    const slot = fnv1a(g) % dimensions;
    v[slot] = (v[slot] ?? 0) + 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => x / norm);
}

/** Share of the query's bigrams found in the document (0..1). */
export function overlapScore(query: string, document: string): number {
  const q = new Set(bigrams(query));
  if (q.size === 0) return 0;
  const d = new Set(bigrams(document));
  let hit = 0;
  for (const g of q) if (d.has(g)) hit += 1;
  return hit / q.size;
}
