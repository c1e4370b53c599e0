import { RateLimited, takeApiRequest } from "../auth/api-rate";
import { type ApiCaller, authenticateToken, bearerOf, requireScope, TokenRefused } from "../auth/api-tokens";
import { clientIp } from "../auth/client-ip";
import type { ApiTokenScope } from "../db/api-tokens";
import { recordAudit } from "../db/audit";
import { env } from "../env";
import { errorResponse, logError, toAppError } from "../errors";

/**
 * Every REST and MCP request goes through here: the bearer token is checked (known, live, owner
 * active), then its scope, then its rate; each call and each refusal is written to the audit log
 * with the caller's address. Cookies are never read: a browser cannot be tricked into calling the
 * API with someone's session (no cross-site request forgery), and a token sees only what its owner
 * may see.
 */
export interface ApiContext {
  caller: ApiCaller;
  ip: string;
  /** This server's address as the caller reached it, for absolute links back to the viewer. */
  baseUrl: string;
}

export function requestBaseUrl(request: Request): string {
  const url = new URL(request.url);
  const forwardedHost = env().TRUST_PROXY ? request.headers.get("x-forwarded-host")?.split(",").at(-1)?.trim() : null;
  const forwardedProto = env().TRUST_PROXY ? request.headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim() : null;
  const host = forwardedHost || request.headers.get("host") || url.host;
  return `${forwardedProto || url.protocol.replace(":", "")}://${host}`;
}

async function audit(
  action: "api.call" | "api.refused",
  caller: ApiCaller | undefined,
  what: string,
  ip: string,
  why?: string,
): Promise<void> {
  await recordAudit({
    actor: caller ? { id: caller.user.id, email: caller.user.email } : { id: null, email: "(API 토큰 없음)" },
    action,
    target: caller ? { kind: "token", id: caller.token.id, label: caller.token.name } : undefined,
    detail: why ? `${what} — ${why}` : what,
    ip,
  }).catch(logError);
}

/** A refusal found after the request was let in (an MCP tool needing the "ask" scope). */
export const auditRefusal = (context: ApiContext, what: string, why: string) =>
  audit("api.refused", context.caller, what, context.ip, why);

/** The JSON error a REST client gets (with the headers a 401 or a 429 owes it). */
export function apiErrorResponse(error: unknown): Response {
  const response = errorResponse(error);
  const appError = toAppError(error);
  if (appError.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="panrye"');
  if (error instanceof RateLimited) response.headers.set("Retry-After", String(error.retryAfterSeconds));
  return response;
}

/**
 * Lets a caller in: the bearer token (known, live, owner active), its scope, and one unit of its
 * rate, before a byte of the body is read. A refusal is audited and comes back as the Response to
 * answer with.
 */
export async function admitApiCaller(
  request: Request,
  scope: ApiTokenScope,
  what: string,
): Promise<ApiContext | Response> {
  const ip = clientIp(request.headers, env().TRUST_PROXY);
  let caller: ApiCaller | undefined;
  try {
    caller = await authenticateToken(bearerOf(request.headers.get("authorization")));
    requireScope(caller, scope);
    await takeApiRequest(caller.token.id, scope === "ask" ? "ask" : "read");
  } catch (error) {
    const known = error instanceof TokenRefused ? (error.caller ?? caller) : caller;
    const why =
      error instanceof TokenRefused ? error.why : error instanceof RateLimited ? "요청 한도 초과" : "확인 실패";
    await audit("api.refused", known, what, ip, why);
    return apiErrorResponse(error);
  }
  return { caller, ip, baseUrl: requestBaseUrl(request) };
}

/**
 * Records a call let in by admitApiCaller once its body says what it is: `units` units of work
 * in all (an MCP batch: one a call), the first taken at the door. Past the token's rate it throws
 * RateLimited (audited) for the caller to answer with.
 */
export async function recordApiCall(context: ApiContext, what: string, units = 1): Promise<void> {
  if (units > 1) {
    try {
      await takeApiRequest(context.caller.token.id, "read", units - 1);
    } catch (error) {
      if (error instanceof RateLimited) await auditRefusal(context, what, "요청 한도 초과");
      throw error;
    }
  }
  await audit("api.call", context.caller, what, context.ip);
}

/**
 * Authorizes one API call (`what`: e.g. "GET /api/v1/search") needing `scope`, then runs it.
 * Refusals answer 401/403/429 and are audited; anything `run` throws becomes its JSON error. `run`
 * reads the body, if any (with a limit): a refused caller's body is never read.
 */
export async function withApiCaller(
  request: Request,
  scope: ApiTokenScope,
  what: string,
  run: (context: ApiContext) => Promise<Response>,
): Promise<Response> {
  const context = await admitApiCaller(request, scope, what);
  if (context instanceof Response) return context;
  await recordApiCall(context, what);
  try {
    return await run(context);
  } catch (error) {
    return apiErrorResponse(error);
  }
}
