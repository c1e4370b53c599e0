import type { Metadata } from "next";
import Link from "next/link";
import { StatusPanel } from "@/components/status-panel";
import { getComponentStatuses } from "@/lib/ai/status";
import { listCorpora } from "@/lib/db/corpora";
import { listUsers } from "@/lib/db/users";
import { requirePageAdmin } from "../../(auth)/auth";

export const metadata: Metadata = { title: "관리" };
export const dynamic = "force-dynamic";

export default async function AdminPage() {
  // Checked again here (not only in the layout): pages and layouts render independently.
  await requirePageAdmin();
  const [statuses, users, corpora] = await Promise.all([getComponentStatuses(), listUsers(), listCorpora()]);
  const number = new Intl.NumberFormat("ko-KR");
  return (
    <main className="flex flex-1 flex-col gap-6 p-6 lg:flex-row" data-testid="admin-page">
      <section className="flex-1 space-y-4">
        <h1 className="font-serif text-2xl font-semibold">관리</h1>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-line bg-white p-4">
            <h2 className="text-sm font-semibold">사용자</h2>
            <p className="mt-2 text-3xl font-semibold" data-testid="admin-user-count">
              {users.length}
            </p>
            <p className="text-sm text-muted">관리자 {users.filter((u) => u.role === "admin").length}명</p>
          </div>
          <Link href="/admin/corpora" className="rounded-xl border border-line bg-white p-4 hover:border-accent">
            <h2 className="text-sm font-semibold">말뭉치</h2>
            <p className="mt-2 text-3xl font-semibold" data-testid="admin-corpus-count">
              {corpora.length}
            </p>
            <p className="text-sm text-muted">
              판례 {number.format(corpora.reduce((n, c) => n + c.documentCount, 0))}건 · 청크{" "}
              {number.format(corpora.reduce((n, c) => n + c.chunkCount, 0))}개
            </p>
          </Link>
        </div>
      </section>
      <div className="w-full lg:w-80">
        <StatusPanel statuses={statuses} />
      </div>
    </main>
  );
}
