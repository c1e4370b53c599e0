import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { badAddressResponse, isApiPath, isDecodablePath } from "@/lib/security/bad-address";
import { createNonce, pageContentSecurityPolicy } from "@/lib/security/headers";
import { metrics } from "@/lib/util/metrics";

/** The page sections counted (panrye_page_requests_total): a bounded label, never the address. */
const SECTIONS = new Set([
  "account",
  "admin",
  "bookmarks",
  "brief",
  "chat",
  "login",
  "lookup",
  "precedents",
  "search",
  "status",
  "statutes",
]);

function sectionOf(pathname: string): string {
  const first = pathname.split("/")[1] ?? "";
  if (first === "") return "/";
  return SECTIONS.has(first) ? `/${first}` : "other";
}

/**
 * A per-request CSP nonce for every page (see lib/security/headers.ts). The CSP goes on the request
 * too: that is where Next finds the nonce to put on its scripts.
 *
 * First, an address whose %-encoding cannot be decoded is answered here with 400 in Korean (JSON
 * under /api): this runs before Next matches the dynamic routes, which would fail on it with a bare
 * 500 (lib/security/bad-address.ts).
 */
export function proxy(request: NextRequest) {
  const pathname = request.nextUrl.pathname;
  if (!isDecodablePath(pathname)) return badAddressResponse(pathname);
  // API routes are seen here only when their address holds a "%" (the matcher below): checked, let through.
  if (isApiPath(pathname)) return NextResponse.next();
  // Pages are counted here, coarsely: no status or time (the proxy does not see the response).
  metrics().pageRequests.inc({ section: sectionOf(pathname) });
  const csp = pageContentSecurityPolicy(createNonce(), { dev: env().NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Not API routes, static files or server-action calls: Next clones and buffers the body of
      // every request a proxy sees (truncated past 10 MB), which would break streamed uploads.
      // API routes and everything else get their headers from next.config.ts instead.
      source: "/((?!api(?:/|$)|_next/static|_next/image|favicon\\.ico).*)",
      missing: [{ type: "header", key: "next-action" }],
    },
    // API addresses only when they hold a "%", for the check above: a body the proxy sees is buffered,
    // and no API route that takes a body has an encoded segment.
    { source: "/api/:path(.*%.*)" },
  ],
};
