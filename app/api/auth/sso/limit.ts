import { SsoRateLimited, takeSsoRequest } from "@/lib/auth/api-rate";

/** 429 with Retry-After and a plain Korean line when the address is over its SSO limit; else undefined. */
export async function ssoLimit(ip: string): Promise<Response | undefined> {
  try {
    await takeSsoRequest(ip);
    return undefined;
  } catch (error) {
    if (!(error instanceof SsoRateLimited)) throw error;
    return new Response(error.userMessage, {
      status: 429,
      headers: { "retry-after": String(error.retryAfterSeconds), "content-type": "text/plain; charset=utf-8" },
    });
  }
}
