/**
 * Bounded concurrency for bulk model calls: `concurrency` workers pull tasks until none are left.
 * `next` is serialized (one caller at a time), so a lazy producer may await inside it. A rate-limit
 * answer anywhere pauses every worker (`backOff`), doubling up to a ceiling while they keep coming —
 * per-call retries alone would have all workers hammer a limited endpoint in lock-step.
 */
export class BackOffGate {
  private until = 0;
  private delayMs: number;

  constructor(
    private readonly initialMs = 1_000,
    private readonly maxMs = 30_000,
  ) {
    this.delayMs = initialMs;
  }

  /** A 429 was met: everyone waits a while (longer each time one comes while still paused). */
  backOff(now = Date.now()): void {
    this.delayMs = now < this.until ? Math.min(this.maxMs, this.delayMs * 2) : this.initialMs;
    this.until = now + this.delayMs;
  }

  /** How long a worker must still wait before its next call (0: go). */
  waitMs(now = Date.now()): number {
    return Math.max(0, this.until - now);
  }
}

export async function runPool<T>(options: {
  concurrency: number;
  next: () => Promise<T | undefined>;
  work: (task: T) => Promise<void>;
  /** Called before each task: may wait (back-off) or throw to stop every worker. */
  before?: () => Promise<void>;
}): Promise<void> {
  let lock: Promise<unknown> = Promise.resolve();
  const next = (): Promise<T | undefined> => {
    const turn = lock.then(() => options.next());
    lock = turn.catch(() => undefined);
    return turn;
  };
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined) {
      await options.before?.();
      if (failure !== undefined) return;
      const task = await next();
      if (task === undefined) return;
      await options.work(task);
    }
  };
  const workers = Array.from({ length: Math.max(1, options.concurrency) }, () =>
    worker().catch((error) => {
      failure ??= error;
    }),
  );
  await Promise.all(workers);
  if (failure !== undefined) throw failure;
}
