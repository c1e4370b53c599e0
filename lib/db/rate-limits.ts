import { AppError } from "../errors";
import { db } from "./client";

/**
 * Rate-limit counts every server process shares (the RateLimitEntry table): several app instances
 * behind a load balancer then hold a lawyer, a token or an address to one limit, not one each.
 * Two kinds of row, keyed by (limiter, key, slot):
 *
 * - a back-off counter (slot 0): count, lastAt, blockedUntil — changed by compare-and-set on
 *   `version` (read, compute, `UPDATE … WHERE version = read`; a write that lost a race is redone),
 *   so a counter's rule stays in one place of TypeScript and works alike on SQLite and PostgreSQL;
 * - a sliding window's slot (its start time): counts added by one atomic
 *   `INSERT … ON CONFLICT DO UPDATE SET count = count + n` (same SQL on both databases).
 *
 * Every row carries expiresAt; purgeRateEntries deletes the old ones. Times are milliseconds.
 */

export interface RateEntry {
  count: number;
  lastAt: number;
  blockedUntil: number;
  expiresAt: number;
}

export type RateUpdate<T> = { entry: RateEntry | null | "delete"; result: T };

const ATTEMPTS = 50;

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";

// Changes of one counter from this process go one after another (no lost races among themselves);
// compare-and-set settles races with other processes.
const queues = new Map<string, Promise<unknown>>();
export function serialized<T>(id: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(id) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => {});
  queues.set(id, tail);
  void tail.then(() => {
    if (queues.get(id) === tail) queues.delete(id);
  });
  return run;
}

/**
 * Changes one back-off counter atomically: `next` sees the stored entry (undefined when none) and
 * says what to store (null: nothing; "delete": remove it) and what to return. Runs again when
 * another process changed the row meanwhile.
 */
export async function updateRateEntry<T>(
  limiter: string,
  key: string,
  next: (current: RateEntry | undefined) => RateUpdate<T>,
): Promise<T> {
  return serialized(`${limiter}\n${key}`, () => casLoop(limiter, key, next));
}

async function casLoop<T>(
  limiter: string,
  key: string,
  next: (current: RateEntry | undefined) => RateUpdate<T>,
): Promise<T> {
  const client = db();
  const id = { limiter_key_slot: { limiter, key, slot: 0n } };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await client.rateLimitEntry.findUnique({ where: id });
    const current = row
      ? {
          count: row.count,
          lastAt: Number(row.lastAt),
          blockedUntil: Number(row.blockedUntil),
          expiresAt: Number(row.expiresAt),
        }
      : undefined;
    const { entry, result } = next(current);
    if (entry === null) return result;
    if (entry === "delete") {
      if (!row) return result;
      const { count } = await client.rateLimitEntry.deleteMany({
        where: { limiter, key, slot: 0n, version: row.version },
      });
      if (count === 1) return result;
      continue;
    }
    const data = {
      count: entry.count,
      lastAt: BigInt(Math.round(entry.lastAt)),
      blockedUntil: BigInt(Math.round(entry.blockedUntil)),
      expiresAt: BigInt(Math.round(entry.expiresAt)),
    };
    if (!row) {
      try {
        await client.rateLimitEntry.create({ data: { limiter, key, slot: 0n, version: 0, ...data } });
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) continue; // another process created it first: read it and redo
        throw error;
      }
    }
    const { count } = await client.rateLimitEntry.updateMany({
      where: { limiter, key, slot: 0n, version: row.version },
      data: { ...data, version: row.version + 1 },
    });
    if (count === 1) return result;
  }
  throw new AppError("db:busy", { detail: `rate limit ${limiter}: ${ATTEMPTS} lost races` });
}

/** Adds `units` to a sliding window's slot, in one statement. */
export async function addToWindow(
  limiter: string,
  key: string,
  slot: number,
  units: number,
  now: number,
  expiresAt: number,
): Promise<void> {
  const [s, at, until] = [BigInt(Math.round(slot)), BigInt(Math.round(now)), BigInt(Math.round(expiresAt))];
  await db().$executeRaw`
    INSERT INTO "RateLimitEntry" ("limiter", "key", "slot", "count", "lastAt", "blockedUntil", "version", "expiresAt")
    VALUES (${limiter}, ${key}, ${s}, ${units}, ${at}, 0, 0, ${until})
    ON CONFLICT ("limiter", "key", "slot") DO UPDATE SET
      "count" = "RateLimitEntry"."count" + excluded."count",
      "lastAt" = excluded."lastAt",
      "expiresAt" = excluded."expiresAt",
      "version" = "RateLimitEntry"."version" + 1`;
}

/** Takes back units added by addToWindow (a request that did not fit). */
export async function takeBackFromWindow(limiter: string, key: string, slot: number, units: number): Promise<void> {
  await db().rateLimitEntry.updateMany({
    where: { limiter, key, slot: BigInt(Math.round(slot)) },
    data: { count: { decrement: units }, version: { increment: 1 } },
  });
}

/** A window's slots from `fromSlot` on (oldest first), with their counts. */
export async function windowSlots(
  limiter: string,
  key: string,
  fromSlot: number,
): Promise<{ slot: number; count: number }[]> {
  const rows = await db().rateLimitEntry.findMany({
    where: { limiter, key, slot: { gte: BigInt(Math.ceil(fromSlot)) }, count: { gt: 0 } },
    select: { slot: true, count: true },
    orderBy: { slot: "asc" },
  });
  return rows.map((r) => ({ slot: Number(r.slot), count: r.count }));
}

/** Whether a marker row (a known sign-in pair…) is there and not expired. */
export async function rateMarkerAt(limiter: string, key: string, now: number): Promise<number | undefined> {
  const row = await db().rateLimitEntry.findUnique({ where: { limiter_key_slot: { limiter, key, slot: 0n } } });
  return row && Number(row.expiresAt) > now ? Number(row.lastAt) : undefined;
}

/** Sets a marker row (kept until `expiresAt`). */
export async function setRateMarker(limiter: string, key: string, now: number, expiresAt: number): Promise<void> {
  const data = { lastAt: BigInt(Math.round(now)), expiresAt: BigInt(Math.round(expiresAt)) };
  await db().rateLimitEntry.upsert({
    where: { limiter_key_slot: { limiter, key, slot: 0n } },
    create: { limiter, key, slot: 0n, ...data },
    update: { ...data, version: { increment: 1 } },
  });
}

/** Deletes rows past their time; returns how many. */
export async function purgeRateEntries(now = Date.now()): Promise<number> {
  const { count } = await db().rateLimitEntry.deleteMany({ where: { expiresAt: { lt: BigInt(Math.round(now)) } } });
  return count;
}

/** Forgets every count of the limiters whose names start with `prefix` (admin tools, tests). */
export async function clearRateEntries(prefix: string): Promise<void> {
  await db().rateLimitEntry.deleteMany({ where: { limiter: { startsWith: prefix } } });
}
