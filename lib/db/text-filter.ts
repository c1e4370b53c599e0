import type { Db } from "./client";

/**
 * `contains` as SQLite does it (LIKE, which ignores ASCII case) on both providers: PostgreSQL's LIKE
 * is case-sensitive, so there it asks for ILIKE (`mode: "insensitive"`, a filter only the
 * PostgreSQL client knows — hence the cast to the SQLite client's type lib/db is written against).
 */
export function containsText(text: string, client: Db): { contains: string } {
  return client.$provider() === "postgresql"
    ? ({ contains: text, mode: "insensitive" } as { contains: string })
    : { contains: text };
}
