import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
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

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; ended?: string }>;
}) {
  if (await currentUser()) redirect("/");
  const { next, ended } = await searchParams;
  const notice = ended && Object.hasOwn(ENDED_NOTICE, ended) ? ENDED_NOTICE[ended] : undefined;
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
        <LoginForm next={next} />
        <p className="mt-6 text-xs text-muted">계정이 없으면 소속 법인의 관리자에게 요청하세요.</p>
      </div>
    </main>
  );
}
