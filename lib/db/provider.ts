/**
 * Which database a DATABASE_URL names. SQLite (`file:`) is the default; `postgres://` or
 * `postgresql://` selects PostgreSQL through Prisma's pg driver adapter. Everything that must
 * differ between the two (the generated client, migrations, raw SQL, lock errors) branches on this.
 */
export type DbProvider = "sqlite" | "postgresql";

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

export function isPostgresUrl(url: string): boolean {
  return POSTGRES_URL.test(url.trim());
}

export function providerOf(url: string): DbProvider {
  if (isPostgresUrl(url)) return "postgresql";
  if (url.trim().startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must be a SQLite 'file:' URL or a 'postgres://' URL, not ${url.split(":")[0]}:`);
}
