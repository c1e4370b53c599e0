import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer, fakeEmbedding, listen, readJson, sendJson, sleep } from "./shared";

/**
 * A local server speaking the OpenAI protocol (chat completions, streamed or not; embeddings;
 * models) with scripted, deterministic replies, for unit and e2e tests through real HTTP clients.
 */

export type Matcher = string | RegExp;

export interface Rule {
  model?: Matcher;
  system?: Matcher;
  user?: Matcher;
  /** Reply text, an HTTP error, or no answer at all (for timeouts). */
  reply?: string;
  error?: { status: number; body?: unknown };
  hang?: boolean;
  /** Answer only this many times (then the next rule applies). */
  times?: number;
  /** Overrides the server's delay between streamed chunks for this reply (a slow answer to stop). */
  chunkDelayMs?: number;
}

export interface FakeOpenAIOptions {
  port?: number;
  rules?: Rule[];
  defaultReply?: string;
  /** Delay before the first byte, and between streamed chunks. */
  latencyMs?: number;
  chunkDelayMs?: number;
  /** Characters per streamed chunk. */
  chunkSize?: number;
  embeddingDimensions?: number;
  apiKey?: string;
  /** Fail the first N requests with 429 (retry tests). */
  failFirst?: number;
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

interface ChatMessage {
  role: string;
  content: string | { type: string; text?: string }[];
}

const textOf = (m: ChatMessage | undefined) =>
  !m ? "" : typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join("");

const matches = (m: Matcher | undefined, value: string) =>
  m === undefined || (typeof m === "string" ? value.includes(m) : m.test(value));

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}) {
  let rules = [...(options.rules ?? [])];
  const used = new Map<Rule, number>();
  const requests: RecordedRequest[] = [];
  let failuresLeft = options.failFirst ?? 0;

  const pickRule = (body: Record<string, unknown>): Rule | undefined => {
    const messages = (body.messages as ChatMessage[] | undefined) ?? [];
    const system = messages
      .filter((m) => m.role === "system")
      .map(textOf)
      .join("\n");
    const user = textOf([...messages].reverse().find((m) => m.role === "user"));
    return rules.find(
      (r) =>
        (r.times === undefined || (used.get(r) ?? 0) < r.times) &&
        matches(r.model, String(body.model ?? "")) &&
        matches(r.system, system) &&
        matches(r.user, user),
    );
  };

  const chat = async (res: ServerResponse, body: Record<string, unknown>) => {
    const rule = pickRule(body);
    if (rule) used.set(rule, (used.get(rule) ?? 0) + 1);
    if (rule?.hang) return; // never answers; the client's timeout must fire
    if (rule?.error)
      return sendJson(res, rule.error.status, rule.error.body ?? { error: { message: "scripted error" } });
    const text = rule?.reply ?? options.defaultReply ?? "가짜 모델의 답변입니다.";
    const id = `chatcmpl-${requests.length}`;
    const usage = { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length };
    if (!body.stream) {
      return sendJson(res, 200, {
        id,
        object: "chat.completion",
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage,
      });
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const frame = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const base = { id, object: "chat.completion.chunk", created: 1_700_000_000, model: body.model };
    frame({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    const size = options.chunkSize ?? 8;
    const delay = rule?.chunkDelayMs ?? options.chunkDelayMs;
    for (let i = 0; i < text.length; i += size) {
      if (delay) await sleep(delay);
      if (res.destroyed) return;
      frame({ ...base, choices: [{ index: 0, delta: { content: text.slice(i, i + size) }, finish_reason: null }] });
    }
    frame({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    frame({ ...base, choices: [], usage });
    res.end("data: [DONE]\n\n");
  };

  const embeddings = (res: ServerResponse, body: Record<string, unknown>) => {
    const input = body.input;
    const texts = Array.isArray(input) ? input.map(String) : [String(input ?? "")];
    const dims = Number(body.dimensions ?? options.embeddingDimensions ?? 64);
    sendJson(res, 200, {
      object: "list",
      model: body.model,
      data: texts.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t, dims) })),
      usage: { prompt_tokens: texts.length, total_tokens: texts.length },
    });
  };

  const server = createServer(async (req, res) => {
    try {
      const path = (req.url ?? "").split("?")[0] ?? "";
      const body = req.method === "POST" ? ((await readJson(req)) as Record<string, unknown>) : {};
      requests.push({ path, body, headers: req.headers });
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(res, 401, { error: { message: "invalid api key" } });
      }
      if (options.latencyMs) await sleep(options.latencyMs);
      if (failuresLeft > 0 && req.method === "POST") {
        failuresLeft -= 1;
        res.setHeader("retry-after", "0");
        return sendJson(res, 429, { error: { message: "rate limited" } });
      }
      if (req.method === "GET" && path.endsWith("/models")) {
        return sendJson(res, 200, { object: "list", data: [{ id: "fake-chat", object: "model" }] });
      }
      if (req.method === "POST" && path.endsWith("/chat/completions")) return await chat(res, body);
      if (req.method === "POST" && path.endsWith("/embeddings")) return embeddings(res, body);
      sendJson(res, 404, { error: { message: `no route ${path}` } });
    } catch (error) {
      sendJson(res, 400, { error: { message: String(error) } });
    }
  });

  const origin = await listen(server, options.port);
  return {
    url: `${origin}/v1`,
    requests,
    setRules(next: Rule[]) {
      rules = [...next];
      used.clear();
    },
    close: () => closeServer(server),
  };
}

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;
