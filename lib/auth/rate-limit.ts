import { AppError } from "../errors";

/**
 * Slows password guessing: after MAX_FAILURES failed sign-ins for one email within WINDOW_MS, further
 * attempts are refused until the window passes. In memory, per server process — enough for the
 * single-process deployment this app targets.
 */

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const failures = new Map<string, number[]>();

function recent(key: string, now: Date): number[] {
  const since = now.getTime() - WINDOW_MS;
  const kept = (failures.get(key) ?? []).filter((t) => t > since);
  failures.set(key, kept);
  return kept;
}

export function checkLoginAllowed(key: string, now: Date): void {
  if (recent(key, now).length >= MAX_FAILURES) throw new AppError("auth:rate_limited");
}

export function recordLoginFailure(key: string, now: Date): void {
  recent(key, now).push(now.getTime());
}

export function resetLoginFailures(key: string): void {
  failures.delete(key);
}
