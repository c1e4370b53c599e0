import type { NextRequest } from "next/server";
import { env } from "@/lib/env";

/** Secure cookies when the app is reached over https (COOKIE_SECURE overrides), as for the session cookie. */
export function secureCookies(request: NextRequest, appUrl: string): boolean {
  return env().COOKIE_SECURE ?? (appUrl.startsWith("https:") || request.headers.get("x-forwarded-proto") === "https");
}
