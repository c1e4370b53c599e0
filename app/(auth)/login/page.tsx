import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/login-form";
import { currentUser } from "../auth";

export const metadata: Metadata = { title: "로그인" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (await currentUser()) redirect("/");
  const { next } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-line bg-white p-8 shadow-sm">
        <h1 className="font-serif text-2xl font-semibold text-accent">판례 리서치</h1>
        <p className="mb-6 mt-1 text-sm text-muted">판례에 근거한 법률 리서치 어시스턴트</p>
        <LoginForm next={next} />
        <p className="mt-6 text-xs text-muted">계정이 없으면 소속 법인의 관리자에게 요청하세요.</p>
      </div>
    </main>
  );
}
