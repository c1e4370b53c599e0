import { type NextRequest, NextResponse } from "next/server";
import { clientIp } from "@/lib/auth/client-ip";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { completeSso, MAX_ID_TOKEN_COOKIE, publicAppUrl, SSO_ID_TOKEN_COOKIE } from "@/lib/auth/sso";
import { SSO_TRANSACTION_COOKIE } from "@/lib/auth/sso-transaction";
import { env } from "@/lib/env";
import { failure } from "@/lib/errors";
import { observeRoute } from "@/lib/util/observe-route";
import { secureCookies } from "../cookies";
import { ssoLimit } from "../limit";

export const dynamic = "force-dynamic";

/** The provider sends the user back here: the sign-in is checked and finished in lib/auth/sso.ts. */
export const GET = observeRoute("/api/auth/sso/callback", async (request: NextRequest) => {
  const appUrl = publicAppUrl(request.nextUrl.origin);
  // Per client address, for every server process together (SSO_RATE_PER_MINUTE).
  const limited = await ssoLimit(clientIp(request.headers, env().TRUST_PROXY));
  if (limited) return limited;
  const secure = secureCookies(request, appUrl);
  let response: NextResponse;
  try {
    const signedIn = await completeSso(
      {
        appUrl,
        userAgent: request.headers.get("user-agent") ?? undefined,
        ip: clientIp(request.headers, env().TRUST_PROXY),
      },
      request.nextUrl,
      request.cookies.get(SSO_TRANSACTION_COOKIE)?.value,
    );
    response = NextResponse.redirect(`${appUrl}${signedIn.next}`, 303);
    const options = { httpOnly: true, sameSite: "lax", secure, path: "/", expires: signedIn.expiresAt } as const;
    response.cookies.set(SESSION_COOKIE, signedIn.token, options);
    if (signedIn.idToken && signedIn.idToken.length <= MAX_ID_TOKEN_COOKIE) {
      response.cookies.set(SSO_ID_TOKEN_COOKIE, signedIn.idToken, options);
    } else {
      // Still an SSO session: sign-out goes to the provider, naming our client instead of the token.
      response.cookies.set(SSO_ID_TOKEN_COOKIE, "-", options);
    }
  } catch (error) {
    // Logged and audited in lib/auth/sso.ts; the sign-in page says what happened in plain words.
    response = NextResponse.redirect(`${appUrl}/login?error=${encodeURIComponent(failure(error).code)}`, 303);
  }
  response.cookies.delete({ name: SSO_TRANSACTION_COOKIE, path: "/api/auth/sso" });
  return response;
});
