/**
 * Failure counters with exponential back-off. The rule is here (pure functions); BackoffCounter keeps
 * the counts in this process's memory, SharedBackoff (shared-limits.ts) in the database for every
 * server process.
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

export interface BackoffState {
  failures: number;
  blockedUntil: number;
  lastAt: number;
}
type Entry = BackoffState;

/** Failures still held against a key (after forgiveness). */
export function currentFailures(policy: BackoffPolicy, entry: BackoffState, now: number): number {
  if (now - entry.lastAt > policy.forgetAfterMs) return 0;
  return Math.max(0, entry.failures - Math.floor(Math.max(0, now - entry.lastAt) / policy.decayMs));
}

/** The state after one more failure at `now`, with the next delay set. */
export function withFailure(policy: BackoffPolicy, known: BackoffState | undefined, now: number): BackoffState {
  const entry: BackoffState = {
    failures: (known ? currentFailures(policy, known, now) : 0) + 1,
    blockedUntil: known?.blockedUntil ?? 0,
    lastAt: now,
  };
  const over = entry.failures - policy.free;
  if (over >= 0) {
    const delay = Math.min(policy.baseDelayMs * 2 ** Math.min(over, 30), policy.maxDelayMs);
    entry.blockedUntil = Math.max(entry.blockedUntil, now + delay);
  }
  return entry;
}

/** The state after one counted attempt is taken back (undefined: nothing left to keep). */
export function withRefund(policy: BackoffPolicy, entry: BackoffState): BackoffState | undefined {
  const failures = Math.max(0, entry.failures - 1);
  if (failures === 0) return undefined;
  // The block this attempt may have started is lifted once the key is back within its free tries.
  return { ...entry, failures, blockedUntil: failures < policy.free ? 0 : entry.blockedUntil };
}

/** Milliseconds until a key in this state may try again. */
export function waitOf(entry: BackoffState | undefined, now: number): number {
  return entry && entry.blockedUntil > now ? entry.blockedUntil - now : 0;
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
    const entry = withFailure(this.policy, this.entries.get(key), now);
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
    const left = withRefund(this.policy, entry);
    if (left) this.entries.set(key, left);
    else this.entries.delete(key);
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
    return currentFailures(this.policy, entry, now);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.lastAt <= this.policy.forgetAfterMs || entry.blockedUntil > now) break;
      this.entries.delete(key);
    }
  }
}
