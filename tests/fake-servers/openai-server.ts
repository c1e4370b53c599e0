import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type FakeBatches, fakeBatches } from "./openai-batches";
import { pickRule, type Rule } from "./openai-rules";
import { closeServer, fakeEmbedding, guarded, listen, readJson, sendJson, sleep } from "./shared";

/**
 * A local server speaking the OpenAI protocol (chat completions, streamed or not; embeddings;
 * models) with scripted, deterministic replies, for unit and e2e tests through real HTTP clients.
 */

export type { Matcher, Rule } from "./openai-rules";

export interface FakeOpenAIOptions {
  /** 0 (default): a free port. */
  port?: number;
  rules?: Rule[];
  defaultReply?: string;
  /** Delay before the first byte of every answer. */
  latencyMs?: number;
  /** Delay before each streamed text chunk. */
  chunkDelayMs?: number;
  /** Characters per streamed chunk (default 8). */
  chunkSize?: number;
  /** Vector size when a request names no `dimensions` (default 64). */
  embeddingDimensions?: number;
  /** Model ids GET /models lists (default: fake-chat, fake-embed). */
  models?: string[];
  /** Every request must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** Fail the first N POST requests (retry tests), with `failStatus` (default 429). */
  failFirst?: number;
  failStatus?: number;
  /** Retry-After sent with those failures (default "0": retry at once). */
  retryAfter?: string;
  /** false: an endpoint that never returns token log-probs, even when asked (default true). */
  logprobs?: boolean;
  /**
   * Usage counted from the request (a token per 2 characters) instead of a fixed 10 input tokens,
   * and an automatic prompt cache: a request whose text before its last blank line was seen before
   * reports that part as `prompt_tokens_details.cached_tokens` (OpenAI's prefix caching, roughly).
   */
  promptCache?: boolean;
  /** With promptCache: how many tokens a text counts as (default: a token per 2 characters). */
  tokensOf?: (text: string) => number;
  /** Batch API: how many GET /batches/{id} a batch answers "in_progress" before "completed" (default 1). */
  batchPolls?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

const CREATED = 1_700_000_000;

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}) {
  let rules = [...(options.rules ?? [])];
  const used = new Map<Rule, number>();
  const requests: RecordedRequest[] = [];
  let failuresLeft = options.failFirst ?? 0;

  const seenPrompts: string[] = [];
  const usageFor = (body: Record<string, unknown>, text: string) => {
    if (!options.promptCache)
      return { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length };
    const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
    const all = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
    const cached = cachedPrefixChars(all, seenPrompts);
    seenPrompts.push(all);
    if (seenPrompts.length > 50) seenPrompts.shift();
    const tokens = options.tokensOf ?? ((t: string) => Math.ceil(t.length / 2));
    const prompt = tokens(all);
    const completion = tokens(text);
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cached > 0 ? tokens(all.slice(0, cached)) : 0 },
    };
  };

  /** A non-streamed answer as status and body (the Batch API answers each of its lines with it). */
  const completion = (body: Record<string, unknown>, rule: Rule | undefined): { status: number; body: unknown } => {
    if (rule?.hang) return { status: 504, body: { error: { message: "scripted hang", type: "server_error" } } };
    if (rule?.error) {
      return {
        status: rule.error.status,
        body: rule.error.body ?? { error: { message: "scripted error", type: "server_error" } },
      };
    }
    const text = rule?.raw ?? rule?.reply ?? options.defaultReply ?? "가짜 모델의 답변입니다.";
    return {
      status: 200,
      body: {
        id: `chatcmpl-${requests.length}`,
        created: CREATED,
        model: body.model,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: text }, logprobs: null, finish_reason: "stop" }],
        usage: usageFor(body, text),
      },
    };
  };
  const batches: FakeBatches = fakeBatches({
    polls: options.batchPolls ?? 1,
    answer: (body) => completion(body, pickRule(rules, used, body)),
  });

  const chat = async (res: ServerResponse, body: Record<string, unknown>) => {
    const rule = pickRule(rules, used, body);
    if (rule?.delayMs) await sleep(rule.delayMs);
    if (rule?.hang) return; // never answers; the client's timeout must fire
    if (rule?.error) {
      const { status, body: errorBody, headers } = rule.error;
      return sendJson(
        res,
        status,
        errorBody ?? { error: { message: "scripted error", type: "server_error" } },
        headers,
      );
    }
    if (rule?.raw !== undefined) {
      res.writeHead(200, { "content-type": body.stream ? "text/event-stream" : "application/json" });
      return res.end(rule.raw);
    }
    const text = rule?.reply ?? options.defaultReply ?? "가짜 모델의 답변입니다.";
    const id = `chatcmpl-${requests.length}`;
    const usage = usageFor(body, text);
    const base = { id, created: CREATED, model: body.model };
    const size = Math.max(1, options.chunkSize ?? 8);
    // Token log-probs, as OpenAI sends them, only when asked and when this endpoint has them.
    // A rule with `logprobs: false` answers as an endpoint without them (the e2e suite has one server).
    const withLogprobs = body.logprobs === true && options.logprobs !== false && rule?.logprobs !== false;
    const logprobOf = (n: number) => {
      const scripted = rule?.logprobs === false ? -0.1 : (rule?.logprobs ?? -0.1);
      return Array.isArray(scripted) ? (scripted[n] ?? scripted.at(-1) ?? -0.1) : scripted;
    };
    const logprobsFor = (piece: string, n: number) =>
      withLogprobs
        ? { content: [{ token: piece, logprob: logprobOf(n), bytes: [...Buffer.from(piece)], top_logprobs: [] }] }
        : null;
    if (!body.stream) {
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, n) =>
        text.slice(n * size, (n + 1) * size),
      );
      return sendJson(res, 200, {
        ...base,
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: text },
            logprobs: withLogprobs ? { content: pieces.flatMap((p, n) => logprobsFor(p, n)?.content ?? []) } : null,
            finish_reason: "stop",
          },
        ],
        usage,
      });
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const frame = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = { ...base, object: "chat.completion.chunk" };
    frame({ ...chunk, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    const delay = rule?.chunkDelayMs ?? options.chunkDelayMs;
    for (let i = 0, n = 0; i < text.length; i += size, n++) {
      if (rule?.dropAfterChunks !== undefined && n >= rule.dropAfterChunks) return res.destroy();
      if (rule?.stallAfterChunks !== undefined && n >= rule.stallAfterChunks) return;
      if (delay) await sleep(delay);
      if (res.destroyed) return; // the client left (stopped or timed out)
      const piece = text.slice(i, i + size);
      const logprobs = logprobsFor(piece, n);
      frame({
        ...chunk,
        choices: [{ index: 0, delta: { content: piece }, ...(logprobs ? { logprobs } : {}), finish_reason: null }],
      });
    }
    if (rule?.streamError) {
      frame({ error: { message: rule.streamError, type: "server_error", code: null } });
      return res.end("data: [DONE]\n\n");
    }
    frame({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    // stream_options.include_usage: OpenAI sends usage in a last chunk with no choices.
    frame({ ...chunk, choices: [], usage });
    res.end("data: [DONE]\n\n");
  };

  const embeddings = (res: ServerResponse, body: Record<string, unknown>) => {
    const input = body.input;
    const texts = Array.isArray(input) ? input.map(String) : [String(input ?? "")];
    const dims = Number(body.dimensions ?? options.embeddingDimensions ?? 64);
    const tokens = texts.reduce((sum, t) => sum + t.length, 0);
    sendJson(res, 200, {
      object: "list",
      model: body.model,
      data: texts.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t, dims) })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  const models = () => ({
    object: "list",
    data: (options.models ?? ["fake-chat", "fake-embed"]).map((id) => ({ id, object: "model", owned_by: "fake" })),
  });

  const server = createServer(
    guarded(async (req, res) => {
      const method = req.method ?? "GET";
      const path = (req.url ?? "").split("?")[0] ?? "";
      let body: Record<string, unknown> = {};
      // The Batch API's file upload is multipart, not JSON.
      if (method === "POST" && path.endsWith("/files")) {
        requests.push({ method, path, body: {}, headers: req.headers });
        return batches.upload(req, res);
      }
      try {
        body = method === "POST" ? ((await readJson(req)) as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, { error: { message: "request body is not JSON", type: "invalid_request_error" } });
      }
      requests.push({ method, path, body, headers: req.headers });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
      }
      if (options.latencyMs) await sleep(options.latencyMs);
      if (failuresLeft > 0 && method === "POST") {
        failuresLeft -= 1;
        const status = options.failStatus ?? 429;
        return sendJson(
          res,
          status,
          { error: { message: `scripted ${status}`, type: "rate_limit_error" } },
          {
            "retry-after": options.retryAfter ?? "0",
          },
        );
      }
      if (method === "GET" && path.endsWith("/models")) return sendJson(res, 200, models());
      if (method === "POST" && path.endsWith("/chat/completions")) return chat(res, body);
      if (method === "POST" && path.endsWith("/embeddings")) return embeddings(res, body);
      if (path.includes("/batches") || path.includes("/files/")) return batches.route(method, path, body, res);
      sendJson(res, 404, { error: { message: `no route ${method} ${path}`, type: "invalid_request_error" } });
    }),
  );

  const origin = await listen(server, options.port);
  return {
    /** Base URL ending in /v1, as LLM_BASE_URL / EMBEDDINGS_BASE_URL expect it. */
    url: `${origin}/v1`,
    requests,
    /** The Batch API's files and batches (tests read what was submitted). */
    batches,
    /** Replaces the rules (and forgets how often each was used). */
    setRules(next: Rule[]) {
      rules = [...next];
      used.clear();
    },
    close: () => closeServer(server),
  };
}

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;

/**
 * The fake's prompt cache, like OpenAI's automatic one in miniature: the longest prefix a request
 * shares with one of the last requests, in whole blocks of 32 characters (16 "tokens"), counted
 * only from 64 characters on (OpenAI: 128-token blocks from 1,024 tokens).
 */
export function cachedPrefixChars(prompt: string, earlier: string[]): number {
  let best = 0;
  for (const e of earlier) {
    const max = Math.min(e.length, prompt.length);
    let i = 0;
    while (i < max && e.charCodeAt(i) === prompt.charCodeAt(i)) i++;
    best = Math.max(best, i);
  }
  const blocks = Math.floor(best / 32) * 32;
  return blocks >= 64 ? blocks : 0;
}
