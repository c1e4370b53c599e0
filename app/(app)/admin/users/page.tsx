import type { Metadata } from "next";
import Link from "next/link";
import { UserActions } from "@/components/admin/user-actions";
import { CreateUserForm } from "@/components/create-user-form";
import { listUsers } from "@/lib/db/users";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "사용자 관리" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const me = await requirePageAdmin();
  const users = await listUsers();
  return (
    <main className="flex min-w-0 flex-1 flex-col gap-6 p-4 sm:p-6 lg:flex-row">
      <section className="min-w-0 lg:flex-1">
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <h1 className="font-serif text-2xl font-semibold">사용자</h1>
          <Link href="/admin/audit" className="text-sm text-accent hover:underline">
            변경 기록 보기
          </Link>
        </div>
        <div className="relative overflow-x-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[40rem] text-sm" data-testid="user-table">
            <thead className="bg-paper text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">이름</th>
                <th className="px-3 py-2 font-medium">이메일</th>
                <th className="px-3 py-2 font-medium">상태</th>
                <th className="px-3 py-2 font-medium">등록일</th>
                <th className="px-3 py-2 font-medium">역할 · 작업</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} className="border-t border-line align-top" data-testid="user-row" data-email={u.email}>
                  <td className="px-3 py-2">{u.name}</td>
                  <td className="px-3 py-2 break-all">{u.email}</td>
                  <td className="px-3 py-2" data-testid="user-status">
                    {u.active ? (
                      <span className="text-emerald-800">활성</span>
                    ) : (
                      <span className="rounded bg-stone-100 px-1.5 py-0.5 text-muted">비활성</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-muted">{formatKoreanDate(u.createdAt)}</td>
                  <td className="px-3 py-2">
                    <UserActions
                      user={{ id: u.id, name: u.name, email: u.email, role: u.role, active: u.active }}
                      self={u.id === me.id}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="w-full lg:w-80">
        <CreateUserForm />
      </div>
    </main>
  );
}
