import { TsWorkerClient } from "../util/ts-worker";
import type { Request, WorkerInit, Written } from "./index-protocol";

/**
 * The main-thread side of the index worker (index-worker.ts): started on the first request, so a
 * process that only writes (the ingest CLI, the job child) never loads the index. It keeps the
 * process alive only while a request is pending. A crashed worker fails its pending requests with
 * store:unavailable; the next request starts a fresh one (lib/util/ts-worker.ts). The worker runs
 * the TypeScript source, also under `next start`.
 */
export class IndexClient extends TsWorkerClient<Request> {
  private closing: Promise<void> | undefined;

  constructor(init: WorkerInit) {
    super({ entry: ["lib", "store", "index-worker.ts"], workerData: init, code: "store:unavailable" });
  }

  /** This process committed up to `seq` (fire and forget; nothing happens in a writer-only process). */
  notify(message: Written): void {
    this.post(message);
  }

  /** Applies this process's writes up to `minSeq`, writes a pending snapshot, stops the worker. */
  close(minSeq: number): Promise<void> {
    this.closing ??= this.stop({ op: "close", minSeq }).finally(() => {
      this.closing = undefined;
    });
    return this.closing;
  }
}
