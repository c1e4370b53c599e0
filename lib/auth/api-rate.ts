import { env } from "../env";
import { AppError } from "../errors";
import { purgeNowAndThen, SharedWindow, sharedOrLocal } from "./shared-limits";

/**
 * Per-token request limits for the REST API and the MCP server: a sliding minute, counted in the
 * database for every server process together (shared-limits.ts; several instances allow the limit
 * once, not once each). Two budgets: every unit of work (a REST request, each call of an MCP
 * request or batch), and questions, which spend model calls and an answer slot each. When the
 * database cannot count in time (a lock), this process counts alone, as before (SlidingWindow).
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /**
   * Counts `units` of work for `key` (all or none), or returns how long to wait until the window
   * has room for them.
   */
  take(key: string, now = Date.now(), units = 1): { ok: true } | { ok: false; retryAfterMs: number } {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    const over = list.length + units - this.limit();
    if (over > 0) {
      this.hits.set(key, list);
      // Room comes when the `over` oldest hits leave the window; never, for more units than the limit.
      const freedBy = over <= list.length ? list[over - 1] : undefined;
      return {
        ok: false,
        retryAfterMs: freedBy === undefined ? this.windowMs : Math.max(1, freedBy + this.windowMs - now),
      };
    }
    for (let i = 0; i < units; i++) list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.prune(since);
    return { ok: true };
  }

  private prune(since: number): void {
    for (const [key, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(key);
  }
}

interface Budget {
  shared: SharedWindow;
  local: SlidingWindow;
}
const budget = (limiter: string, limit: () => number): Budget => ({
  shared: new SharedWindow(limiter, limit),
  local: new SlidingWindow(limit),
});

const holder = globalThis as unknown as { __apiLimits?: { all: Budget; ask: Budget; sso: Budget } };
function limits() {
  holder.__apiLimits ??= {
    all: budget("api:all", () => env().API_RATE_PER_MINUTE),
    ask: budget("api:ask", () => env().API_ASK_RATE_PER_MINUTE),
    sso: budget("sso:ip", () => env().SSO_RATE_PER_MINUTE),
  };
  return holder.__apiLimits;
}

async function take(which: Budget, key: string, now: number, units: number) {
  purgeNowAndThen();
  return sharedOrLocal(
    () => which.shared.take(key, now, units),
    () => which.local.take(key, now, units),
    which.shared.limiter,
  );
}

/** Thrown as 429 with the wait in seconds (the route puts it in Retry-After). */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("api:rate_limited", {
      userMessage: `API 요청이 너무 많습니다. ${retryAfterSeconds}초 후에 다시 시도해 주세요.`,
    });
  }
}

/**
 * Counts `units` units of work (a request; each call of an MCP batch is one) against the token's
 * limit; "ask" also counts them as questions, "question" only as questions (an MCP
 * ask_with_citations call, already counted as a unit of its request).
 */
export async function takeApiRequest(
  tokenId: string,
  kind: "read" | "ask" | "question",
  units = 1,
  now = Date.now(),
): Promise<void> {
  const budgets = kind === "ask" ? [limits().all, limits().ask] : kind === "question" ? [limits().ask] : [limits().all];
  for (const which of budgets) {
    const taken = await take(which, tokenId, now, units);
    if (!taken.ok) throw new RateLimited(Math.ceil(taken.retryAfterMs / 1000));
  }
}

/** A single sign-on request refused for its address (429 with Retry-After). */
export class SsoRateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("auth:rate_limited", {
      userMessage: `회사 계정 로그인 요청이 너무 많습니다. ${retryAfterSeconds}초 후에 다시 시도해 주세요.`,
    });
  }
}

/**
 * Counts one single sign-on request (start or callback) for the client's address against
 * SSO_RATE_PER_MINUTE; past it, throws SsoRateLimited. Each start makes a signed transaction and a
 * trip to the provider, each callback a token exchange: a flood of either is cut off here.
 */
export async function takeSsoRequest(ip: string, now = Date.now()): Promise<void> {
  const taken = await take(limits().sso, ip, now, 1);
  if (!taken.ok) throw new SsoRateLimited(Math.ceil(taken.retryAfterMs / 1000));
}
