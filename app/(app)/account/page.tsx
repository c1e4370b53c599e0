import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/change-password-form";
import { requirePageUser } from "../../(auth)/auth";

export const metadata: Metadata = { title: "계정" };

export default async function AccountPage() {
  const user = await requirePageUser();
  return (
    <main className="flex-1 space-y-6 p-6">
      <h1 className="font-serif text-2xl font-semibold">계정</h1>
      <dl className="grid max-w-sm grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-muted">이름</dt>
        <dd>{user.name}</dd>
        <dt className="text-muted">이메일</dt>
        <dd>{user.email}</dd>
      </dl>
      <ChangePasswordForm />
    </main>
  );
}
