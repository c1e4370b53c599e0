import { env } from "../env";
import { AppError } from "../errors";

/**
 * Per-token request limits for the REST API and the MCP server: a sliding minute, counted in this
 * process (as the sign-in limits are; several instances each allow the limit). Two budgets: every
 * unit of work (a REST request, each call of an MCP request or batch), and questions, which spend
 * model calls and an answer slot each.
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

const holder = globalThis as unknown as { __apiLimits?: { all: SlidingWindow; ask: SlidingWindow } };
function limits() {
  holder.__apiLimits ??= {
    all: new SlidingWindow(() => env().API_RATE_PER_MINUTE),
    ask: new SlidingWindow(() => env().API_ASK_RATE_PER_MINUTE),
  };
  return holder.__apiLimits;
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
export function takeApiRequest(tokenId: string, kind: "read" | "ask" | "question", units = 1, now = Date.now()): void {
  const budgets = kind === "ask" ? [limits().all, limits().ask] : kind === "question" ? [limits().ask] : [limits().all];
  for (const budget of budgets) {
    const taken = budget.take(tokenId, now, units);
    if (!taken.ok) throw new RateLimited(Math.ceil(taken.retryAfterMs / 1000));
  }
}
