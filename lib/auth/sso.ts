import { randomBytes } from "node:crypto";
import { applyUserChange } from "../db/user-admin";
import { createUser, findUserByEmail, type Role, type UserRecord } from "../db/users";
import { env } from "../env";
import { AppError, isAppError, logError } from "../errors";
import { hashPassword } from "./password";
import { safeRedirectPath } from "./safe-redirect";
import { startSession } from "./session";
import { auditSso } from "./sso-audit";
import { authorizationRequest, endSessionUrl, exchangeCode } from "./sso-client";
import { roleFromClaims, type SsoSettings, ssoSettings } from "./sso-settings";
import {
  openTransaction,
  SSO_TRANSACTION_TTL_MS,
  type SsoTransaction,
  sealTransaction,
  transactionKey,
} from "./sso-transaction";

/**
 * Single sign-on, our side: start a sign-in at the provider, finish it (match or create the account
 * by its verified e-mail, set its role from the group claim, open a session), and sign out at the
 * provider. Every sign-in and refusal is audited. The routes (app/api/auth/sso/*) only move cookies.
 */

export const CALLBACK_PATH = "/api/auth/sso/callback";
/** Holds the ID token after an SSO sign-in, for the provider's sign-out (id_token_hint). */
export const SSO_ID_TOKEN_COOKIE = "rar_sso_id";
/** Browsers drop cookies past 4 KB; a larger ID token is not kept (sign-out then names the client only). */
export const MAX_ID_TOKEN_COOKIE = 3_500;

/** The app's public address: APP_URL, else the address this request came in by. */
export function publicAppUrl(requestOrigin: string): string {
  return env().APP_URL ?? requestOrigin.replace(/\/+$/, "");
}
const ROLE_LABEL: Record<Role, string> = { admin: "관리자", lawyer: "변호사" };

export interface SsoRequest {
  /** The app's public address (APP_URL, else the request's origin), without a trailing slash. */
  appUrl: string;
  userAgent?: string;
  ip?: string;
  now?: Date;
}

function requireSso(): SsoSettings {
  const sso = ssoSettings();
  if (!sso) throw new AppError("not_found:resource", { detail: "single sign-on is not configured" });
  return sso;
}

/** The provider's sign-in address and the signed cookie that must come back with the user. */
export async function beginSso(
  request: SsoRequest,
  next: string | undefined,
): Promise<{ redirectTo: string; transaction: string; maxAgeS: number }> {
  const sso = requireSso();
  const auth = await authorizationRequest(sso, `${request.appUrl}${CALLBACK_PATH}`);
  const now = (request.now ?? new Date()).getTime();
  const tx: SsoTransaction = {
    state: auth.state,
    nonce: auth.nonce,
    verifier: auth.verifier,
    next: safeRedirectPath(next),
    expiresAt: now + SSO_TRANSACTION_TTL_MS,
  };
  return {
    redirectTo: auth.url,
    transaction: sealTransaction(tx, transactionKey(sso.clientSecret)),
    maxAgeS: SSO_TRANSACTION_TTL_MS / 1000,
  };
}

/** Why the provider's answer was refused, in words for the audit log (the full error goes to the log). */
export function refusalReason(error: unknown): string {
  // openid-client says "invalid response encountered"; what failed is in its cause chain.
  const messages: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    messages.push(e.message);
  const message = messages.join(" / ");
  if (isAppError(error) && error.code === "auth:sso_unavailable") return "공급자에 연결하지 못함";
  if (/"state"/.test(message)) return "state 값 불일치 (위조되었거나 다른 창의 요청)";
  if (/"nonce"/.test(message)) return "nonce 값 불일치 (ID 토큰 재사용 의심)";
  const code = (error as { error?: unknown }).error;
  if (typeof code === "string") return `공급자가 거부함 (${code})`;
  return "공급자 응답 확인 실패";
}

async function refuse(
  request: SsoRequest,
  code: "auth:sso_failed" | "auth:sso_email_unverified" | "auth:sso_not_allowed" | "auth:deactivated",
  detail: string,
  who: { email?: string; user?: UserRecord } = {},
  cause?: unknown,
): Promise<never> {
  await auditSso({ action: "auth.sso_refused", ...who, detail, ip: request.ip, now: request.now }).catch(logError);
  throw new AppError(code, { cause, detail });
}

export interface SsoSignIn {
  token: string;
  expiresAt: Date;
  user: UserRecord;
  /** Kept for the provider's sign-out (id_token_hint). */
  idToken?: string;
  next: string;
}

