import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { AppError, type ErrorCode, logError } from "../errors";

/**
 * The URL to start a worker thread on a TypeScript file of this project, through tsx's loader, also
 * under `next start` (where the caller is bundled and the worker's files are not): paths come from
 * the project root at run time. Null, with the missing path, when the files are not there.
 */
export function tsWorkerUrl(...entry: string[]): { url: URL } | { missing: string } {
  const root = process.cwd();
  const tsx = join(/*turbopackIgnore: true*/ root, "node_modules", "tsx", "dist", "esm", "api", "index.mjs");
  const file = join(/*turbopackIgnore: true*/ root, ...entry);
  for (const path of [tsx, file]) if (!existsSync(path)) return { missing: path };
  const boot = [
    `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};`,
    "register();",
    `await import(${JSON.stringify(pathToFileURL(file).href)});`,
  ].join("\n");
  return { url: new URL(`data:text/javascript,${encodeURIComponent(boot)}`) };
}

/** A request without its id (distributed over the union, so each kind keeps its own fields). */
export type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

interface Running {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
}

export interface TsWorkerOptions {
  /** The worker's file, from the project root (tsWorkerUrl). */
  entry: string[];
  workerData?: unknown;
  /** The typed error its requests fail with: the worker's own error, or it stopped. */
  code: ErrorCode;
  /** A request unanswered this long means a stuck worker: it is stopped (its requests fail). */
  stuckMs?: number;
}

/**
 * The main-thread side of a worker thread that answers numbered requests ({ id, … } → { id, ok,
 * value | message }): started on the first request, so a process that never asks never starts
 * it. It keeps the process alive only while a request is pending. A crashed (or stuck) worker
 * fails its pending requests with `code`; the next request starts a fresh one.
 */
export class TsWorkerClient<Request extends { id: number; op: string }> {
  private running: Running | undefined;
  private nextId = 1;

  constructor(private readonly options: TsWorkerOptions) {}

  get started(): boolean {
    return this.running !== undefined;
  }

  request<T>(message: Unnumbered<Request>): Promise<T> {
    let running: Running;
    try {
      running = this.running ?? this.start();
    } catch (error) {
      return Promise.reject(error);
    }
    const id = this.nextId++;
    const { stuckMs, code } = this.options;
    return new Promise<T>((resolve, reject) => {
      const timer =
        stuckMs === undefined
          ? undefined
          : setTimeout(() => {
              logError(new AppError(code, { detail: `worker stuck on ${message.op}` }));
              void running.worker.terminate();
            }, stuckMs);
      timer?.unref();
      running.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          // One waiter continues per turn of the event loop: the port hands over every queued reply
          // in one go, and continuing each waiter there (8 searches' page work at once) kept timers
          // and I/O waiting for seconds (bench:search's bad-query burst).
          setImmediate(() => resolve(value as T));
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      running.worker.ref();
      running.worker.postMessage({ ...message, id });
    });
  }

  /** A message that gets no reply; nothing happens when no worker runs. */
  post(message: unknown): void {
    this.running?.worker.postMessage(message);
  }

  /** Stops the worker after `last` (its closing request) is answered or fails. */
  async stop(last: Unnumbered<Request>): Promise<void> {
    const running = this.running;
    if (!running) return;
    try {
      await this.request(last);
    } catch (error) {
      logError(error);
    } finally {
      if (this.running === running) this.running = undefined;
      await running.worker.terminate();
    }
  }

  private start(): Running {
    const { entry, workerData, code } = this.options;
    const boot = tsWorkerUrl(...entry);
    if ("missing" in boot) throw new AppError(code, { detail: `worker: ${boot.missing} not found` });
    const worker = new Worker(/*turbopackIgnore: true*/ boot.url, { workerData });
    const running: Running = { worker, pending: new Map() };
    // Idle, the worker keeps no process alive (a CLI, a test); request() refs it meanwhile.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiter = running.pending.get(reply.id);
      if (!waiter) return;
      running.pending.delete(reply.id);
      if (running.pending.size === 0) worker.unref();
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new AppError(code, { detail: reply.message }));
    });
    const fail = (cause: unknown, log: boolean) => {
      if (this.running === running) this.running = undefined;
      const error = new AppError(code, { cause, detail: "worker stopped" });
      if (log) logError(error);
      for (const waiter of running.pending.values()) waiter.reject(error);
      running.pending.clear();
    };
    worker.on("error", (error) => {
      fail(error, true);
      void worker.terminate();
    });
    // After stop() (terminate) nothing is pending; an exit while requests wait is a failure.
    worker.on("exit", (exitCode) => fail(new Error(`exit code ${exitCode}`), running.pending.size > 0));
    this.running = running;
    return running;
  }
}
