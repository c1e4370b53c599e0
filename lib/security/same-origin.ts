import { AppError } from "../errors";

/**
 * Cross-site request refusal for cookie-authenticated route handlers (app/api). Next checks the
 * Origin of server actions itself, but not of route handlers: without this, a page on any site could
 * make a signed-in admin's browser POST an upload. The session cookie is SameSite=Lax, which keeps
 * it off a POST from another site but not from a sibling subdomain (the same "site"), nor from a
 * browser that does not honour SameSite; this check does not depend on either.
 *
 * The order follows Go's net/http CrossOriginProtection (Go 1.25), the same rules browsers give us:
 * 1. Safe methods (GET, HEAD, OPTIONS) pass: they change nothing here.
 * 2. `Sec-Fetch-Site`, when present, decides: the browser computed it and scripts cannot set it.
 *    `same-origin` and `none` (the user typed or bookmarked it) pass; `same-site` (a sibling
 *    subdomain) and `cross-site` are refused. It needs no knowledge of our host, so it stays right
 *    behind a proxy that rewrites Host.
 * 3. Neither `Sec-Fetch-Site` nor `Origin`: not a browser (curl, a script with its own cookie), or a
 *    browser too old to send either. It passes, as Next lets such server actions pass: a
 *    non-browser client only carries a cookie its user gave it, and every current browser sends
 *    Origin on a POST, so a forged cross-site request always has one.
 * 4. `Origin` must name our own host (host and port; the scheme is not compared, as Next does not,
 *    since behind a TLS proxy the app itself sees http). `Origin: null` (sandboxed frames, opaque
 *    redirects) or a malformed one is refused.
 *
 * Our host is `Host`, or with TRUST_PROXY=true the right-most `X-Forwarded-Host` entry (the one the
 * single trusted proxy set or appended, as lib/auth/client-ip.ts reads X-Forwarded-For), falling
 * back to `Host`. Without TRUST_PROXY a client-sent X-Forwarded-Host is ignored.
 */

interface HeaderSource {
  get(name: string): string | null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why this request looks cross-site, or null when it may proceed. */
export function crossSiteReason(
  request: { method: string; headers: HeaderSource },
  trustProxy: boolean,
): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const { headers } = request;
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite) {
    return fetchSite === "same-origin" || fetchSite === "none" ? null : `Sec-Fetch-Site: ${fetchSite.slice(0, 40)}`;
  }
  const origin = headers.get("origin")?.trim();
  if (!origin) return null;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return `malformed Origin: ${origin.slice(0, 100)}`;
  }
  // `new URL("null")` throws, so opaque origins were refused above.
  const ownHost = requestHost(headers, trustProxy);
  if (!ownHost) return "no Host header to compare the Origin with";
  return originHost === ownHost ? null : `Origin ${originHost.slice(0, 100)} is not ${ownHost.slice(0, 100)}`;
}

/** Throws `auth:cross_site` (403) when the request is an unsafe one sent from another site. */
export function refuseCrossSite(request: { method: string; headers: HeaderSource }, trustProxy: boolean): void {
  const reason = crossSiteReason(request, trustProxy);
  if (reason) throw new AppError("auth:cross_site", { detail: reason });
}

function requestHost(headers: HeaderSource, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = headers
      .get("x-forwarded-host")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded.toLowerCase();
  }
  return headers.get("host")?.trim().toLowerCase() || null;
}
