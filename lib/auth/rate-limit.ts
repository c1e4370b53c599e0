import { clearRateEntries, rateMarkerAt, setRateMarker } from "../db/rate-limits";
import { AppError, logError } from "../errors";
import { BackoffCounter, type BackoffPolicy } from "./backoff";
import { purgeNowAndThen, SharedBackoff, sharedOrLocal } from "./shared-limits";

/**
 * Password-guessing limits for sign-in and for the account page's current-password check (both
 * guess the same password, so they share counters).
 *
 * An attempt is counted *before* the password is verified (a reservation presumed to fail), in the
 * same synchronous step as the check, so parallel guesses cannot all pass one check while the slow
 * scrypt verification runs. Three budgets, each with exponential back-off rather than a hard lock:
 *
 * - per (account, client IP): the tight one — 5 free tries, then 1 s, 2 s, 4 s … up to 15 min.
 *   A success resets it. An attacker hammering an account only slows down their own address.
 * - per client IP across accounts: password spraying from one address — 20 free (forgiven at one
 *   per 3 min, so an office behind one address can mistype 20 times an hour), up to 15 min.
 * - per account across all IPs: distributed guessing — 50 free, and the delay is capped at 60 s so a
 *   botnet cannot keep the real user out for long.
 *
 * An (account, IP) pair that signed in successfully before is "known": it is held only to its own
 * budget, so the real user at their usual address is not slowed by someone else's guessing.
 * The counts live in the database (SharedPasswordLimiter, shared-limits.ts), so several server
 * processes hold an attacker to one budget, not one each; PasswordLimiter is the same rules in this
 * process's memory, used when the database cannot count in time.
 */

const MINUTE = 60_000;

export const PASSWORD_LIMITS = {
  pair: { free: 5, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE, decayMs: 10 * MINUTE, forgetAfterMs: 60 * MINUTE },
  ip: { free: 20, baseDelayMs: 2_000, maxDelayMs: 15 * MINUTE, decayMs: 3 * MINUTE, forgetAfterMs: 60 * MINUTE },
  account: { free: 50, baseDelayMs: 1_000, maxDelayMs: MINUTE, decayMs: MINUTE, forgetAfterMs: 60 * MINUTE },
} satisfies Record<string, BackoffPolicy>;

const KNOWN_PAIR_TTL_MS = 30 * 24 * 60 * MINUTE;
const KNOWN_PAIR_MAX = 50_000;

export type AttemptPurpose = "sign_in" | "confirm_password";

/** One reserved password attempt; report how it ended exactly once (await it: the counts are shared). */
export interface PasswordAttempt {
  /** The password was right: the (account, IP) counter starts over. */
  succeeded(): Promise<void> | void;
  /** The password was wrong (the attempt stays counted). */
  failed(): Promise<void> | void;
  /** Verification could not run (database error…): the attempt is not held against anyone. */
  abandoned(): Promise<void> | void;
}

