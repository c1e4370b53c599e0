import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * What a sign-in started at the provider must find when the user comes back: the state, the nonce
 * and the PKCE verifier, kept in a short-lived httpOnly cookie signed with HMAC, so no server-side
 * table is needed and any app instance can finish a sign-in another one started.
 */
export interface SsoTransaction {
  state: string;
  nonce: string;
  verifier: string;
  /** The app path to open after signing in. */
  next: string;
  /** Unix ms after which the cookie is refused. */
  expiresAt: number;
}

export const SSO_TRANSACTION_COOKIE = "rar_sso_tx";
/** Long enough to type a password and a second factor at the provider. */
export const SSO_TRANSACTION_TTL_MS = 10 * 60_000;

let processKey: Buffer | undefined;

/**
 * The signing key: derived from the client secret, which every instance shares. A public client
 * (no secret) gets a key of this process; a sign-in then has to finish on the instance that began it.
 */
export function transactionKey(clientSecret: string | undefined): Buffer {
  if (clientSecret) return createHash("sha256").update(`rar-sso-transaction\0${clientSecret}`).digest();
  processKey ??= randomBytes(32);
  return processKey;
}

function sign(payload: string, key: Buffer): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function sealTransaction(tx: SsoTransaction, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(tx)).toString("base64url");
  return `${payload}.${sign(payload, key)}`;
}

/** The transaction, or null when the cookie is missing, altered or expired. */
export function openTransaction(value: string | undefined, key: Buffer, now = Date.now()): SsoTransaction | null {
  if (!value) return null;
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const tx = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SsoTransaction;
    if (typeof tx.expiresAt !== "number" || tx.expiresAt < now) return null;
    if (![tx.state, tx.nonce, tx.verifier, tx.next].every((v) => typeof v === "string")) return null;
    return tx;
  } catch {
    return null;
  }
}
