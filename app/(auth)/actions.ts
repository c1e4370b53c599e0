"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { clientIp } from "@/lib/auth/client-ip";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { SESSION_COOKIE, signIn, signOut } from "@/lib/auth/session";
import { publicAppUrl, SSO_ID_TOKEN_COOKIE, ssoSignOutUrl } from "@/lib/auth/sso";
import { env } from "@/lib/env";
import { failure } from "@/lib/errors";
import { requestIp, setSessionCookie } from "./auth";

const signInSchema = z.object({
  email: z.string().trim().min(1, "이메일을 입력해 주세요."),
  password: z.string().min(1, "비밀번호를 입력해 주세요."),
  next: z.string().optional(),
});

export interface SignInState {
  error?: string;
  email?: string;
}

export async function signInAction(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = signInSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message };
  const { email, password, next } = parsed.data;
  const headerList = await headers();
  try {
    const session = await signIn(email, password, {
      userAgent: headerList.get("user-agent") ?? undefined,
      ip: clientIp(headerList, env().TRUST_PROXY),
    });
    await setSessionCookie(session);
  } catch (error) {
    return { error: failure(error).message, email };
  }
  // Only a path of this app is followed (no open redirect).
  redirect(safeRedirectPath(next));
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await signOut(jar.get(SESSION_COOKIE)?.value, { ip: await requestIp() });
  jar.delete(SESSION_COOKIE);
  // Signed in through the provider: end its session too, when it offers end-session.
  const idToken = jar.get(SSO_ID_TOKEN_COOKIE)?.value;
  if (idToken === undefined) redirect("/login");
  jar.delete(SSO_ID_TOKEN_COOKIE);
  const headerList = await headers();
  const origin = `${headerList.get("x-forwarded-proto") ?? "http"}://${headerList.get("host")}`;
  const providerUrl = await ssoSignOutUrl(publicAppUrl(origin), idToken === "-" ? undefined : idToken);
  redirect(providerUrl ?? "/login");
}
