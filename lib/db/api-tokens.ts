import { type Db, db } from "./client";
import { findUserById, type UserRecord } from "./users";

/** What a token lets its holder do: read the corpus, or also ask questions (model calls). */
export const API_TOKEN_SCOPES = ["read", "ask"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scope: ApiTokenScope;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiTokenWithOwner extends ApiTokenRecord {
  ownerEmail: string;
  ownerName: string;
}

const select = {
  id: true,
  userId: true,
  name: true,
  prefix: true,
  scope: true,
  expiresAt: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

const asScope = (value: string): ApiTokenScope => (value === "ask" ? "ask" : "read");
const record = <T extends { scope: string }>(row: T) => ({ ...row, scope: asScope(row.scope) });

export async function insertApiToken(
  input: {
    userId: string;
    name: string;
    tokenHash: string;
    prefix: string;
    scope: ApiTokenScope;
    expiresAt: Date | null;
  },
  client: Db = db(),
): Promise<ApiTokenRecord> {
  return record(await client.apiToken.create({ data: input, select }));
}

/** One user's tokens, newest first (revoked ones included, so the list tells what happened). */
export async function listUserApiTokens(userId: string, client: Db = db()): Promise<ApiTokenRecord[]> {
  const rows = await client.apiToken.findMany({ where: { userId }, select, orderBy: { createdAt: "desc" } });
  return rows.map(record);
}

/** Every token with its owner, for the admin's page. */
export async function listAllApiTokens(client: Db = db()): Promise<ApiTokenWithOwner[]> {
  const rows = await client.apiToken.findMany({
    select: { ...select, user: { select: { email: true, name: true } } },
    orderBy: { createdAt: "desc" },
    take: 1000,
  });
  return rows.map(({ user, ...row }) => ({ ...record(row), ownerEmail: user.email, ownerName: user.name }));
}

export async function findApiToken(id: string, client: Db = db()): Promise<ApiTokenRecord | null> {
  const row = await client.apiToken.findUnique({ where: { id }, select });
  return row ? record(row) : null;
}

/** The token with this hash and its user (null when either is gone). */
export async function findApiTokenByHash(
  tokenHash: string,
  client: Db = db(),
): Promise<{ token: ApiTokenRecord; user: UserRecord } | null> {
  const row = await client.apiToken.findUnique({ where: { tokenHash }, select });
  if (!row) return null;
  const user = await findUserById(row.userId, client);
  return user ? { token: record(row), user } : null;
}

/** Marks a token revoked (idempotent: the first revocation's time is kept). Returns whether it was live. */
export async function revokeApiToken(id: string, now: Date, client: Db = db()): Promise<boolean> {
  const { count } = await client.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}

/** Records use at most once per `notAfter` window (one conditional UPDATE, as sessions do). */
export async function touchApiToken(id: string, now: Date, notAfter: Date, client: Db = db()): Promise<void> {
  await client.apiToken.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: notAfter } }] },
    data: { lastUsedAt: now },
  });
}
