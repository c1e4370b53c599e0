import { Worker } from "node:worker_threads";
import { AppError, logError } from "../errors";
import { tsWorkerUrl } from "../util/ts-worker";
import type { DecisionPage, PageRequest } from "./decision-page";
import type { FindCounts } from "./find-parts";
import type { ViewerReply, ViewerRequest, ViewerStats } from "./viewer-protocol";

/**
 * The server's side of the viewer's worker (viewer-worker.ts): one worker per process, started on
 * the first decision opened and kept (with its parsed decisions) while the process lives. The main
 * thread only posts a request and receives one bounded part; a crashed or stuck worker fails its
 * requests with precedent:unavailable and the next request starts a fresh one.
 */

/** A request still unanswered after this long means a stuck worker (a 60 MB decision takes ~1 s). */
const STUCK_MS = 60_000;

type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;

interface Running {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
}

class ViewerClient {
  private running: Running | undefined;
  private nextId = 1;

  request<T>(message: Unnumbered<ViewerRequest>): Promise<T> {
    let running: Running;
    try {
      running = this.running ?? this.start();
    } catch (error) {
      return Promise.reject(error);
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        logError(new AppError("precedent:unavailable", { detail: `viewer worker stuck on ${message.op}` }));
        void running.worker.terminate();
      }, STUCK_MS);
      timer.unref();
      const done = () => clearTimeout(timer);
      running.pending.set(id, {
        resolve: (value) => {
          done();
          resolve(value as T);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      running.worker.ref();
      running.worker.postMessage({ ...message, id });
    });
  }

  private start(): Running {
    const boot = tsWorkerUrl("lib", "precedent", "viewer-worker.ts");
    if ("missing" in boot) throw new AppError("precedent:unavailable", { detail: `${boot.missing} not found` });
    const worker = new Worker(/*turbopackIgnore: true*/ boot.url);
    const running: Running = { worker, pending: new Map() };
    // Idle, the worker keeps no process alive (a test, a CLI); a request refs it meanwhile.
    worker.unref();
    worker.on("message", (reply: ViewerReply) => {
      const waiter = running.pending.get(reply.id);
      if (!waiter) return;
      running.pending.delete(reply.id);
      if (running.pending.size === 0) worker.unref();
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new AppError("precedent:unavailable", { detail: reply.message }));
    });
    const fail = (cause: unknown) => {
      if (this.running === running) this.running = undefined;
      const error = new AppError("precedent:unavailable", { cause, detail: "viewer worker stopped" });
      if (running.pending.size > 0) logError(error);
      for (const waiter of running.pending.values()) waiter.reject(error);
      running.pending.clear();
    };
    worker.on("error", (error) => {
      fail(error);
      void worker.terminate();
    });
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    this.running = running;
    return running;
  }
}

// One per process, kept on globalThis so that a dev server's reloads do not start another.
const holder = globalThis as unknown as { __viewerClient?: ViewerClient };
const client = () => (holder.__viewerClient ??= new ViewerClient());

/** One part of the archived decision at `file`; null when there is none. */
export function viewerPage(file: string, request: Omit<PageRequest, "pageChars">): Promise<DecisionPage | null> {
  return client().request({ op: "page", file, ...request });
}

/** Matches of `query` in each part (whitespace ignored); null when there is no archived decision. */
export function viewerFind(file: string, query: string): Promise<FindCounts | null> {
  return client().request({ op: "find", file, query });
}

/** The whole decision as UTF-8 plain text; null when there is no archived decision. */
export function viewerText(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  return client().request({ op: "text", file });
}

/** What this process's viewer worker has done (tests, benchmarks). */
export function viewerStats(): Promise<ViewerStats> {
  return client().request({ op: "stats" });
}