function retryText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds}초` : `${Math.ceil(seconds / 60)}분`;
}

function refusal(purpose: AttemptPurpose, ip: string, wait: number): AppError {
  const what = purpose === "sign_in" ? "로그인" : "비밀번호 확인";
  return new AppError("auth:rate_limited", {
    userMessage: `${what} 시도가 너무 많습니다. ${retryText(wait)} 후에 다시 시도해 주세요.`,
    detail: `${purpose} ${ip} retry in ${wait} ms`,
  });
}

export class PasswordLimiter {
  readonly pair = new BackoffCounter(PASSWORD_LIMITS.pair);
  readonly ip = new BackoffCounter(PASSWORD_LIMITS.ip);
  readonly account = new BackoffCounter(PASSWORD_LIMITS.account);
  private readonly known = new Map<string, number>();

  /**
   * Reserves an attempt for `account` from `ip`, or throws `auth:rate_limited` with a Korean
   * message saying when to retry. Synchronous on purpose: check and count happen together.
   */
  begin(account: string, ip: string, now: number, purpose: AttemptPurpose = "sign_in"): PasswordAttempt {
    const accountKey = account.trim().toLowerCase();
    const pairKey = `${accountKey}\n${ip}`;
    const known = this.isKnown(pairKey, now);
    const wait = Math.max(
      this.pair.retryAfter(pairKey, now),
      known ? 0 : this.ip.retryAfter(ip, now),
      known ? 0 : this.account.retryAfter(accountKey, now),
    );
    if (wait > 0) throw refusal(purpose, ip, wait);
    this.pair.add(pairKey, now);
    if (!known) {
      this.ip.add(ip, now);
      this.account.add(accountKey, now);
    }
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const refundShared = () => {
      if (known) return;
      this.ip.refund(ip);
      this.account.refund(accountKey);
    };
    return {
      succeeded: () =>
        settle(() => {
          this.pair.reset(pairKey);
          refundShared();
          this.remember(pairKey, now);
        }),
      failed: () => settle(() => {}),
      abandoned: () =>
        settle(() => {
          this.pair.refund(pairKey);
          refundShared();
        }),
    };
  }

  clear(): void {
    this.pair.clear();
    this.ip.clear();
    this.account.clear();
    this.known.clear();
  }

  private isKnown(pairKey: string, now: number): boolean {
    const at = this.known.get(pairKey);
    if (at === undefined) return false;
    if (now - at > KNOWN_PAIR_TTL_MS) {
      this.known.delete(pairKey);
      return false;
    }
    return true;
  }

  private remember(pairKey: string, now: number): void {
    this.known.delete(pairKey);
    this.known.set(pairKey, now);
    while (this.known.size > KNOWN_PAIR_MAX) {
      const oldest = this.known.keys().next().value;
      if (oldest === undefined) break;
      this.known.delete(oldest);
    }
  }
}

/**
 * The same budgets with their counts in the database, for every server process. Each counter is
 * checked and counted in one atomic step (compare-and-set); when one of them refuses, the attempts
 * already counted on the others are taken back, so a refused try costs nothing — as in memory.
 */
export class SharedPasswordLimiter {
  readonly pair = new SharedBackoff("pw:pair", PASSWORD_LIMITS.pair);
  readonly ip = new SharedBackoff("pw:ip", PASSWORD_LIMITS.ip);
  readonly account = new SharedBackoff("pw:account", PASSWORD_LIMITS.account);
  /** Used alone while the database cannot count (sharedOrLocal). */
  readonly local = new PasswordLimiter();

  /** Reserves an attempt for `account` from `ip`, or throws `auth:rate_limited` saying when to retry. */
  async begin(account: string, ip: string, now: number, purpose: AttemptPurpose = "sign_in"): Promise<PasswordAttempt> {
    purgeNowAndThen();
    const outcome = await sharedOrLocal<PasswordAttempt | { wait: number }>(
      () => this.reserve(account, ip, now),
      () => this.local.begin(account, ip, now, purpose),
      "sign-in limit",
    );
    if ("wait" in outcome) throw refusal(purpose, ip, outcome.wait);
    return outcome;
  }

  private async reserve(account: string, ip: string, now: number): Promise<PasswordAttempt | { wait: number }> {
    const accountKey = account.trim().toLowerCase();
    const pairKey = `${accountKey}\n${ip}`;
    const known = (await rateMarkerAt("pw:known", pairKey, now)) !== undefined;
    const counters: [SharedBackoff, string][] = known
      ? [[this.pair, pairKey]]
      : [
          [this.pair, pairKey],
          [this.ip, ip],
          [this.account, accountKey],
        ];
    const waits: number[] = [];
    for (const [counter, key] of counters) waits.push(await counter.tryAdd(key, now));
    const refund = (which: [SharedBackoff, string][]) =>
      Promise.all(which.map(([counter, key]) => counter.refund(key, now)));
    if (waits.some((w) => w > 0)) {
      await refund(counters.filter((_, i) => waits[i] === 0));
      return { wait: Math.max(...waits) };
    }
    let settled = false;
    const settle = async (fn: () => Promise<unknown>) => {
      if (settled) return;
      settled = true;
      await fn().catch(logError);
    };
    return {
      succeeded: () =>
        settle(async () => {
          await this.pair.reset(pairKey);
          await refund(counters.slice(1));
          await setRateMarker("pw:known", pairKey, now, now + KNOWN_PAIR_TTL_MS);
        }),
      failed: () => settle(async () => {}),
      abandoned: () => settle(() => refund(counters)),
    };
  }

  async clear(): Promise<void> {
    await clearRateEntries("pw:");
    this.local.clear();
  }
}

/** The process-wide limiter used by sign-in and the account page. */
export const passwordLimiter = new SharedPasswordLimiter();
