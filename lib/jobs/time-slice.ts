/**
 * Cooperative time slicing for long jobs. better-sqlite3 (through Prisma's adapter) and the
 * embedding cache answer synchronously, so a job's `await`s resolve as microtasks and never let the
 * event loop run: timers (the job heartbeat), I/O (IPC, HTTP) and cancel checks would wait until the
 * whole job ends. Long loops call `yieldIfBusy()` at safe points; once ~SLICE_MS of work has passed
 * since the loop last gave way, it waits one turn of the event loop (setImmediate: pending timers
 * and I/O run first, then the work continues).
 */

export const SLICE_MS = 25;

let sliceStart = performance.now();

/** Gives the event loop one turn now (timers and I/O callbacks that are due run before we continue). */
export async function yieldNow(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}

/**
 * Yields when this process has been busy for `budgetMs` since the last yield; otherwise returns at
 * once (a clock read). Returns whether it yielded. The clock is process-wide: any loop's yield
 * starts a new slice for all (the loop was free at that moment, whoever asked).
 */
export async function yieldIfBusy(budgetMs = SLICE_MS): Promise<boolean> {
  if (performance.now() - sliceStart < budgetMs) return false;
  await yieldNow();
  return true;
}

/** Runs `fn` over `items`, yielding between items whenever a slice is used up. */
export async function forEachSliced<T>(items: Iterable<T>, fn: (item: T, index: number) => void): Promise<void> {
  let i = 0;
  for (const item of items) {
    fn(item, i++);
    await yieldIfBusy();
  }
}
