import { AppError } from "../errors";

/**
 * At most `limit` answers are written at once by this process (MAX_CONCURRENT_ANSWERS); the rest
 * wait in arrival order and are told how many are ahead of them. Independent questions run
 * concurrently up to the limit — the limit only keeps a burst from overloading two cores and the
 * model endpoints.
 */
export class AnswerSlots {
  private active = 0;
  private readonly waiting: { grant: () => void; onAhead: (ahead: number) => void }[] = [];

  constructor(private readonly limit: number) {}

  /** Resolves with a release function once a slot is free; rejects with ai:aborted if the asker gives up first. */
  acquire(signal: AbortSignal, onAhead: (ahead: number) => void = () => {}): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new AppError("ai:aborted"));
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal.removeEventListener("abort", onAbort);
          this.active += 1;
          resolve(this.releaser());
        },
        onAhead,
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        this.announce();
        reject(new AppError("ai:aborted"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
      onAhead(this.waiting.length - 1);
    });
  }

  get running(): number {
    return this.active;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.waiting.shift()?.grant();
      this.announce();
    };
  }

  private announce(): void {
    for (const [i, entry] of this.waiting.entries()) entry.onAhead(i);
  }
}
