import type { ChatReply, TokenLogprob } from "./types";

/**
 * Replies synthesised from a recording in the wire format the client asked for: a chat completion
 * as JSON, or as the SSE stream an OpenAI-compatible server sends (text in small deltas, then the
 * finish reason, the usage chunk and [DONE]).
 */
const CREATED = 1_700_000_000;
const CHUNK = 24;

export function chatResponse(reply: ChatReply, body: Record<string, unknown>): Response {
  const base = { id: "chatcmpl-replay", created: CREATED, model: String(body.model ?? "recorded") };
  const finish = reply.finishReason ?? "stop";
  if (!body.stream) {
    return Response.json({
      ...base,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: reply.text },
          ...(reply.logprobs ? { logprobs: { content: wireLogprobs(reply.logprobs) } } : {}),
          finish_reason: finish,
        },
      ],
      ...(reply.usage ? { usage: { ...reply.usage, total_tokens: total(reply) } } : {}),
    });
  }
  const chunk = { ...base, object: "chat.completion.chunk" };
  const frames: unknown[] = [
    { ...chunk, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
  ];
  for (let i = 0; i < reply.text.length; i += CHUNK) {
    frames.push({
      ...chunk,
      choices: [{ index: 0, delta: { content: reply.text.slice(i, i + CHUNK) }, finish_reason: null }],
    });
  }
  if (reply.logprobs) {
    // Recorded per token, not per replayed text slice: all of them in one frame before the finish.
    frames.push({
      ...chunk,
      choices: [{ index: 0, delta: {}, logprobs: { content: wireLogprobs(reply.logprobs) }, finish_reason: null }],
    });
  }
  frames.push({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  if (reply.usage) frames.push({ ...chunk, choices: [], usage: { ...reply.usage, total_tokens: total(reply) } });
  const sse = `${frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("")}data: [DONE]\n\n`;
  return new Response(sse, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
}

const wireLogprobs = (list: TokenLogprob[]) => list.map((t) => ({ ...t, bytes: null, top_logprobs: [] }));

/** The `logprobs.content` of a choice or a stream chunk's choice, as recorded. */
export function logprobsOf(value: unknown): TokenLogprob[] | undefined {
  const content = (value as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(content)) return undefined;
  return content.flatMap((t) =>
    t && typeof t.logprob === "number" ? [{ token: String(t.token ?? ""), logprob: t.logprob }] : [],
  );
}

const total = (reply: ChatReply) => (reply.usage?.prompt_tokens ?? 0) + (reply.usage?.completion_tokens ?? 0);

export function jsonResponse(json: unknown): Response {
  return Response.json(json);
}

/** The reply of a chat completion as received: JSON, or an SSE stream read to its end. */
export function chatReplyFromJson(json: unknown): ChatReply | undefined {
  const value = json as {
    choices?: { message?: { content?: unknown }; finish_reason?: unknown; logprobs?: unknown }[];
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  const choice = value?.choices?.[0];
  if (!choice || typeof choice.message?.content !== "string") return undefined;
  const logprobs = logprobsOf(choice.logprobs);
  return {
    text: choice.message.content,
    usage: usageOf(value.usage),
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : undefined,
    ...(logprobs ? { logprobs } : {}),
  };
}

function usageOf(u: { prompt_tokens?: number; completion_tokens?: number } | undefined): ChatReply["usage"] {
  return u ? { prompt_tokens: u.prompt_tokens ?? 0, completion_tokens: u.completion_tokens ?? 0 } : undefined;
}

export async function chatReplyFromSse(stream: ReadableStream<Uint8Array>): Promise<ChatReply | undefined> {
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  let usage: ChatReply["usage"];
  let finishReason: string | undefined;
  let logprobs: TokenLogprob[] | undefined;
  let failed = false;
  const take = (line: string) => {
    if (!line.startsWith("data:")) return;
    const data = line.slice(5).trim();
    if (!data || data === "[DONE]") return;
    let frame: {
      error?: unknown;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
      choices?: { delta?: { content?: unknown }; finish_reason?: unknown; logprobs?: unknown }[];
    };
    try {
      frame = JSON.parse(data);
    } catch {
      failed = true;
      return;
    }
    if (frame.error) failed = true;
    if (frame.usage) usage = usageOf(frame.usage);
    for (const choice of frame.choices ?? []) {
      if (typeof choice.delta?.content === "string") text += choice.delta.content;
      if (typeof choice.finish_reason === "string") finishReason = choice.finish_reason;
      const some = logprobsOf(choice.logprobs);
      if (some) logprobs = [...(logprobs ?? []), ...some];
    }
  };
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    lines.forEach(take);
  }
  take(buffer + decoder.decode());
  // A stream that failed midway or never finished is not a reply worth replaying.
  if (failed || finishReason === undefined) return undefined;
  return { text, usage, finishReason, ...(logprobs ? { logprobs } : {}) };
}