/** Finishes a sign-in at the callback: the provider's answer is checked, then the account found or made. */
export async function completeSso(request: SsoRequest, callbackUrl: URL, transaction?: string): Promise<SsoSignIn> {
  const sso = requireSso();
  const tx = openTransaction(transaction, transactionKey(sso.clientSecret), (request.now ?? new Date()).getTime());
  if (!tx) return refuse(request, "auth:sso_failed", "로그인 요청 정보가 없거나 만료됨");
  // The redirect URI the token request names must be the one the sign-in started with, whatever
  // address the request reached us by (a proxy).
  const current = new URL(`${request.appUrl}${CALLBACK_PATH}`);
  current.search = callbackUrl.search;
  let claims: Record<string, unknown>;
  let idToken: string | undefined;
  try {
    const needed = ["email", "email_verified", ...(sso.roleClaim ? [sso.roleClaim] : [])];
    ({ claims, idToken } = await exchangeCode(sso, current, tx, needed));
  } catch (error) {
    logError(isAppError(error) ? error : new AppError("auth:sso_failed", { cause: error }));
    if (isAppError(error) && error.code === "auth:sso_unavailable") {
      await auditSso({ action: "auth.sso_refused", detail: refusalReason(error), ip: request.ip }).catch(logError);
      throw error;
    }
    return refuse(request, "auth:sso_failed", refusalReason(error), {}, error);
  }

  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : undefined;
  const verified = claims.email_verified === true || claims.email_verified === "true" || sso.trustEmail;
  if (!email || !verified) {
    const detail = email ? "이메일 미확인 (email_verified가 true가 아님)" : "이메일 없음";
    return refuse(request, "auth:sso_email_unverified", detail, { email: email ?? `sub:${String(claims.sub)}` });
  }
  const mapped = roleFromClaims(claims, sso);
  if (mapped === "refused") {
    return refuse(request, "auth:sso_not_allowed", `허용된 그룹이 아님 (${sso.roleClaim})`, { email });
  }

  const { user, note } = await matchOrCreate(request, sso, email, claims, mapped);
  const session = await startSession(user.id, { userAgent: request.userAgent, now: request.now });
  await auditSso({
    action: "auth.sso_login",
    user,
    detail: `${sso.displayName} · ${note}`,
    ip: request.ip,
    now: request.now,
  });
  return { ...session, user, idToken, next: tx.next };
}

async function matchOrCreate(
  request: SsoRequest,
  sso: SsoSettings,
  email: string,
  claims: Record<string, unknown>,
  mapped: Role | undefined,
): Promise<{ user: UserRecord; note: string }> {
  const found = await findUserByEmail(email);
  if (!found) {
    const role = sso.defaultRole && (mapped ?? sso.defaultRole);
    if (!role) return refuse(request, "auth:sso_not_allowed", "등록된 계정 없음 (자동 생성 꺼짐)", { email });
    const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : email.split("@")[0];
    // No password is ever given out for it: a random one nobody knows keeps the column's format.
    const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
    try {
      const user = await createUser({ email, name: name ?? email, role, passwordHash });
      return { user, note: `계정을 새로 만듦 (${ROLE_LABEL[role]})` };
    } catch (error) {
      // Two first sign-ins at once: the other one made the account.
      const raced = await findUserByEmail(email);
      if (!raced) throw error;
      return { user: raced, note: "기존 계정" };
    }
  }
  const { passwordHash: _omit, ...user } = found;
  if (!user.active) return refuse(request, "auth:deactivated", "비활성화된 계정", { user });
  if (!mapped || mapped === user.role) return { user, note: `기존 계정 (${ROLE_LABEL[user.role]})` };
  try {
    await applyUserChange(user, user.id, { kind: "role", role: mapped }, (target, otherActiveAdmins) => {
      if (target.role === "admin" && otherActiveAdmins === 0) throw new AppError("users:last_admin");
    });
  } catch (error) {
    if (!isAppError(error) || error.code !== "users:last_admin") throw error;
    return { user, note: `기존 계정 (${ROLE_LABEL[user.role]}; 마지막 관리자라 그룹의 역할로 바꾸지 않음)` };
  }
  return { user: { ...user, role: mapped }, note: `기존 계정 (역할 ${ROLE_LABEL[user.role]} → ${ROLE_LABEL[mapped]})` };
}

/**
 * Where to send the browser after our session ended: the provider's end-session address when it
 * offers one (ending the provider's session too), else null (our sign-in page).
 */
export async function ssoSignOutUrl(appUrl: string, idToken: string | undefined): Promise<string | null> {
  const sso = ssoSettings();
  if (!sso) return null;
  try {
    return await endSessionUrl(sso, `${appUrl}/login`, idToken);
  } catch (error) {
    // The provider unreachable must not keep anyone signed in here: our session is already gone.
    logError(error);
    return null;
  }
}
