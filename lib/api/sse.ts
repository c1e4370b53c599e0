import type { ChatEvent } from "../chat/types";
import { env } from "../env";
import { logError, toAppError } from "../errors";
import type { ApiAnswer } from "./answer-summary";
import type { ApiAskRun } from "./ask";

/**
 * The chat's events as Server-Sent Events: `event: <type>` with the event as JSON, as the browser
 * gets them, then `event: answer` with the finished answer (citations, marks, links), or
 * `event: error`. A comment line (`: keep-alive`) goes out when the stream opens and then every
 * SSE_KEEPALIVE_SECONDS (10 s) until it ends — also while the question is still waiting for a busy
 * database or a slow model — so proxies never close a quiet stream.
 */
const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
const KEEP_ALIVE = encoder.encode(": keep-alive\n\n");

export interface SseChannel {
  stream: ReadableStream<Uint8Array>;
  send(event: ChatEvent): void;
  /** Sends the finished answer (or the failure) and closes the stream. */
  finish(run: ApiAskRun): void;
  /** The question could not even start: an `error` event, then the end. */
  fail(error: unknown): void;
  /** Closes the stream unread (the caller answers with something else). */
  abandon(): void;
}

export function sseChannel(onCancel: () => void, keepAliveMs = env().SSE_KEEPALIVE_SECONDS * 1000): SseChannel {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  // Events before `started` (the run's ids) wait for it, so a client always reads the ids first.
  let early: Uint8Array[] | undefined = [];
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    try {
      controller?.close();
    } catch {
      // already closed by the client
    }
  };
  const push = (bytes: Uint8Array) => {
    if (closed) return;
    try {
      controller?.enqueue(bytes);
    } catch {
      close();
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(KEEP_ALIVE);
      keepAlive = setInterval(() => push(KEEP_ALIVE), keepAliveMs);
    },
    cancel() {
      closed = true;
      clearInterval(keepAlive);
      onCancel();
    },
  });
  const failWith = (error: unknown) => {
    logError(error);
    push(frame("error", { message: toAppError(error).userMessage }));
    close();
  };
  return {
    stream,
    send: (event) => (early ? early.push(frame(event.type, event)) : push(frame(event.type, event))),
    finish(run) {
      push(frame("started", { chatId: run.chatId, messageId: run.messageId }));
      for (const bytes of early ?? []) push(bytes);
      early = undefined;
      run.finished.then((answer: ApiAnswer) => {
        push(frame("answer", answer));
        close();
      }, failWith);
    },
    fail: failWith,
    abandon: close,
  };
}

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform" };

/**
 * Starts a question and answers with its stream. A question that is refused at once (a bad chat
 * id, …) still gets its HTTP status, as before: the start is given `headStartMs` (1 s, or the
 * keep-alive interval when shorter). One that is still waiting then (the database busy, the answer
 * slots full) gets the stream's headers and keep-alive comments meanwhile, and its `started` event
 * — or an `error` event — when it gets going.
 */
export async function askAsSse(
  start: (send: (event: ChatEvent) => void) => Promise<ApiAskRun>,
  onCancel: () => void,
  {
    keepAliveMs = env().SSE_KEEPALIVE_SECONDS * 1000,
    headStartMs,
  }: { keepAliveMs?: number; headStartMs?: number } = {},
): Promise<Response> {
  const channel = sseChannel(onCancel, keepAliveMs);
  const started = start((event) => channel.send(event));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<"waiting">((resolve) => {
    timer = setTimeout(() => resolve("waiting"), headStartMs ?? Math.min(1_000, keepAliveMs));
  });
  const first = await Promise.race([
    started.then(
      () => "settled" as const,
      () => "settled" as const,
    ),
    waited,
  ]).finally(() => clearTimeout(timer));
  if (first === "settled") {
    try {
      channel.finish(await started);
    } catch (error) {
      channel.abandon();
      throw error;
    }
  } else started.then(channel.finish, channel.fail);
  return new Response(channel.stream, { headers: SSE_HEADERS });
}
