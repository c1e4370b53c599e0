import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
import { signInOptions } from "@/lib/auth/sso-settings";
import { ERROR_CATALOG } from "@/lib/errors";
import { currentUser } from "../auth";

export const metadata: Metadata = { title: "로그인" };

/** Why the last session ended (app/(auth)/auth.ts adds `?ended=` when it redirects here). */
const ENDED_NOTICE: Record<string, string> = {
  deactivated: "관리자가 계정을 비활성화하여 로그아웃되었습니다. 관리자에게 문의해 주세요.",
  password_reset: "관리자가 비밀번호를 초기화하여 로그아웃되었습니다. 새 비밀번호로 로그인해 주세요.",
  password_changed: "비밀번호가 바뀌어 로그아웃되었습니다. 새 비밀번호로 다시 로그인해 주세요.",
  idle: "오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.",
  expired: "로그인 기간이 만료되었습니다. 다시 로그인해 주세요.",
  unknown: "로그인이 종료되었습니다. 다시 로그인해 주세요.",
};

/** "회사 계정으로", "Okta로": the particle after the provider's name follows its last syllable. */
function withParticle(name: string): string {
  const code = name.charCodeAt(name.length - 1) - 0xac00;
  const batchim = code >= 0 && code < 11172 ? code % 28 : 0;
  return batchim !== 0 && batchim !== 8 ? `${name}으로` : `${name}로`;
}

/** A sign-in error sent back by the SSO routes (`?error=auth:…`), in the catalog's plain words. */
function ssoError(code: string | undefined): string | undefined {
  if (!code?.startsWith("auth:") || !Object.hasOwn(ERROR_CATALOG, code)) return undefined;
  return ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].message;
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; ended?: string; error?: string; password?: string }>;
}) {
  if (await currentUser()) redirect("/");
  const { next, ended, error, password } = await searchParams;
  const notice = ended && Object.hasOwn(ENDED_NOTICE, ended) ? ENDED_NOTICE[ended] : undefined;
  const { sso, ssoOnly } = signInOptions();
  const errorMessage = ssoError(error);
  // SSO-only mode: the form only for the break-glass admin, at /login?password=1 (the server refuses everyone else).
  const showPassword = !ssoOnly || password === "1";
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-line bg-white p-8 shadow-sm">
        <h1 className="font-serif text-2xl font-semibold text-accent">판례 리서치</h1>
        <p className="mb-6 mt-1 text-sm text-muted">판례에 근거한 법률 리서치 어시스턴트</p>
        {notice ? (
          <p
            role="status"
            data-testid="login-notice"
            className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {notice}
          </p>
        ) : null}
        {errorMessage ? (
          <p
            role="alert"
            data-testid="login-sso-error"
            className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {errorMessage}
          </p>
        ) : null}
        {sso ? (
          <a
            href={`/api/auth/sso/start${next ? `?next=${encodeURIComponent(next)}` : ""}`}
            data-testid="login-sso"
            className="block w-full rounded-md bg-accent px-3 py-2 text-center font-medium text-white outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2"
          >
            {withParticle(sso.displayName)} 로그인
          </a>
        ) : null}
        {sso && showPassword ? (
          <p className="my-4 text-center text-xs text-muted">
            {ssoOnly ? "비상용 관리자 로그인" : "또는 이메일과 비밀번호로"}
          </p>
        ) : null}
        {showPassword ? <LoginForm next={next} /> : null}
        <p className="mt-6 text-xs text-muted">계정이 없으면 소속 법인의 관리자에게 요청하세요.</p>
      </div>
    </main>
  );
}
