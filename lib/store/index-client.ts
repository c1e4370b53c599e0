import { Worker } from "node:worker_threads";
import { AppError, logError } from "../errors";
import { tsWorkerUrl } from "../util/ts-worker";
import type { Reply, Request, WorkerInit, Written } from "./index-protocol";

/**
 * The main-thread side of the index worker (index-worker.ts): started on the first request, so a
 * process that only writes (the ingest CLI, the job child) never loads the index. It keeps the
 * process alive only while a request is pending. A crashed worker fails its pending requests with
 * store:unavailable; the next request starts a fresh one.
 */

/** A request without its id (distributed over the union, so each kind keeps its own fields). */
type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;

interface Running {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
}

/** The worker runs the TypeScript source (lib/util/ts-worker.ts), also under `next start`. */
function bootUrl(): URL {
  const boot = tsWorkerUrl("lib", "store", "index-worker.ts");
  if ("missing" in boot) throw new AppError("store:unavailable", { detail: `index worker: ${boot.missing} not found` });
  return boot.url;
}

export class IndexClient {
  private running: Running | undefined;
  private nextId = 1;
  private closing: Promise<void> | undefined;

  constructor(private readonly init: WorkerInit) {}

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
    return new Promise<T>((resolve, reject) => {
      running.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      running.worker.ref();
      running.worker.postMessage({ ...message, id });
    });
  }

  /** Fire and forget; nothing happens when no worker runs (a writer-only process). */
  notify(message: Written): void {
    this.running?.worker.postMessage(message);
  }

  /** Applies this process's writes up to `minSeq`, writes a pending snapshot, stops the worker. */
  close(minSeq: number): Promise<void> {
    this.closing ??= this.stop(minSeq).finally(() => {
      this.closing = undefined;
    });
    return this.closing;
  }

  private async stop(minSeq: number): Promise<void> {
    const running = this.running;
    if (!running) return;
    try {
      await this.request({ op: "close", minSeq });
    } catch (error) {
      logError(error);
    } finally {
      this.running = undefined;
      await running.worker.terminate();
    }
  }

  private start(): Running {
    const worker = new Worker(/*turbopackIgnore: true*/ bootUrl(), { workerData: this.init });
    const running: Running = { worker, pending: new Map() };
    // Idle, the worker does not keep a CLI or test process alive; request() refs it meanwhile.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiter = running.pending.get(reply.id);
      if (!waiter) return;
      running.pending.delete(reply.id);
      if (running.pending.size === 0) worker.unref();
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new AppError("store:unavailable", { detail: reply.message }));
    });
    const fail = (cause: unknown, log: boolean) => {
      if (this.running === running) this.running = undefined;
      const error = new AppError("store:unavailable", { cause, detail: "index worker stopped" });
      if (log) logError(error);
      for (const waiter of running.pending.values()) waiter.reject(error);
      running.pending.clear();
    };
    worker.on("error", (error) => {
      fail(error, true);
      void worker.terminate();
    });
    // After close() (terminate) nothing is pending; an exit while requests wait is a failure.
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`), running.pending.size > 0));
    this.running = running;
    return running;
  }
}
