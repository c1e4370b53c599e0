import { randomBytes } from "node:crypto";
import {
  type ApiTokenRecord,
  type ApiTokenScope,
  type ApiTokenWithOwner,
  findApiToken,
  findApiTokenByHash,
  insertApiToken,
  listAllApiTokens,
  listUserApiTokens,
  revokeApiToken,
  touchApiToken,
} from "../db/api-tokens";
import { recordAudit } from "../db/audit";
import type { UserRecord } from "../db/users";
import { env } from "../env";
import { AppError, logError } from "../errors";
import { hashToken } from "./session";

/**
 * Personal API tokens (issue 26; docs/api.md). A token is 32 random bytes behind a recognisable
 * prefix ("prt_", so secret scanners and people can tell what leaked); only its SHA-256 is stored,
 * as for session cookies, and it is shown once. Every token expires (API_TOKEN_MAX_DAYS at most):
 * a forgotten token in an assistant's settings should not live for ever.
 */

export const TOKEN_PREFIX = "prt_";
const USE_RECORD_INTERVAL_MS = 60_000;

export const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "검색·판례 읽기",
  ask: "검색·판례 읽기와 질문",
};

export interface NewApiToken {
  /** The token itself: shown to its owner once, never stored. */
  secret: string;
  token: ApiTokenRecord;
}

export interface Actor {
  id: string;
  email: string;
}

export async function createApiToken(
  user: Actor,
  input: { name: string; scope: ApiTokenScope; days: number },
  options: { ip?: string; now?: Date } = {},
): Promise<NewApiToken> {
  const now = options.now ?? new Date();
  const days = Math.min(Math.max(1, Math.floor(input.days)), env().API_TOKEN_MAX_DAYS);
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const token = await insertApiToken({
    userId: user.id,
    name: input.name.trim(),
    tokenHash: hashToken(secret),
    prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
    scope: input.scope,
    expiresAt: new Date(now.getTime() + days * 86_400_000),
  });
  await recordAudit({
    actor: user,
    action: "token.create",
    target: { kind: "token", id: token.id, label: token.name },
    detail: `${SCOPE_LABELS[token.scope]}, ${days}일`,
    ip: options.ip,
  }).catch(logError);
  return { secret, token };
}

export const listOwnApiTokens = (userId: string) => listUserApiTokens(userId);
export const listEveryApiToken = (): Promise<ApiTokenWithOwner[]> => listAllApiTokens();

/** The owner revokes their token; an admin revokes anyone's. Anyone else finds nothing. */
export async function revokeToken(actor: UserRecord, tokenId: string, options: { ip?: string } = {}): Promise<void> {
  const token = await findApiToken(tokenId);
  if (!token || (token.userId !== actor.id && actor.role !== "admin")) {
    throw new AppError("not_found:resource", { userMessage: "토큰을 찾을 수 없습니다." });
  }
  if (await revokeApiToken(token.id, new Date())) {
    await recordAudit({
      actor,
      action: "token.revoke",
      target: { kind: "token", id: token.id, label: token.name },
      detail: token.userId === actor.id ? "" : "관리자가 폐기",
      ip: options.ip,
    }).catch(logError);
  }
}

export interface ApiCaller {
  user: UserRecord;
  token: ApiTokenRecord;
}

/** The bearer of an `Authorization: Bearer prt_…` header, or null when there is none. */
export function bearerOf(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** A refused token, with its owner when the token was found (the audit log names them). */
export class TokenRefused extends AppError {
  constructor(
    code: "api:unauthenticated" | "api:token_expired" | "auth:deactivated" | "api:scope",
    readonly why: string,
    readonly caller?: ApiCaller,
  ) {
    super(code, { detail: why });
  }
}

/**
 * Who is calling: a live token of an active user, or a TokenRefused (401 unknown, expired or
 * revoked; 403 for a deactivated owner: their tokens stop with their sign-in).
 */
export async function authenticateToken(secret: string | null, now = new Date()): Promise<ApiCaller> {
  if (!secret) throw new TokenRefused("api:unauthenticated", "토큰 없음");
  if (!secret.startsWith(TOKEN_PREFIX)) throw new TokenRefused("api:unauthenticated", "알 수 없는 토큰");
  const found = await findApiTokenByHash(hashToken(secret));
  if (!found) throw new TokenRefused("api:unauthenticated", "알 수 없는 토큰");
  const { token, user } = found;
  if (token.revokedAt) throw new TokenRefused("api:token_expired", "폐기된 토큰", found);
  if (token.expiresAt && token.expiresAt <= now) throw new TokenRefused("api:token_expired", "만료된 토큰", found);
  if (!user.active) throw new TokenRefused("auth:deactivated", "비활성화된 계정", found);
  void touchApiToken(token.id, now, new Date(now.getTime() - USE_RECORD_INTERVAL_MS)).catch(logError);
  return { user, token };
}

/** An `ask` token may also read; a `read` token may not ask. */
export function requireScope(caller: ApiCaller, scope: ApiTokenScope): void {
  if (scope === "ask" && caller.token.scope !== "ask")
    throw new TokenRefused("api:scope", "질문 권한 없는 토큰", caller);
}
