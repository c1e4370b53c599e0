/**
 * Failure counters with exponential back-off, in memory (single-process deployment).
 *
 * A key may make `free` failures; from then on each further failure blocks the key for a growing
 * delay (base, 2·base, 4·base … up to `maxDelayMs`). Failures are forgiven one per `decayMs`, so
 * a budget is a rate (e.g. 20 an hour), not a count that only resets after total quiet; a key quiet
 * for `forgetAfterMs` is dropped. Counting is synchronous, so callers can reserve an attempt before
 * slow work (a password hash) and parallel attempts cannot all slip through one check.
 */

export interface BackoffPolicy {
  /** Failures allowed before any delay. */
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** One counted failure is forgiven per this much time without new failures. */
  decayMs: number;
  /** A key with no failure for this long is dropped (must be ≥ maxDelayMs). */
  forgetAfterMs: number;
}

interface Entry {
  failures: number;
  blockedUntil: number;
  lastAt: number;
}

export class BackoffCounter {
  // Insertion order = order of last failure (an updated entry is re-inserted), so entries to drop
  // sit at the front and are swept in amortised constant time.
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly policy: BackoffPolicy,
    private readonly maxEntries = 100_000,
  ) {
    if (policy.forgetAfterMs < policy.maxDelayMs) throw new Error("forgetAfterMs must be ≥ maxDelayMs");
  }

  /** Milliseconds until the key may try again; 0 when it may try now. */
  retryAfter(key: string, now: number): number {
    this.sweep(now);
    const entry = this.entries.get(key);
    return entry && entry.blockedUntil > now ? entry.blockedUntil - now : 0;
  }

  /** Counts one failure (or a reserved attempt presumed to fail) and sets the next delay. */
  add(key: string, now: number): void {
    const known = this.entries.get(key);
    const entry: Entry = {
      failures: (known ? this.current(known, now) : 0) + 1,
      blockedUntil: known?.blockedUntil ?? 0,
      lastAt: now,
    };
    const over = entry.failures - this.policy.free;
    if (over >= 0) {
      const delay = Math.min(this.policy.baseDelayMs * 2 ** Math.min(over, 30), this.policy.maxDelayMs);
      entry.blockedUntil = Math.max(entry.blockedUntil, now + delay);
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Takes back one counted attempt that turned out not to be a failure. */
  refund(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.failures = Math.max(0, entry.failures - 1);
    // The block this attempt may have started is lifted once the key is back within its free tries.
    if (entry.failures < this.policy.free) entry.blockedUntil = 0;
    if (entry.failures === 0) this.entries.delete(key);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Failures currently held against the key (after forgiveness). */
  failures(key: string, now: number): number {
    const entry = this.entries.get(key);
    return entry ? this.current(entry, now) : 0;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  private current(entry: Entry, now: number): number {
    if (now - entry.lastAt > this.policy.forgetAfterMs) return 0;
    return Math.max(0, entry.failures - Math.floor(Math.max(0, now - entry.lastAt) / this.policy.decayMs));
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.lastAt <= this.policy.forgetAfterMs || entry.blockedUntil > now) break;
      this.entries.delete(key);
    }
  }
}
