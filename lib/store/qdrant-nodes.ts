import type { QdrantClient } from "@qdrant/js-client-rest";
import { logger } from "../util/log";
import {
  clientOptions,
  createQdrantClient,
  isTransient,
  nodeUrls,
  type QdrantConnection,
  storeError,
} from "./qdrant-client";

/**
 * The Qdrant nodes the app may talk to (QDRANT_URL: one URL, a load balancer's, or the nodes of a
 * cluster separated by commas) and how one request survives an outage. Any node of a Qdrant
 * cluster answers for the whole collection (it forwards to the peers holding the shards), so a
 * request may go to any of them:
 *  - each attempt has its own deadline (`timeoutMs`, the client's `timeout` option: an AbortSignal
 *    over the request and its body);
 *  - a failure another attempt may not meet (no answer, timeout, 408, 429, 5xx: isTransient) is
 *    tried again on the next node at once, and on a node already tried after a pause that doubles
 *    each round (Retry-After when Qdrant sends one); `retries` bounds the attempts after the first;
 *  - the node that answered is tried first next time, so a dead node costs one failed connection
 *    (or one timeout), not one per request.
 * Every request the store sends is idempotent (upserts and deletes by id or filter, index and
 * collection creation answered 409 / "already exists" when repeated), so repeating one after a
 * timeout whose request did land is harmless.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 250;
const MAX_RETRY_DELAY_MS = 5_000;

export interface QdrantNode {
  url: string;
  client: QdrantClient;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds asked for by a 429 (the client's QdrantClientResourceExhaustedError), in ms. */
function retryAfterMs(error: unknown): number | undefined {
  const seconds = (error as { retry_after?: unknown })?.retry_after;
  return typeof seconds === "number" && Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

function failureOf(error: unknown): string {
  const status = (error as { status?: unknown })?.status;
  if (typeof status === "number") return `HTTP ${status}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export class QdrantNodes {
  readonly nodes: QdrantNode[];
  readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  /** Index of the node that answered last: tried first. */
  private preferred = 0;

  constructor(private readonly connection: QdrantConnection) {
    this.timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = connection.retries ?? DEFAULT_RETRIES;
    this.retryDelayMs = connection.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.nodes = nodeUrls(connection.url).map((url) => ({
      url,
      client: createQdrantClient({ url, apiKey: connection.apiKey, timeoutMs: this.timeoutMs }),
    }));
  }

  get urls(): string[] {
    return this.nodes.map((n) => n.url);
  }

  /**
   * Runs `work` against a node, failing over and retrying as above. A final failure is a typed
   * error (storeError) naming the last node and the attempts made; its `cause` is the client's error.
   */
  async run<T>(op: string, work: (client: QdrantClient, node: QdrantNode) => Promise<T>): Promise<T> {
    const count = this.nodes.length;
    const attempts = this.retries + 1;
    let last: unknown;
    let lastNode = this.nodes[this.preferred] as QdrantNode;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const index = (this.preferred + attempt) % count;
      const node = this.nodes[index] as QdrantNode;
      if (attempt > 0) {
        // Another node is tried at once (it may well be up); a node met before waits its turn.
        const round = Math.floor(attempt / count);
        const backOff = round > 0 ? Math.min(MAX_RETRY_DELAY_MS, this.retryDelayMs * 2 ** (round - 1)) : 0;
        const wait = Math.max(backOff, retryAfterMs(last) ?? 0);
        if (wait > 0) await sleep(wait);
      }
      try {
        const result = await work(node.client, node);
        this.preferred = index;
        return result;
      } catch (error) {
        last = error;
        lastNode = node;
        if (!isTransient(error)) throw storeError(error, { url: node.url, op, attempts: attempt + 1 });
        if (attempt + 1 < attempts) {
          const next = this.nodes[(index + 1) % count] as QdrantNode;
          const then = next === node ? "trying again" : `trying ${safeUrl(next.url)}`;
          logger("qdrant").warn(`${op} @ ${safeUrl(node.url)}: ${failureOf(error)}; ${then}`);
        }
      }
    }
    throw storeError(last, { url: lastNode.url, op, attempts });
  }

  /** Which nodes answer now (GET /, one attempt each, within the deadline). */
  health(): Promise<{ url: string; ok: boolean }[]> {
    return Promise.all(
      this.nodes.map(async (node) => ({
        url: node.url,
        ok: await node.client.versionInfo().then(
          () => true,
          () => false,
        ),
      })),
    );
  }

  /**
   * One plain HTTP request to one node, for the cluster API: peer ids are unsigned 64-bit integers
   * that JSON.parse would round (Node 20 has no JSON.rawJSON, which the client would use), so they
   * are read as strings here and written back as the digits they were.
   */
  async raw(node: QdrantNode, method: "GET" | "POST", path: string, body?: string): Promise<unknown> {
    clientOptions({ url: node.url }); // the same checks as the client's URL
    const url = new URL(node.url);
    const base = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body ? { "content-type": "application/json" } : {}),
        ...(this.connection.apiKey ? { "api-key": this.connection.apiKey } : {}),
      },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text.replace(/("(?:peer_id|from_peer_id|to_peer_id|from|to|leader)"\s*:\s*)(\d+)/g, '$1"$2"'));
    } catch {
      // Not JSON (a proxy's page): kept as text for the log.
    }
    if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status, data });
    return (data as { result?: unknown }).result;
  }
}

function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "(invalid QDRANT_URL)";
  }
}
