import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilter } from "@/components/admin/audit-filter";
import { countAuditEntries, listAuditEntries } from "@/lib/db/audit";
import { AUDIT_TARGET_LABELS, actionLabel, auditQueryString, auditTime, parseAuditQuery } from "@/lib/export/audit-log";
import { requirePageAdmin } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "변경 기록" };
export const dynamic = "force-dynamic";

const PAGE = 100;

/** `before` is the last row of the previous page: its time and id ("<ISO time>_<id>"). */
function readCursor(value: unknown): { createdAt: Date; id: string } | undefined {
  if (typeof value !== "string") return undefined;
  const at = value.indexOf("_");
  const createdAt = new Date(at > 0 ? value.slice(0, at) : value);
  if (Number.isNaN(createdAt.getTime())) return undefined;
  return { createdAt, id: at > 0 ? value.slice(at + 1, at + 65) : "" };
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageAdmin();
  const params = await searchParams;
  const { query, filter } = parseAuditQuery(params);
  const before = readCursor(params.before);
  const [entries, total] = await Promise.all([
    listAuditEntries({ ...filter, before, take: PAGE }),
    countAuditEntries(filter),
  ]);
  const last = entries.at(-1);
  const filtered = auditQueryString(query) !== "";
  return (
    <main className="min-w-0 flex-1 p-4 sm:p-6">
      <h1 className="font-serif text-2xl font-semibold">변경 기록</h1>
      <p className="mb-4 mt-1 text-sm text-muted">
        관리 작업과 로그인 같은 보안 관련 일을 누가, 언제, 어디서 했는지 보여 줍니다 (최신순).
      </p>
      <AuditFilter query={query} csvHref={`/api/admin/audit/export?${auditQueryString(query)}`} />
      <p className="mb-2 text-sm text-muted" data-testid="audit-count">
        {filtered ? "조건에 맞는 기록" : "전체 기록"} {total.toLocaleString("ko-KR")}건
      </p>
      {entries.length === 0 ? (
        <p className="text-sm text-muted" data-testid="audit-empty">
          {filtered ? "조건에 맞는 기록이 없습니다." : "아직 기록이 없습니다."}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[48rem] text-sm" data-testid="audit-table">
            <thead className="bg-paper text-left text-muted">
              <tr>
                <th className="px-3 py-2 font-medium">일시</th>
                <th className="px-3 py-2 font-medium">사용자</th>
                <th className="px-3 py-2 font-medium">작업</th>
                <th className="px-3 py-2 font-medium">대상</th>
                <th className="px-3 py-2 font-medium">내용</th>
                <th className="px-3 py-2 font-medium">접속 주소</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr
                  key={e.id}
                  className="border-t border-line align-top"
                  data-testid="audit-row"
                  data-action={e.action}
                >
                  <td className="whitespace-nowrap px-3 py-2 text-muted">{auditTime(e.createdAt)}</td>
                  <td className="px-3 py-2 break-all">{e.actorEmail}</td>
                  <td className="whitespace-nowrap px-3 py-2">{actionLabel(e.action)}</td>
                  <td className="px-3 py-2 break-all">
                    {e.target ? (
                      <>
                        <span className="text-muted">{AUDIT_TARGET_LABELS[e.target.kind] ?? e.target.kind} </span>
                        {e.target.label}
                      </>
                    ) : (
                      "-"
                    )}
                  </td>
                  <td className="px-3 py-2 break-all">{e.detail}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">{e.ip ?? "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="mt-3 flex gap-4 text-sm" aria-label="기록 넘기기">
        {before ? (
          <Link href={`/admin/audit?${auditQueryString(query)}`} className="text-accent hover:underline">
            최신 기록으로
          </Link>
        ) : null}
        {entries.length === PAGE && last ? (
          <Link
            href={`/admin/audit?${auditQueryString(query, { before: `${last.createdAt.toISOString()}_${last.id}` })}`}
            className="text-accent hover:underline"
            data-testid="audit-older"
          >
            이전 기록 더 보기
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
