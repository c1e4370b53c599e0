import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BriefReportView } from "@/components/brief/brief-report";
import { BriefReportActions } from "@/components/brief/brief-report-actions";
import { loadBriefReport } from "@/lib/brief/history";
import { toAppError } from "@/lib/errors";
import { formatKoreanDate } from "@/lib/util/korean-time";
import { requirePageUser } from "../../../(auth)/auth";

export const metadata: Metadata = { title: "저장한 서면 검증" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** A saved 서면 검증, for its owner alone: anyone else (or a deleted one) gets the 404 page. */
export default async function SavedBriefPage({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const saved = await loadBriefReport(user, id.slice(0, 64)).catch((error) => {
    if (toAppError(error).code === "brief:not_found") notFound();
    throw error;
  });
  return (
    <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 space-y-4 p-4 sm:p-6" data-testid="brief-saved-page">
      <Link href="/brief" className="text-sm text-accent underline" data-print="hide" data-testid="brief-back">
        ← 서면 검증
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-serif text-2xl font-semibold" data-testid="brief-saved-title">
            {saved.title}
          </h1>
          <p className="text-sm text-muted">
            {formatKoreanDate(saved.createdAt)} 저장{saved.matterName ? ` · 사건 폴더 ${saved.matterName}` : ""}
          </p>
        </div>
        <BriefReportActions title={saved.title} savedId={saved.id} />
      </div>
      <BriefReportView report={saved.report} />
    </main>
  );
}
