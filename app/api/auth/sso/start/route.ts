import { type NextRequest, NextResponse } from "next/server";
import { clientIp } from "@/lib/auth/client-ip";
import { beginSso, publicAppUrl } from "@/lib/auth/sso";
import { SSO_TRANSACTION_COOKIE } from "@/lib/auth/sso-transaction";
import { env } from "@/lib/env";
import { logError, toAppError } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";
import { secureCookies } from "../cookies";
import { ssoLimit } from "../limit";

export const dynamic = "force-dynamic";

/** "회사 계정으로 로그인": off to the provider, with the state, nonce and PKCE verifier in a signed cookie. */
export const GET = observeRoute("/api/auth/sso/start", async (request: NextRequest) => {
  const appUrl = publicAppUrl(request.nextUrl.origin);
  // Per client address, for every server process together (SSO_RATE_PER_MINUTE).
  const limited = await ssoLimit(clientIp(request.headers, env().TRUST_PROXY));
  if (limited) return limited;
  try {
    const started = await beginSso({ appUrl }, request.nextUrl.searchParams.get("next") ?? undefined);
    const response = NextResponse.redirect(started.redirectTo, 303);
    response.cookies.set(SSO_TRANSACTION_COOKIE, started.transaction, {
      httpOnly: true,
      // Lax: sent on the provider's top-level redirect back to the callback, never on cross-site posts.
      sameSite: "lax",
      secure: secureCookies(request, appUrl),
      path: "/api/auth/sso",
      maxAge: started.maxAgeS,
    });
    return response;
  } catch (error) {
    const appError = toAppError(error);
    logError(appError);
    return NextResponse.redirect(`${appUrl}/login?error=${encodeURIComponent(appError.code)}`, 303);
  }
});
