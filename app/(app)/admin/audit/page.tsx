import type { Metadata } from "next";
import Link from "next/link";
import { listAuditEntries } from "@/lib/db/audit";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "변경 기록" };
export const dynamic = "force-dynamic";

const PAGE = 100;
const ACTION_LABEL: Record<string, string> = {
  "user.create": "사용자 생성",
  "user.reset_password": "비밀번호 초기화",
  "user.deactivate": "비활성화",
  "user.reactivate": "다시 활성화",
  "user.role": "역할 변경",
  "user.delete": "삭제",
};
const timeFormat = new Intl.DateTimeFormat("ko-KR", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Asia/Seoul",
});

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  await requirePageAdmin();
  const { before } = await searchParams;
  const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
  const entries = await listAuditEntries({ take: PAGE, before: beforeDate });
  const last = entries.at(-1);
  return (
    <main className="min-w-0 flex-1 p-4 sm:p-6">
      <h1 className="font-serif text-2xl font-semibold">변경 기록</h1>
      <p className="mb-4 mt-1 text-sm text-muted">사용자 관리에서 누가, 언제, 무엇을 바꾸었는지 (최신순).</p>
      {entries.length === 0 ? (
        <p className="text-sm text-muted" data-testid="audit-empty">
          아직 기록이 없습니다.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[40rem] text-sm" data-testid="audit-table">
            <thead className="bg-paper text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">일시</th>
                <th className="px-3 py-2 font-medium">관리자</th>
                <th className="px-3 py-2 font-medium">작업</th>
                <th className="px-3 py-2 font-medium">대상</th>
                <th className="px-3 py-2 font-medium">내용</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t border-line" data-testid="audit-row" data-action={e.action}>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">{timeFormat.format(e.createdAt)}</td>
                  <td className="px-3 py-2 break-all">{e.actorEmail}</td>
                  <td className="px-3 py-2">{ACTION_LABEL[e.action] ?? e.action}</td>
                  <td className="px-3 py-2 break-all">{e.target?.label ?? "-"}</td>
                  <td className="px-3 py-2">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.length === PAGE && last ? (
        <Link
          href={`/admin/audit?before=${encodeURIComponent(last.createdAt.toISOString())}`}
          className="mt-3 inline-block text-sm text-accent hover:underline"
        >
          이전 기록 더 보기
        </Link>
      ) : null}
    </main>
  );
}
