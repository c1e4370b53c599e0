import type { Metadata } from "next";
import { CreateUserForm } from "@/components/create-user-form";
import { listUsers } from "@/lib/db/users";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "사용자 관리" };
export const dynamic = "force-dynamic";

const ROLE_LABEL = { admin: "관리자", lawyer: "변호사" } as const;
const dateFormat = new Intl.DateTimeFormat("ko-KR", { dateStyle: "medium", timeZone: "Asia/Seoul" });

export default async function UsersPage() {
  await requirePageAdmin();
  const users = await listUsers();
  return (
    <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row">
      <section className="flex-1">
        <h1 className="mb-4 font-serif text-2xl font-semibold">사용자</h1>
        <table
          className="w-full overflow-hidden rounded-xl border border-line bg-white text-sm"
          data-testid="user-table"
        >
          <thead className="bg-paper text-left text-muted">
            <tr>
              <th className="px-3 py-2 font-medium">이름</th>
              <th className="px-3 py-2 font-medium">이메일</th>
              <th className="px-3 py-2 font-medium">역할</th>
              <th className="px-3 py-2 font-medium">등록일</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-t border-line">
                <td className="px-3 py-2">{u.name}</td>
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2">{ROLE_LABEL[u.role]}</td>
                <td className="px-3 py-2 text-muted">{dateFormat.format(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="w-full lg:w-80">
        <CreateUserForm />
      </div>
    </main>
  );
}
