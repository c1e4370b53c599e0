import type { ApiTokenRecord, ApiTokenWithOwner } from "../db/api-tokens";
import { SCOPE_LABELS } from "./api-tokens";

/** Tokens as the account and admin pages list them: Korean dates, a state, never the secret. */
export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  scopeLabel: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  state: "live" | "expired" | "revoked";
  owner?: string;
}

const day = new Intl.DateTimeFormat("ko-KR", { dateStyle: "medium", timeZone: "Asia/Seoul" });
const moment = new Intl.DateTimeFormat("ko-KR", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Seoul" });

export function apiTokenRows(tokens: (ApiTokenRecord | ApiTokenWithOwner)[], now = new Date()): ApiTokenRow[] {
  return tokens.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopeLabel: SCOPE_LABELS[t.scope],
    createdAt: day.format(t.createdAt),
    expiresAt: t.expiresAt ? day.format(t.expiresAt) : null,
    lastUsedAt: t.lastUsedAt ? moment.format(t.lastUsedAt) : null,
    state: t.revokedAt ? "revoked" : t.expiresAt && t.expiresAt <= now ? "expired" : "live",
    owner: "ownerEmail" in t ? `${t.ownerName} (${t.ownerEmail})` : undefined,
  }));
}
