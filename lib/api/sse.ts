import type { ChatEvent } from "../chat/types";
import { logError, toAppError } from "../errors";
import type { ApiAnswer } from "./answer-summary";
import type { ApiAskRun } from "./ask";

/**
 * The chat's events as Server-Sent Events: `event: <type>` with the event as JSON, as the browser
 * gets them, then `event: answer` with the finished answer (citations, marks, links), or
 * `event: error`. A comment every 15 s keeps proxies from closing a quiet stream (the model may
 * think for a while before the first token).
 */
const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

export interface SseChannel {
  stream: ReadableStream<Uint8Array>;
  send(event: ChatEvent): void;
  /** Sends the finished answer (or the failure) and closes the stream. */
  finish(run: ApiAskRun): void;
}

export function sseChannel(onCancel: () => void): SseChannel {
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
    if (!closed) controller?.enqueue(bytes);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      keepAlive = setInterval(() => push(encoder.encode(": keep-alive\n\n")), 15_000);
    },
    cancel() {
      closed = true;
      clearInterval(keepAlive);
      onCancel();
    },
  });
  return {
    stream,
    send: (event) => (early ? early.push(frame(event.type, event)) : push(frame(event.type, event))),
    finish(run) {
      push(frame("started", { chatId: run.chatId, messageId: run.messageId }));
      for (const bytes of early ?? []) push(bytes);
      early = undefined;
      run.finished.then(
        (answer: ApiAnswer) => {
          push(frame("answer", answer));
          close();
        },
        (error: unknown) => {
          logError(error);
          push(frame("error", { message: toAppError(error).userMessage }));
          close();
        },
      );
    },
  };
}
