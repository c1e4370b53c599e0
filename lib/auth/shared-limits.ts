import {
  addToWindow,
  purgeRateEntries,
  serialized,
  takeBackFromWindow,
  updateRateEntry,
  windowSlots,
} from "../db/rate-limits";
import { logError } from "../errors";
import { withinTime } from "../util/time-limit";
import { type BackoffPolicy, type BackoffState, currentFailures, waitOf, withFailure, withRefund } from "./backoff";

/**
 * The rate limits' counts in the database (lib/db/rate-limits.ts), shared by every server process:
 * with several instances behind a load balancer a lawyer, a token or an address has one budget,
 * not one per instance. Same rules as the in-memory counters (backoff.ts, api-rate.ts).
 *
 * Decision: our own small table rather than `rate-limiter-flexible`. That library has SQLite and
 * PostgreSQL stores, but they take their own driver connection (a better-sqlite3 handle, a pg
 * pool) beside Prisma's — a second pool per process, and Prisma no longer the one door to the
 * database — and they count fixed points per duration: neither the exponential back-off with
 * forgiveness and refunds of the sign-in limits nor the sliding minute (exact Retry-After) of the
 * API limits. A table of (limiter, key, slot) rows with compare-and-set and one atomic upsert is a
 * few statements that work alike on SQLite and PostgreSQL, through Prisma.
 */

const SHARED_WAIT_MS = 2_000;

/**
 * Runs `shared` (a count in the database) and falls back to `local` (this process's memory, as
 * before) when the database fails or is slower than SHARED_WAIT_MS — another process holding
 * SQLite's write lock must not hold every API request and sign-in for DB_BUSY_TIMEOUT_MS.
 */
export async function sharedOrLocal<T>(shared: () => Promise<T>, local: () => T, what: string): Promise<T> {
  const work = shared();
  try {
    const first = await withinTime(work, SHARED_WAIT_MS);
    if (!first.late) return first.value;
    work.catch(() => {}); // finishes (or fails) on its own
    logError(new Error(`${what}: shared rate count slower than ${SHARED_WAIT_MS} ms; counted in this process`));
  } catch (error) {
    logError(error);
  }
  return local();
}

let lastPurge = 0;
/** Deletes expired counts now and then (at most every 10 minutes per process), in the background. */
export function purgeNowAndThen(now = Date.now()): void {
  if (now - lastPurge < 10 * 60_000) return;
  lastPurge = now;
  purgeRateEntries(now).catch(logError);
}

/** A back-off counter (backoff.ts) whose counts are rows of the shared table. */
export class SharedBackoff {
  constructor(
    readonly limiter: string,
    readonly policy: BackoffPolicy,
  ) {}

  private stateOf(row: { count: number; lastAt: number; blockedUntil: number } | undefined, now: number) {
    if (!row) return undefined;
    const state: BackoffState = { failures: row.count, lastAt: row.lastAt, blockedUntil: row.blockedUntil };
    // A key quiet past forgetAfterMs and not blocked is as good as gone.
    return now - state.lastAt > this.policy.forgetAfterMs && state.blockedUntil <= now ? undefined : state;
  }

  private row(state: BackoffState) {
    const expiresAt = Math.max(state.lastAt + this.policy.forgetAfterMs, state.blockedUntil);
    return { count: state.failures, lastAt: state.lastAt, blockedUntil: state.blockedUntil, expiresAt };
  }

  /**
   * Counts one attempt unless the key is blocked, in one atomic step: 0 when counted, else the
   * milliseconds to wait (nothing counted).
   */
  tryAdd(key: string, now: number): Promise<number> {
    return updateRateEntry(this.limiter, key, (current) => {
      const state = this.stateOf(current, now);
      const wait = waitOf(state, now);
      if (wait > 0) return { entry: null, result: wait };
      return { entry: this.row(withFailure(this.policy, state, now)), result: 0 };
    });
  }

  /** Takes back one counted attempt. */
  refund(key: string, now: number): Promise<void> {
    return updateRateEntry(this.limiter, key, (current) => {
      const state = this.stateOf(current, now);
      if (!state) return { entry: current ? "delete" : null, result: undefined };
      const left = withRefund(this.policy, state);
      return { entry: left ? this.row(left) : "delete", result: undefined };
    });
  }

  reset(key: string): Promise<void> {
    return updateRateEntry(this.limiter, key, (current) => ({ entry: current ? "delete" : null, result: undefined }));
  }

  /** Failures held against the key (after forgiveness); tests and admin views. */
  failures(key: string, now: number): Promise<number> {
    return updateRateEntry(this.limiter, key, (current) => {
      const state = this.stateOf(current, now);
      return { entry: null, result: state ? currentFailures(this.policy, state, now) : 0 };
    });
  }
}

export type Taken = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * A sliding window (api-rate.ts's SlidingWindow) in the shared table: one row per (key, ms) with
 * the units counted then, so the window and Retry-After are exact. A take adds its units first (one
 * atomic upsert), then sums the window; over the limit, it takes them back and says when the
 * oldest units leave. Takes of one key in this process go one at a time; two processes racing for
 * the last unit may both be refused (never both let through).
 */
export class SharedWindow {
  constructor(
    readonly limiter: string,
    private readonly limit: () => number,
    readonly windowMs = 60_000,
  ) {}

  take(key: string, now = Date.now(), units = 1): Promise<Taken> {
    return serialized(`window\n${this.limiter}\n${key}`, () => this.takeNow(key, now, units));
  }

  private async takeNow(key: string, now: number, units: number): Promise<Taken> {
    const limit = this.limit();
    if (units > limit) return { ok: false, retryAfterMs: this.windowMs };
    await addToWindow(this.limiter, key, now, units, now, now + this.windowMs);
    // Units at t count while t > now - window.
    const slots = await windowSlots(this.limiter, key, now - this.windowMs + 1);
    const total = slots.reduce((sum, s) => sum + s.count, 0);
    const over = total - limit;
    if (over <= 0) return { ok: true };
    await takeBackFromWindow(this.limiter, key, now, units);
    // Room comes when `over` units taken before ours leave the window.
    let seen = 0;
    for (const s of slots) {
      seen += s.slot === now ? s.count - units : s.count;
      if (seen >= over) return { ok: false, retryAfterMs: Math.max(1, s.slot + this.windowMs - now) };
    }
    return { ok: false, retryAfterMs: this.windowMs };
  }
}
