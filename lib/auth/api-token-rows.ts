import type { ApiTokenRecord, ApiTokenWithOwner } from "../db/api-tokens";
import { formatKoreanDate, formatKoreanDateTime } from "../util/korean-time";
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

// Written out by hand (lib/util/korean-time.ts): Intl on a small ICU showed "AM 9:05".

export function apiTokenRows(tokens: (ApiTokenRecord | ApiTokenWithOwner)[], now = new Date()): ApiTokenRow[] {
  return tokens.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopeLabel: SCOPE_LABELS[t.scope],
    createdAt: formatKoreanDate(t.createdAt),
    expiresAt: t.expiresAt ? formatKoreanDate(t.expiresAt) : null,
    lastUsedAt: t.lastUsedAt ? formatKoreanDateTime(t.lastUsedAt) : null,
    state: t.revokedAt ? "revoked" : t.expiresAt && t.expiresAt <= now ? "expired" : "live",
    owner: "ownerEmail" in t ? `${t.ownerName} (${t.ownerEmail})` : undefined,
  }));
}
